// 操作日志: the current product's rows newest first, the filters, and a row's detail (itself a logged read).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'

const URL = '/api/operation'
let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

async function addRow(r: { product: string; admin: string; action: string; path: string; at: string; before?: unknown; after?: unknown }) {
  const row = await t.db.query<any>(
    `insert into operation_logs (admin_id, admin_name, product, action, path, target_ids, before, after, ip, user_agent, created_at)
     values (null, $1, $2, $3, $4, '{7}', $5, $6, '10.0.0.1', 'test', $7::timestamptz) returning id`,
    [r.admin, r.product, r.action, r.path, JSON.stringify(r.before ?? null), JSON.stringify(r.after ?? null), r.at])
  return Number(row.rows[0].id)
}

describe('list', () => {
  it('lists the current product’s rows newest first, login rows included, 15 a page', async () => {
    for (let i = 0; i < 16; i++) await t.post('/api/syswhitelist/create', token, { ip: `10.0.0.${i + 1}` })
    await addRow({ product: 'beta', admin: 'someone', action: 'U', path: '/api/beta/only', at: '2024-01-01 00:00:00+08' })
    const r = await t.get(`${URL}/index`, token)
    expect(r.data).toMatchObject({ total: 17, per_page: 15, current_page: 1 })
    const ids = r.data.items.map((i: any) => i.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(r.data.items[0]).toMatchObject({ admin_name: 'admin', product: 'alpha', action: 'C', path: '/api/syswhitelist/create', ip: '127.0.0.1' })
    expect(r.data.items[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(typeof r.data.items[0].target_ids[0]).toBe('string')
    expect(r.data.items[0]).not.toHaveProperty('before')
    const last = await t.get(`${URL}/index`, token, { page: 2 })
    expect(last.data.items.map((i: any) => i.path)).toEqual(['/api/syswhitelist/create', '/api/login'])
    expect(last.data.items.some((i: any) => i.product !== 'alpha')).toBe(false)
  })

  it('shows another product’s rows only after switching to it', async () => {
    await addRow({ product: 'beta', admin: 'someone', action: 'U', path: '/api/beta/only', at: '2024-01-01 00:00:00+08' })
    expect((await t.get(`${URL}/index`, token, { path: '/api/beta' })).data.total).toBe(0)
    await t.post('/api/product/switch', token, { pro: 'beta' })
    const r = await t.get(`${URL}/index`, token, { path: '/api/beta' })
    expect(r.data.items.map((i: any) => i.admin_name)).toEqual(['someone'])
  })

  it('filters by admin, action, path and time (product time zone; a bare end date covers that whole day)', async () => {
    await addRow({ product: 'alpha', admin: 'Zhang_San', action: 'U', path: '/api/member/edit', at: '2024-03-01 09:00:00+08' })
    await addRow({ product: 'alpha', admin: 'li_si', action: 'D', path: '/api/member/delete', at: '2024-03-01 23:30:00+08' })
    await addRow({ product: 'alpha', admin: 'zhang_wu', action: 'D', path: '/api/room/delete', at: '2024-03-02 00:10:00+08' })
    const paths = async (q: Record<string, unknown>) => (await t.get(`${URL}/index`, token, q)).data.items.map((i: any) => i.path)
    expect(await paths({ admin: 'ZHANG' })).toEqual(['/api/room/delete', '/api/member/edit'])
    expect(await paths({ action: 'D' })).toEqual(['/api/room/delete', '/api/member/delete'])
    expect(await paths({ path: 'member/' })).toEqual(['/api/member/delete', '/api/member/edit'])
    expect(await paths({ start_time: '2024-03-01', end_time: '2024-03-01' })).toEqual(['/api/member/delete', '/api/member/edit'])
    expect(await paths({ start_time: '2024-03-01 09:00:01', end_time: '2024-03-02 00:10:00' })).toEqual(['/api/room/delete', '/api/member/delete'])
    expect(await paths({ start_time: '2024-03-01 23:00', end_time: '2024-03-01 23:59' })).toEqual(['/api/member/delete'])
    expect(await paths({ admin: 'zhang', action: 'U', path: 'member', start_time: '2024-03-01' })).toEqual(['/api/member/edit'])
    const r = await t.get(`${URL}/index`, token, { action: 'D', per_page: 1 })
    expect(r.data).toMatchObject({ total: 2, per_page: 1 })
  })

  it('refuses malformed filters with the field named', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ action: 'X' }, '操作类型格式不正确'],
      [{ start_time: 'yesterday' }, '开始时间格式不正确'],
      [{ end_time: '2024-13' }, '结束时间格式不正确'],
      [{ start_time: '2024-02-30' }, '开始时间格式不正确'],
      [{ end_time: '2024-13-45 25:61:99' }, '结束时间格式不正确'],
      [{ end_time: '2024-01-01 24:00' }, '结束时间格式不正确'],
      [{ page: 0 }, '页码不能小于 1'],
      [{ per_page: 'many' }, '每页条数格式不正确'],
      [{ admin: 'x'.repeat(65) }, '管理员长度不能超过 64 个字符'],
    ]
    for (const [q, msg] of cases) {
      const r = await t.get(`${URL}/index`, token, q)
      expect([r.status, r.msg], JSON.stringify(q)).toEqual([400, msg])
    }
  })

  it('refuses a caller without the menu (403)', async () => {
    const kefu = await t.login('kefu')
    expect((await t.get(`${URL}/index`, kefu)).status).toBe(403)
    expect((await t.get(`${URL}/show`, kefu, { id: 1 })).status).toBe(403)
  })
})

