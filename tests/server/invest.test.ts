// 余额宝: buying a plan moves available money into the interest balance (type 9 / 11) under the settings' switch and
// limits; maturity pays principal and interest (type 10) once however often and however concurrently it runs; early
// redemption returns the principal only, when allowed. The lists: real plans and virtual accounts (labelled, left out
// of the sums) in /index, trial plans only in /demo, filters and keyset pages, 403 without the menu. The report counts
// exactly the interest paid to real members.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { balances, changesOf, count, expectLedgerOk, fund, member, setSetting, transfersOf } from './finance-fixtures'
import { buyPlan, matureDue, redeemPlan } from '../../src/server/invest/plan'
import { rollupDays } from '../../src/server/report/read'
import { recomputeDays } from '../../src/server/report/recompute'
import { transfer } from '../../src/server/ledger/ledger'
import { bootstrapDemo } from '../../src/server/sim/simulator'
import { investActor } from '../../src/server/sim/invest-actor'
import { rng } from '../../src/server/sim/rng'
import { fillBenchData } from '../../src/server/bench-data'

let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

const buy = (id: number, plan: 7 | 15, amount: number, at?: Date) => t.db.tx((tx) => buyPlan(tx, 'alpha', { member_id: id, plan, amount, at }))
const DAY = 86_400_000
const interestOf = async (id: number) => Number((await t.db.query<any>(
  `select balance from ledger_accounts where owner_id = $1 and kind = 3`, [id])).rows[0].balance)

