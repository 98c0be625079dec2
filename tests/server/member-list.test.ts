// 会员列表's reading side: keyset pages by cursor across several pages, every filter against a recomputation, balance
// sums over the filtered set, the rollup total, the OFFSET limit, and username suggestions.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { credit, freeze, invest, makeAgent, member, P } from './member-fixtures'
import { registerMember } from '../../src/server/member/member-write'
import { centsText } from '../../src/contract/money'

const URL = '/api/member'
let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

interface Model { id: number; username: string; real_name: string; phone: string; level_id: number | null; agent_id: number | null
  is_agent: boolean; status: number; day: number; balance: number; frozen: number; interest: number }

/** 32 members over January 2024 with names, phones, levels, an agent, statuses and balances that filters can tell apart. */
async function population(): Promise<Model[]> {
  const levels = (await t.db.query<any>('select id from member_levels where product = $1 order by level', [P])).rows.map((r) => r.id as number)
  const out: Model[] = []
  let agent: number | null = null
  for (let i = 1; i <= 32; i++) {
    const day = ((i - 1) % 28) + 1
    const m: Model = {
      id: 0, username: i === 31 ? 'ab_c31' : i === 32 ? 'abxc32' : `m${String(i).padStart(2, '0')}`, real_name: i % 5 === 0 ? '张三' : `名${i}`,
      phone: `138000${String(i).padStart(5, '0')}`, level_id: i % 3 === 0 ? levels[2] : levels[0], agent_id: i > 1 && i <= 10 ? agent : null,
      is_agent: i === 1, status: i % 4 === 0 ? 0 : 1, day, balance: i % 2 ? i * 101 : 0, frozen: i % 7 === 0 ? 50 : 0,
      interest: i % 5 === 0 ? 30 * i : 0,
    }
    m.id = await member(t, m.username, {
      real_name: m.real_name, phone: m.phone, level_id: m.level_id, agent_id: m.agent_id, status: m.status,
      at: new Date(`2024-01-${String(day).padStart(2, '0')}T12:00:00+08:00`),
    })
    if (i === 1) { await makeAgent(t, m.id); agent = m.id }
    if (m.frozen) { await credit(t, m.id, m.frozen); await freeze(t, m.id, m.frozen) }
    if (m.interest) { await credit(t, m.id, m.interest); await invest(t, m.id, m.interest) }
    if (m.balance) await credit(t, m.id, m.balance)
    out.push(m)
  }
  return out.sort((a, b) => b.id - a.id)
}

const ids = (r: any) => r.data.items.map((m: any) => m.id)
const byTime = (ms: Model[]) => [...ms].sort((a, b) => b.day - a.day || b.id - a.id)
const stat = (ms: Model[]) => ({
  balance: centsText(ms.reduce((s, m) => s + m.balance, 0)), frozen: centsText(ms.reduce((s, m) => s + m.frozen, 0)),
  interest_balance: centsText(ms.reduce((s, m) => s + m.interest, 0)),
})

describe('keyset paging', () => {
  it('walks next and previous pages by cursor without overlap or gaps, masking phones', async () => {
    const all = await population()
    // Trial members and virtual accounts are never in the list, its total or its sums.
    await registerMember(t.db, P, { username: 'trial_x', kind: 2 })
    await registerMember(t.db, P, { username: 'virt_x', kind: 1 })
    const first = await t.get(`${URL}/index`, token)
    expect(first.data).toMatchObject({ total: 32, total_exact: true, per_page: 10, current_page: 1, cursor_prev: null, img_url: expect.any(String) })
    expect(first.data.balance_stat).toEqual(stat(all))
    expect(first.data.items[0]).toMatchObject({ id: all[0].id, username: 'abxc32', phone: '138****0032', balance: '0.00', frozen: '0.00' })
    const pages = [first]
    while (pages[pages.length - 1].data.cursor_next !== null) {
      const prev = pages[pages.length - 1]
      pages.push(await t.get(`${URL}/index`, token, { after: prev.data.cursor_next, page: prev.data.current_page + 1 }))
    }
    expect(pages.map((p) => p.data.items.length)).toEqual([10, 10, 10, 2])
    expect(pages.flatMap(ids)).toEqual(all.map((m) => m.id))
    for (const p of pages.slice(1)) expect(p.data).toMatchObject({ total: 32, balance_stat: stat(all) })
    // Back from the last page to the first by `before`.
    let back = pages[3]
    for (const want of [pages[2], pages[1], pages[0]]) {
      back = await t.get(`${URL}/index`, token, { before: back.data.cursor_prev })
      expect(ids(back)).toEqual(ids(want))
    }
    expect(back.data.cursor_prev).toBeNull()
    expect(back.data.cursor_next).toBe(pages[0].data.cursor_next)
    // A page by number (bounded OFFSET) is the same page.
    expect(ids(await t.get(`${URL}/index`, token, { page: 3 }))).toEqual(ids(pages[2]))
    for (const m of pages.flatMap((p) => p.data.items)) expect(m.phone).toMatch(/^138\*{4}\d{4}$/)
  })

  it('refuses a page number beyond the OFFSET limit with a clear message, and a page size beyond 1000', async () => {
    await member(t, 'only1')
    const deep = await t.get(`${URL}/index`, token, { page: 1002 })
    expect([deep.status, deep.msg]).toEqual([400, '页码过深：直接跳页最多到第 1001 页，请逐页翻动或用筛选条件缩小范围'])
    expect((await t.get(`${URL}/index`, token, { page: 1001 })).data.items).toEqual([])
    expect((await t.get(`${URL}/index`, token, { page: 11, per_page: 1000 })).status).toBe(200)
    expect((await t.get(`${URL}/index`, token, { page: 12, per_page: 1000 })).status).toBe(400)
    expect((await t.get(`${URL}/index`, token, { per_page: 1001 })).msg).toBe('每页条数不能大于 1000')
    // Cursors go as deep as they like.
    expect((await t.get(`${URL}/index`, token, { page: 5000, after: 2147483 })).status).toBe(200)
  })

  it('takes the unfiltered total from the member_counts rollup and filtered totals from the rows', async () => {
    await member(t, 'count1')
    await member(t, 'count2')
    expect((await t.get(`${URL}/index`, token)).data.total).toBe(2)
    // The rollup is what the unfiltered list reads (exact at any size without counting rows).
    await t.db.query('update member_counts set n = n + 1000 where product = $1 and kind = 0', [P])
    expect((await t.get(`${URL}/index`, token)).data).toMatchObject({ total: 1002, total_exact: true })
    expect((await t.get(`${URL}/index`, token, { username: 'count' })).data.total).toBe(2)
  })
})

