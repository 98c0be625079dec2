// /api/syspermission: the list (answered as `data`), create/edit/delete with their rules, permission and the log.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'

let t: TestApp
let admin: string
beforeEach(async () => {
  t = await makeApp()
  admin = await t.login()
})
afterEach(async () => { await t.close() })

const menuId = async (where: string, value: string) =>
  (await t.db.query<{ id: number }>(`select id from menus where ${where} = $1`, [value])).rows[0].id
const count = async (sql: string, params: unknown[] = []) => (await t.db.query<{ n: number }>(`select count(*)::int as n ${sql}`, params)).rows[0].n

describe('syspermission index', () => {
  it('answers data, total, per_page and current_page with the menu of each permission', async () => {
    const r = await t.get('/api/syspermission/index', admin)
    expect(r.code).toBe(200)
    expect(Object.keys(r.data).sort()).toEqual(['current_page', 'data', 'per_page', 'total'])
    expect(r.data).toMatchObject({ per_page: 15, current_page: 1, total: await count('from permissions') })
    const menu = await menuId('web_uri', '/layout/admin/menu')
    const own = await t.get('/api/syspermission/index', admin, { menu_id: menu })
    expect(own.data.data.map((p: any) => p.key)).toEqual(['C', 'R', 'U', 'D'])
    expect(own.data.data[1]).toMatchObject({ menu_id: menu, menu_label: '菜单管理', menu_path: '/layout/admin/menu', key: 'R' })
    expect(own.data.data[1].api_paths).toEqual(expect.arrayContaining(['/api/sysmenu/index', '/api/syspermission/index']))
    const reads = await t.get('/api/syspermission/index', admin, { key: 'R', per_page: 1000 })
    expect(reads.data.data.every((p: any) => p.key === 'R')).toBe(true)
    expect((await t.get('/api/syspermission/index', admin, { key: 'X' })).msg).toBe('操作类型取值无效')
  })

  it('refuses a caller without the menu', async () => {
    const kefu = await t.login('kefu')
    expect((await t.get('/api/syspermission/index', kefu)).status).toBe(403)
    expect((await t.post('/api/syspermission/create', kefu, { menu_id: 1, key: 'C', name: 'x', api_paths: [] })).status).toBe(403)
    expect((await t.post('/api/syspermission/delete', kefu, { ids: [1] })).status).toBe(403)
  })
})

describe('syspermission create / edit / delete', () => {
  const create = async (over: Record<string, unknown> = {}) => t.post('/api/syspermission/create', admin, {
    menu_id: await menuId('web_uri', '/layout/home'), key: 'U', name: '首页-修改', api_paths: ['/api/home/edit', '/api/home/edit'], ...over,
  })

  it('creates a permission granted to no role yet, and logs it', async () => {
    const r = await create()
    expect(r.code).toBe(200)
    expect(r.data).toMatchObject({ key: 'U', name: '首页-修改', menu_path: '/layout/home', api_paths: ['/api/home/edit'] })
    expect(await count('from role_permissions where permission_id = $1', [r.data.id])).toBe(0)
    const [log] = await opRows(t, '/api/syspermission/create')
    expect(log).toMatchObject({ admin_name: 'admin', action: 'C', target_ids: [String(r.data.id)] })
    expect(log.after.name).toBe('首页-修改')
  })

  it('answers 400 naming the field, 404 for an unknown menu, 409 for a key in use, and writes nothing', async () => {
    const before = await count('from permissions')
    const dir = await menuId('label', '系统管理')
    for (const [over, status, msg] of [
      [{ key: undefined }, 400, '操作类型不能为空'],
      [{ key: 'X' }, 400, '操作类型取值无效'],
      [{ name: '' }, 400, '权限名称不能为空'],
      [{ name: 'x'.repeat(65) }, 400, '权限名称长度不能超过 64 个字符'],
      [{ api_paths: ['/member/x'] }, 400, '接口路径格式不正确'],
      [{ api_paths: Array.from({ length: 51 }, (_, i) => `/api/x/${i}`) }, 400, '接口路径最多 50 项'],
      [{ menu_id: 'x' }, 400, '菜单格式不正确'],
      [{ menu_id: dir }, 400, '只能为页面菜单设置权限（目录没有路径）'],
      [{ menu_id: 999999 }, 404, '菜单不存在'],
      [{ menu_id: await menuId('web_uri', '/layout/admin/menu'), key: 'R' }, 409, '该菜单已有此操作类型的权限'],
    ] as const) {
      const r = await create(over)
      expect({ status: r.status, msg: r.msg }).toEqual({ status, msg })
    }
    expect(await count('from permissions')).toBe(before)
    expect(await opRows(t, '/api/syspermission/create')).toHaveLength(0)
  })

  it('edits a permission and logs before and after', async () => {
    const p = (await create()).data
    const r = await t.post('/api/syspermission/edit', admin, { id: p.id, menu_id: p.menu_id, key: 'D', name: '首页-删除', api_paths: [] })
    expect(r.data).toMatchObject({ id: p.id, key: 'D', name: '首页-删除', api_paths: [] })
    const [log] = await opRows(t, '/api/syspermission/edit')
    expect(log).toMatchObject({ action: 'U', target_ids: [String(p.id)] })
    expect([log.before.key, log.after.key]).toEqual(['U', 'D'])
    expect((await t.post('/api/syspermission/edit', admin, { id: 999999, menu_id: p.menu_id, key: 'C', name: 'x', api_paths: [] })).status).toBe(404)
  })

  it('keeps a moved permission only for roles that hold its new menu', async () => {
    const p = (await create()).data
    const [finance, support] = await Promise.all(['财务', '客服'].map(async (n) =>
      (await t.db.query<{ id: number }>('select id from roles where name = $1', [n])).rows[0].id))
    await t.db.query('insert into role_permissions values ($1, $3), ($2, $3)', [finance, support, p.id])
    const target = (await t.post('/api/sysmenu/create', admin, { parent_id: null, label: '新页', web_uri: '/layout/newpage' })).data.id
    await t.db.query('insert into role_menus values ($1, $2)', [finance, target])
    const r = await t.post('/api/syspermission/edit', admin, { id: p.id, menu_id: target, key: 'R', name: '新页-查看', api_paths: [] })
    expect(r.code).toBe(200)
    const holders = (await t.db.query<{ role_id: number }>('select role_id from role_permissions where permission_id = $1', [p.id])).rows
    expect(holders.map((h) => h.role_id)).toEqual([finance])
  })

  it('deletes permissions with their grants, all or nothing, and logs them', async () => {
    const a = (await create()).data
    const b = (await create({ key: 'D', name: '首页-删除' })).data
    expect((await t.post('/api/syspermission/delete', admin, { ids: [a.id, 999999] })).status).toBe(404)
    expect(await count('from permissions where id = any($1::int[])', [[a.id, b.id]])).toBe(2)
    const role = (await t.db.query<{ id: number }>(`select id from roles where name = '客服'`)).rows[0].id
    await t.db.query('insert into role_permissions values ($1, $2)', [role, a.id])
    const r = await t.post('/api/syspermission/delete', admin, { ids: [a.id, b.id] })
    expect(r.code).toBe(200)
    expect(await count('from permissions where id = any($1::int[])', [[a.id, b.id]])).toBe(0)
    expect(await count('from role_permissions where permission_id = $1', [a.id])).toBe(0)
    const [log] = await opRows(t, '/api/syspermission/delete')
    expect(log).toMatchObject({ action: 'D', target_ids: [String(a.id), String(b.id)] })
    expect(log.before.map((p: any) => p.key)).toEqual(['U', 'D'])
  })
})