describe('buying, maturing and redeeming plans', () => {
  it('moves the principal into the interest balance and pays principal plus interest at maturity, once', async () => {
    const a = await member(t, 'iv_a')
    await fund(t, a, 100_000)
    const p7 = await buy(a, 7, 20_000, new Date(Date.now() - 8 * DAY))
    const p15 = await buy(a, 15, 30_000)
    expect(p7).toMatchObject({ principal: 20_000, interest: 100, rate: '0.50' })   // 0.50 % of 200.00
    expect(p15).toMatchObject({ principal: 30_000, interest: 360, rate: '1.20' })
    expect(await balances(t, a)).toEqual({ available: 50_000, frozen: 0 })
    expect(await interestOf(a)).toBe(50_000)
    // Only the 7-day plan is due; running the job again and again pays nothing more.
    expect(await t.db.tx((tx) => matureDue(tx))).toBe(1)
    expect(await t.db.tx((tx) => matureDue(tx))).toBe(0)
    await Promise.all([1, 2, 3].map(() => t.db.tx((tx) => matureDue(tx))))
    expect(await balances(t, a)).toEqual({ available: 70_100, frozen: 0 })
    expect(await interestOf(a)).toBe(30_000)
    expect((await changesOf(t, a)).slice(1).map(([type, amount, before, after]) => [type, amount, before, after])).toEqual([
      [9, -20_000, 100_000, 80_000], [11, -30_000, 80_000, 50_000], [10, 20_000, 50_000, 70_000], [10, 100, 70_000, 70_100],
    ])
    expect(await transfersOf(t, `I${p7.id}`)).toEqual([[9, 1, 3, 20_000], [10, 3, 1, 20_000], [10, 16, 1, 100]])
    const row = (await t.db.query<any>('select state, ended_at from invest_plans where id = $1', [p7.id])).rows[0]
    expect(row.state).toBe(2)
    expect(row.ended_at).not.toBeNull()
    await expectLedgerOk(t)
  })

  it('refuses what the settings forbid and what the balance does not cover, moving nothing', async () => {
    const a = await member(t, 'iv_b')
    await fund(t, a, 50_000)
    await expect(buy(a, 7, 9_999)).rejects.toMatchObject({ message: '转入金额不能低于 100.00 元' })
    await setSetting(t, 'invest_max', '300.00')
    await expect(buy(a, 7, 30_001)).rejects.toMatchObject({ message: '转入金额不能高于 300.00 元' })
    await setSetting(t, 'invest_max', '100000.00')
    await expect(buy(a, 15, 60_000)).rejects.toMatchObject({ code: 409, message: '余额不足，可用余额 500.00 元' })
    await expect(t.db.tx((tx) => buyPlan(tx, 'alpha', { member_id: a, plan: 30 as 7, amount: 10_000 }))).rejects.toMatchObject({ message: '期限只能是 7 天或 15 天' })
    await setSetting(t, 'invest_open', '0')
    await expect(buy(a, 7, 10_000)).rejects.toMatchObject({ code: 409, message: '余额宝暂未开放' })
    await expect(t.db.tx((tx) => buyPlan(tx, 'beta', { member_id: a, plan: 7, amount: 10_000 }))).rejects.toMatchObject({ code: 404 })
    expect(await count(t, 'invest_plans')).toBe(0)
    expect(await balances(t, a)).toEqual({ available: 50_000, frozen: 0 })
  })

  it('redeems early with the principal only when allowed, once', async () => {
    const a = await member(t, 'iv_c')
    await fund(t, a, 50_000)
    const p = await buy(a, 15, 40_000)
    await setSetting(t, 'early_redeem', '0')
    await expect(t.db.tx((tx) => redeemPlan(tx, 'alpha', p.id))).rejects.toMatchObject({ code: 409, message: '不允许提前赎回' })
    await setSetting(t, 'early_redeem', '1')
    // A matured plan is not redeemed (its interest is owed): the maturity job pays it.
    const due = await buy(a, 7, 10_000, new Date(Date.now() - 8 * DAY))
    await expect(t.db.tx((tx) => redeemPlan(tx, 'alpha', due.id))).rejects.toMatchObject({ code: 409, message: '该笔余额宝已到期，将自动转出本金与利息' })
    await expect(t.db.tx((tx) => redeemPlan(tx, 'alpha', 999_999))).rejects.toMatchObject({ code: 404, message: '余额宝记录不存在' })
    await expect(t.db.tx((tx) => redeemPlan(tx, 'beta', p.id))).rejects.toMatchObject({ code: 404 })
    expect(await t.db.tx((tx) => matureDue(tx))).toBe(1)
    await t.db.tx((tx) => redeemPlan(tx, 'alpha', p.id))
    await expect(t.db.tx((tx) => redeemPlan(tx, 'alpha', p.id))).rejects.toMatchObject({ code: 409, message: '该笔余额宝已结束' })
    expect(await balances(t, a)).toEqual({ available: 50_050, frozen: 0 })   // the matured plan's 0.50 % besides
    expect(await interestOf(a)).toBe(0)
    expect(await transfersOf(t, `I${p.id}`)).toEqual([[11, 1, 3, 40_000], [10, 3, 1, 40_000]])   // principal only
    // A redeemed plan never matures.
    await t.db.query(`update invest_plans set mature_at = now() - interval '1 day' where id = $1`, [p.id]).catch(() => undefined)
    expect(await t.db.tx((tx) => matureDue(tx))).toBe(0)
    expect((await t.db.query<any>('select state from invest_plans where id = $1', [p.id])).rows[0].state).toBe(3)
    await expectLedgerOk(t)
  })

  it('counts in the report exactly the interest paid to real members, as a recomputation from the records does', async () => {
    const real = await member(t, 'iv_r')
    const trial = await member(t, 'iv_t', { kind: 2 })
    const virtual = await member(t, 'iv_v', { kind: 1 })
    await fund(t, real, 1_000_000)
    await t.db.tx((tx) => transfer(tx, { key: 'test:iv:v', product: 'alpha', money: 1, from: { kind: 18 }, to: { kind: 1, owner: virtual }, amount: 1_000_000, type: 103 }))
    const past = new Date(Date.now() - 20 * DAY)
    for (const id of [real, trial, virtual]) {
      await buy(id, 7, 100_000, past)
      await buy(id, 15, 200_000, past)
    }
    await t.db.tx((tx) => matureDue(tx))
    const day = (d: Date) => d.toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' })
    const from = day(past)
    const to = day(new Date())
    const rolled = await rollupDays(t.db, 'alpha', from, to)
    const recomputed = await recomputeDays(t.db, 'alpha', from, to)
    expect(rolled.reduce((n, d) => n + d.interest_paid, 0)).toBe(500 + 2_400)   // real member only: 0.50 % and 1.20 %
    // Days without activity are zeros in the rollup and absent from the recomputation.
    expect(rolled.filter((d) => Object.entries(d).some(([k, v]) => k !== 'day' && v !== 0))).toEqual(recomputed)
  })
})