describe('keyset paging by register time', () => {
  it('pages a register-time range by (time, id) both ways, and past a cursor row deleted meanwhile', async () => {
    const all = await population()
    const want = byTime(all.filter((m) => m.day <= 10))
    // Days wrap (members 29–32 registered on days 1–4), so this order is not the id order.
    expect(want.map((m) => m.id)).not.toEqual([...want].sort((a, b) => b.id - a.id).map((m) => m.id))
    const q = { start_time: '2024-01-01', end_time: '2024-01-10', per_page: 3 }
    const pages = [await t.get(`${URL}/index`, token, q)]
    while (pages[pages.length - 1].data.cursor_next !== null) {
      pages.push(await t.get(`${URL}/index`, token, { ...q, after: pages[pages.length - 1].data.cursor_next }))
    }
    expect(pages.flatMap(ids)).toEqual(want.map((m) => m.id))
    expect(pages[0].data.total).toBe(want.length)
    let back = pages[pages.length - 1]
    for (const page of pages.slice(0, -1).reverse()) {
      back = await t.get(`${URL}/index`, token, { ...q, before: back.data.cursor_prev })
      expect(ids(back)).toEqual(ids(page))
    }
    expect(back.data.cursor_prev).toBeNull()
    // The row a cursor points at (m08, no money, no members below) is deleted: the next page still starts right
    // after where it stood.
    const cursor = pages[0].data.cursor_next
    expect(cursor).toBe(all.find((m) => m.username === 'm08')!.id)
    expect((await t.post(`${URL}/delete`, token, { ids: [cursor] })).code).toBe(200)
    const next = await t.get(`${URL}/index`, token, { ...q, after: cursor })
    expect(ids(next)).toEqual(ids(pages[1]))
  })
})