describe('detail', () => {
  it('shows before and after, and logs the read itself', async () => {
    const id = await addRow({ product: 'alpha', admin: 'x', action: 'U', path: '/api/member/edit', at: '2024-03-01 09:00:00+08', before: { a: 1 }, after: { a: 2 } })
    const r = await t.get(`${URL}/show`, token, { id })
    expect(r.data).toMatchObject({ id, admin_name: 'x', action: 'U', path: '/api/member/edit', target_ids: ['7'], before: { a: 1 }, after: { a: 2 }, created_at: '2024-03-01 09:00:00' })
    const [row] = await opRows(t, `${URL}/show`)
    expect(row).toMatchObject({ admin_name: 'admin', product: 'alpha', action: 'R', target_ids: [String(id)] })
  })

  it('answers an edit’s changed fields only, from what the row stored; no diff for a row that is no edit', async () => {
    const created = (await t.post('/api/syswhitelist/create', token, { ip: '10.7.0.1', remark: '办公室' })).data
    expect((await t.post('/api/syswhitelist/edit', token, { id: created.id, ip: '10.7.0.2', remark: '办公室' })).code).toBe(200)
    const [edit] = await opRows(t, '/api/syswhitelist/edit')
    const r = await t.get(`${URL}/show`, token, { id: Number(edit.id) })
    expect(r.data.diff).toEqual([{ field: 'ip', before: '10.7.0.1', after: '10.7.0.2' }])
    const [create] = await opRows(t, '/api/syswhitelist/create')
    expect((await t.get(`${URL}/show`, token, { id: Number(create.id) })).data.diff).toBeNull()
    // Nested fields by path, bulk rows paired by id, a field gone reads as null, key order does not matter.
    const id = await addRow({
      product: 'alpha', admin: 'x', action: 'U', path: '/api/x', at: '2024-03-01 09:00:00+08',
      before: { a: { b: 1, c: 2 }, rows: [{ id: 1, n: 'x' }, { id: 2, n: 'y' }], gone: 5, same: { p: 1, q: 2 } },
      after: { a: { b: 1, c: 3 }, rows: [{ id: 2, n: 'z' }, { id: 1, n: 'x' }], same: { q: 2, p: 1 } },
    })
    // (jsonb keeps keys in its own order, so the fields are compared as a set.)
    const diff = (await t.get(`${URL}/show`, token, { id })).data.diff as { field: string }[]
    expect([...diff].sort((x, y) => x.field.localeCompare(y.field))).toEqual([
      { field: 'a.c', before: 2, after: 3 }, { field: 'gone', before: 5, after: null }, { field: 'rows[id=2].n', before: 'y', after: 'z' },
    ])
  })

  it('answers 404 for another product’s row or an unknown id, and 400 for a malformed id', async () => {
    const beta = await addRow({ product: 'beta', admin: 'x', action: 'U', path: '/api/x', at: '2024-03-01 09:00:00+08' })
    expect((await t.get(`${URL}/show`, token, { id: beta })).status).toBe(404)
    expect((await t.get(`${URL}/show`, token, { id: 999999 })).status).toBe(404)
    const bad = await t.get(`${URL}/show`, token, { id: 'abc' })
    expect([bad.status, bad.msg]).toEqual([400, 'ID格式不正确'])
    expect((await t.get(`${URL}/show`, token)).msg).toBe('ID不能为空')
    expect(await opRows(t, `${URL}/show`)).toHaveLength(0)
  })
})