describe('/api/invest', () => {
  it('lists real plans and virtual accounts (labelled, not summed), filters and pages; trial plans only in /demo', async () => {
    const a = await member(t, 'iv_list')
    const v = await member(t, 'iv_virt', { kind: 1 })
    const d = await member(t, 'iv_demo', { kind: 2 })
    await fund(t, a, 100_000)
    await t.db.tx((tx) => transfer(tx, { key: 'test:iv:v2', product: 'alpha', money: 1, from: { kind: 18 }, to: { kind: 1, owner: v }, amount: 100_000, type: 103 }))
    const old = await buy(a, 7, 10_000, new Date(Date.now() - 9 * DAY))
    await buy(a, 15, 20_000)
    await buy(v, 7, 50_000)
    await buy(d, 7, 30_000)
    await t.db.tx((tx) => matureDue(tx))
    const all = await t.get('/api/invest/index', token)
    expect(all.status).toBe(200)
    expect(all.data).toMatchObject({ total: 3, total_exact: true, balance_stat: { principal: '300.00', interest_paid: '0.50' } })
    expect(all.data.types).toEqual({ plan: { 7: '7天期', 15: '15天期' }, state: { 1: '冻结中', 2: '已完成', 3: '已赎回' } })
    expect(all.data.items.map((r: any) => [r.username, r.member_kind, r.plan, r.principal, r.rate, r.interest, r.state])).toEqual([
      ['iv_virt', 1, 7, '500.00', '0.50', '2.50', 1], ['iv_list', 0, 15, '200.00', '1.20', '2.40', 1], ['iv_list', 0, 7, '100.00', '0.50', '0.50', 2],
    ])
    const done = all.data.items[2]
    expect(done.id).toBe(old.id)
    expect(done.ended_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(all.data.items[0].ended_at).toBeNull()
    expect((await t.get('/api/invest/index', token, { state: 2 })).data).toMatchObject({ total: 1, balance_stat: { principal: '100.00', interest_paid: '0.50' } })
    expect((await t.get('/api/invest/index', token, { plan: 15 })).data.total).toBe(1)
    expect((await t.get('/api/invest/index', token, { username: 'IV_LIST' })).data.total).toBe(2)
    expect((await t.get('/api/invest/index', token, { username: 'iv_demo' })).data.total).toBe(0)
    expect((await t.get('/api/invest/index', token, { start_time: '2000-01-01', end_time: '2000-01-02' })).data.total).toBe(0)
    const p1 = await t.get('/api/invest/index', token, { per_page: 2 })
    const p2 = await t.get('/api/invest/index', token, { per_page: 2, after: p1.data.cursor_next })
    expect(p2.data.items.map((r: any) => r.id)).toEqual([old.id])
    const demo = await t.get('/api/invest/demo', token)
    expect(demo.data.items.map((r: any) => [r.username, r.principal])).toEqual([['iv_demo', '300.00']])
    expect(demo.data.balance_stat).toEqual({ principal: '300.00', interest_paid: '0.00' })   // the trial members' play money
    // One kind of account at a time; the sums stay the real members'.
    expect((await t.get('/api/invest/index', token, { is_virtual: 1 })).data).toMatchObject({ total: 1, balance_stat: { principal: '0.00' } })
    expect((await t.get('/api/invest/index', token, { is_virtual: 0 })).data).toMatchObject({ total: 2, balance_stat: { principal: '300.00', interest_paid: '0.50' } })
    // No such filter there: the trial list refuses it rather than quietly answering every trial plan.
    expect((await t.get('/api/invest/demo', token, { is_virtual: 1 })).msg).toBe('不支持的字段：is_virtual')
  })

  it('answers malformed filters with the field named, 403 without the menu, and nothing of another product', async () => {
    for (const url of ['/api/invest/index', '/api/invest/demo']) {
      for (const [q, field] of [[{ plan: 30 }, '期限'], [{ plan: 10 }, '期限'], [{ state: 9 }, '状态'], [{ start_time: 'yesterday' }, '开始时间'],
        [{ per_page: 0 }, ''], [{ after: 'x' }, '']] as const) {
        const r = await t.get(url, token, q)
        expect(r.status, `${url} ${JSON.stringify(q)}`).toBe(400)
        expect(r.msg).toMatch(/[\u4e00-\u9fff]/)
        expect(r.msg).toContain(field)
      }
    }
    const kefu = await t.login('kefu')
    expect((await t.get('/api/invest/index', kefu)).status).toBe(403)
    expect((await t.get('/api/invest/demo', kefu)).status).toBe(403)
    const a = await member(t, 'iv_other')
    const d = await member(t, 'iv_other_t', { kind: 2 })
    await fund(t, a, 20_000)
    await buy(a, 7, 10_000)
    await buy(d, 7, 10_000)
    expect((await t.get('/api/invest/index', token)).data.total).toBe(1)
    expect((await t.get('/api/invest/demo', token)).data.total).toBe(1)
    await t.post('/api/product/switch', token, { pro: 'beta' })
    expect((await t.get('/api/invest/index', token)).data).toMatchObject({ total: 0, balance_stat: { principal: '0.00', interest_paid: '0.00' } })
    expect((await t.get('/api/invest/demo', token)).data.total).toBe(0)
    expect((await t.get('/api/invest/index', token, { member_id: a })).data.total).toBe(0)
  })
})

describe('the invest actor', () => {
  it('backfills plans in every state on first start and keeps buying, every invariant kept', async () => {
    await bootstrapDemo(t.db, 7, ['alpha'])
    const states = (await t.db.query<any>(`select state, count(*)::int as n from invest_plans where product = 'alpha' group by state`)).rows
    const n = (s: number) => states.find((r: any) => r.state === s)?.n ?? 0
    expect(n(1)).toBeGreaterThan(0)
    expect(n(2)).toBeGreaterThan(0)
    expect(await count(t, `invest_plans where money = 2`)).toBeGreaterThan(0)
    // Nothing due is left unpaid by the backfill, and what it paid moved exactly principal plus interest.
    expect(await count(t, `invest_plans where state = 1 and mature_at < now() - interval '1 day'`)).toBe(0)
    const before = await count(t, 'invest_plans')
    const r = rng(5)
    for (let i = 0; i < 30; i++) await t.db.tx((tx) => investActor.run({ db: tx, root: t.db, product: 'alpha', r }))
    expect(await count(t, 'invest_plans')).toBeGreaterThan(before)
    await expectLedgerOk(t)
  }, 300_000)
})

describe('bench:data invest', () => {
  it('writes plans whose money moved as the domain moves it; matured ones paid once', async () => {
    await fillBenchData(t.db, ['--members', '200', '--cards', '0', '--invest', '3000', '--only', 'members,invest', '--days', '40'], () => undefined)
    const s = (await t.db.query<any>(`select count(*)::int as n, count(*) filter (where state = 2)::int as done,
      count(*) filter (where state = 1)::int as open from invest_plans`)).rows[0]
    expect(s.n).toBe(3000)
    expect(s.done).toBeGreaterThan(0)
    expect(s.open).toBeGreaterThan(0)
    // Each member's interest balance holds exactly the principal of its plans still frozen.
    const wrong = await count(t, `members m join ledger_accounts a on a.owner_id = m.id and a.kind = 3
      where a.balance <> (select coalesce(sum(principal), 0) from invest_plans i where i.member_id = m.id and i.state = 1)`)
    expect(wrong).toBe(0)
    expect(await count(t, `invest_plans i where i.state = 2 and not exists (select 1 from ledger_transfers x where x.key = 'invest:' || i.id || ':interest')`)).toBe(0)
    // The maturity job finds nothing left to pay.
    expect(await t.db.tx((tx) => matureDue(tx))).toBe(0)
    await expectLedgerOk(t)
  }, 300_000)
})