describe('filters', () => {
  it('narrows by each filter and sums balances over the filtered set, not the page', async () => {
    const all = await population()
    const agent = all.find((m) => m.is_agent)!
    const gold = all.find((m) => m.username === 'm03')!.level_id
    const cases: [Record<string, unknown>, (m: Model) => boolean][] = [
      [{ id: all[5].id }, (m) => m.id === all[5].id],
      [{ username: 'M1' }, (m) => m.username.startsWith('m1')],
      [{ username: 'ab_' }, (m) => m.username === 'ab_c31'],
      [{ username: 'ab%' }, () => false],
      [{ real_name: '张三' }, (m) => m.real_name === '张三'],
      [{ phone: '13800000017' }, (m) => m.phone === '13800000017'],
      [{ level_id: gold }, (m) => m.level_id === gold],
      [{ agent_id: agent.id }, (m) => m.agent_id === agent.id],
      [{ is_agent: 1 }, (m) => m.is_agent],
      [{ is_agent: 0 }, (m) => !m.is_agent],
      [{ status: 0 }, (m) => m.status === 0],
      [{ status: 1 }, (m) => m.status === 1],
      [{ start_time: '2024-01-05', end_time: '2024-01-09' }, (m) => m.day >= 5 && m.day <= 9],
      [{ start_time: '2024-01-20 00:00:00' }, (m) => m.day >= 20],
      [{ end_time: '2024-01-03 12:00' }, (m) => m.day <= 3],
      [{ end_time: '2024-01-03 11:59' }, (m) => m.day <= 2],
      [{ balance_min: '5.05', balance_max: '15.15' }, (m) => m.balance >= 505 && m.balance <= 1515],
      [{ balance_min: '0.01' }, (m) => m.balance > 0],
      [{ balance_max: '0' }, (m) => m.balance === 0],
      // Bounds beside a power of ten of cents (the accounts' band changes there, migration 034).
      [{ balance_min: '9.99', balance_max: '11.11' }, (m) => m.balance >= 999 && m.balance <= 1111],
      [{ balance_min: '10' }, (m) => m.balance >= 1000],
      [{ balance_max: '9.99' }, (m) => m.balance <= 999],
      [{ status: 1, level_id: gold, balance_min: '1' }, (m) => m.status === 1 && m.level_id === gold && m.balance >= 100],
    ]
    for (const [q, keep] of cases) {
      // A register-time filter orders by (register time, id), the order of the index that answers it.
      const want = 'start_time' in q || 'end_time' in q ? byTime(all.filter(keep)) : all.filter(keep)
      const r = await t.get(`${URL}/index`, token, { ...q, per_page: 3 })
      expect(r.status, JSON.stringify(q)).toBe(200)
      expect(r.data.total, JSON.stringify(q)).toBe(want.length)
      expect(r.data.total_exact).toBe(true)
      expect(ids(r), JSON.stringify(q)).toEqual(want.slice(0, 3).map((m) => m.id))
      expect(r.data.balance_stat, JSON.stringify(q)).toEqual(stat(want))
    }
    // A filtered list pages by cursor too, and its sums agree with a recomputation in SQL.
    const seen: number[] = []
    let cursor: number | undefined
    for (;;) {
      const r = await t.get(`${URL}/index`, token, { status: 1, per_page: 4, ...(cursor ? { after: cursor } : {}) })
      seen.push(...ids(r))
      if (r.data.cursor_next === null) break
      cursor = r.data.cursor_next
    }
    expect(seen).toEqual(all.filter((m) => m.status === 1).map((m) => m.id))
    const sql = (await t.db.query<any>(
      `select coalesce(sum(a.balance), 0)::bigint as b from members m join ledger_accounts a on a.owner_id = m.id and a.kind = 1
        where m.product = $1 and m.kind = 0 and m.status = 1`, [P])).rows[0].b
    expect((await t.get(`${URL}/index`, token, { status: 1 })).data.balance_stat.balance).toBe(centsText(sql))
  })

  it('refuses malformed filters naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ balance_min: 'abc' }, '最低余额格式不正确'],
      [{ balance_max: '1.234' }, '最高余额格式不正确'],
      [{ start_time: '2024-02-30' }, '开始时间格式不正确'],
      [{ start_time: '2024/01/01' }, '注册开始时间格式不正确'],
      [{ start_time: '2024-01-10', end_time: '2024-01-01' }, '开始时间不能晚于结束时间'],
      [{ status: 3 }, '状态不能大于 1'],
      [{ is_agent: 'x' }, '是否代理格式不正确'],
      [{ level_id: 0 }, '会员等级不能小于 1'],
      [{ page: 0 }, '页码不能小于 1'],
    ]
    for (const [q, msg] of cases) {
      const r = await t.get(`${URL}/index`, token, q)
      expect([r.status, r.msg], JSON.stringify(q)).toEqual([400, msg])
    }
  })
})

describe('suggest', () => {
  it('answers at most 10 real members of this product by username prefix, with balances', async () => {
    for (let i = 12; i >= 1; i--) await member(t, `sug${String(i).padStart(2, '0')}`, { nickname: `昵${i}`, real_name: `名${i}` })
    const one = (await t.db.query<any>(`select id from members where username = 'sug03'`)).rows[0].id
    await credit(t, one, 12_345)
    await t.db.query(`update members set status = 0 where id = $1`, [one])
    await member(t, 'sugbeta', {}, 'beta')
    await registerMember(t.db, P, { username: 'sugtrial', kind: 2 })
    await registerMember(t.db, P, { username: 'sugvirt', kind: 1 })
    await member(t, 'other')
    const r = await t.post(`${URL}/suggest`, token, { username: 'SUG' })
    expect(r.data.map((m: any) => m.username)).toEqual(Array.from({ length: 10 }, (_, i) => `sug${String(i + 1).padStart(2, '0')}`))
    expect(r.data[2]).toEqual({ id: one, username: 'sug03', nickname: '昵3', real_name: '名3', balance: '123.45', status: 0 })
    expect((await t.post(`${URL}/suggest`, token, { username: 'sug1' })).data.map((m: any) => m.username)).toEqual(['sug10', 'sug11', 'sug12'])
    expect((await t.post(`${URL}/suggest`, token, { username: 'sug_' })).data).toEqual([])
    expect((await t.post(`${URL}/suggest`, token, { username: 'x'.repeat(17) })).msg).toBe('用户名长度不能超过 16 个字符')
  })
})
