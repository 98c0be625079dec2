// 余额宝 maturity under repetition and concurrency, on PGlite and PostgreSQL: many due plans of real and trial members
// paid by several matureDue runs at once and again and again — each plan paid exactly once, in its member's money
// class, balances exact; the job's lease lets one job pay while another waits and hands over when stopped; a disabled
// member is refused; the report's interest_paid (rollups, recomputation and /api/report/index) is exactly the interest
// paid to real members.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { balances, count, expectLedgerOk, fund, member } from './finance-fixtures'
import { buyPlan, matureDue } from '../../src/server/invest/plan'
import { INVEST_LEASE, startInvestJob } from '../../src/server/invest/job'
import { registerMember } from '../../src/server/member/member-write'
import { rollupDays } from '../../src/server/report/read'
import { recomputeDays } from '../../src/server/report/recompute'

let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

const DAY = 86_400_000
const buy = (id: number, plan: 7 | 15, amount: number, at?: Date) => t.db.tx((tx) => buyPlan(tx, 'alpha', { member_id: id, plan, amount, at }))
const accounts = async (id: number) => Object.fromEntries((await t.db.query<any>(
  `select money::int as money, kind::int as kind, balance from ledger_accounts where owner_id = $1 and kind in (1, 3)`, [id])).rows
  .map((r: any) => [`${r.money}:${r.kind}`, Number(r.balance)]))
const day = (d: Date) => d.toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' })

describe('maturity run repeatedly and concurrently', () => {
  it('pays each due plan once, principal and interest, in the member\'s money class', async () => {
    const real = [await member(t, 'ivc_a'), await member(t, 'ivc_b'), await member(t, 'ivc_c')]
    const trial = await member(t, 'ivc_t', { kind: 2 })
    for (const id of real) await fund(t, id, 1_000_000)
    const trialStart = (await accounts(trial))['2:1']
    expect(trialStart).toBeGreaterThanOrEqual(100_000)
    const past = new Date(Date.now() - 16 * DAY)
    const plans: { id: number; member: number; principal: number; interest: number }[] = []
    for (let k = 0; k < 30; k++) {
      const m = real[k % 3]
      const p = await buy(m, k % 2 ? 7 : 15, 10_000 + k * 100, past)
      plans.push({ ...p, member: m })
    }
    for (const plan of [7, 15] as const) plans.push({ ...(await buy(trial, plan, 20_000, past)), member: trial })
    const open = await buy(real[0], 15, 50_000)   // not due: stays frozen
    // Five runs at once, three plans per transaction, each looping until nothing is left; then more runs find nothing.
    const paid = await Promise.all([0, 1, 2, 3, 4].map(async () => {
      let n = 0
      for (let k; (k = await t.db.tx((tx) => matureDue(tx, { limit: 3 }))) > 0;) n += k
      return n
    }))
    expect(paid.reduce((a, b) => a + b, 0)).toBe(plans.length)
    for (let i = 0; i < 3; i++) expect(await t.db.tx((tx) => matureDue(tx))).toBe(0)

    const ids = plans.map((p) => p.id)
    expect(await count(t, `invest_plans where id = any($1::bigint[]) and state = 2 and ended_at is not null`, [ids])).toBe(plans.length)
    expect((await t.db.query<any>('select state from invest_plans where id = $1', [open.id])).rows[0].state).toBe(1)
    // One purchase, one principal and one interest transfer per plan, each in the plan member's money class.
    const moves = (await t.db.query<any>(`
      select t.ref, t.type::int as type, t.money::int as money, f.kind::int as fk, o.kind::int as tk, t.amount
        from ledger_transfers t join ledger_accounts f on f.id = t.from_account join ledger_accounts o on o.id = t.to_account
       where t.ref = any($1::text[]) order by t.id`, [ids.map((id) => `I${id}`)])).rows
    for (const p of plans) {
      const money = p.member === trial ? 2 : 0
      const mine = moves.filter((x: any) => x.ref === `I${p.id}`).map((x: any) => [x.type, x.money, x.fk, x.tk, Number(x.amount)])
      expect(mine.slice(1)).toEqual([[10, money, 3, 1, p.principal], [10, money, 16, 1, p.interest]])
      expect(mine[0].slice(1)).toEqual([money, 1, 3, p.principal])
    }
    // Everyone holds its money back plus exactly its interest; only the open plan's principal is still in the interest balance.
    for (const id of real) {
      const interest = plans.filter((p) => p.member === id).reduce((n, p) => n + p.interest, 0)
      const frozen = id === real[0] ? 50_000 : 0
      expect(await accounts(id)).toEqual({ '0:1': 1_000_000 + interest - frozen, '0:3': frozen })
    }
    expect(await accounts(trial)).toEqual({ '2:1': trialStart + 100 + 240, '2:3': 0 })   // 0.50 % and 1.20 % of 200.00
    expect(await balances(t, trial)).toEqual({ available: 0, frozen: 0 })   // no real money touched
    await expectLedgerOk(t)
  })

  it('refuses a disabled member, moving nothing', async () => {
    const { id } = await registerMember(t.db, 'alpha', { username: 'ivc_off', status: 0 })
    await fund(t, id, 50_000)
    await expect(buy(id, 7, 10_000)).rejects.toMatchObject({ code: 409, message: '会员已禁用，不能转入余额宝' })
    expect(await count(t, 'invest_plans')).toBe(0)
    expect(await balances(t, id)).toEqual({ available: 50_000, frozen: 0 })
  })
})

describe('the maturity job', () => {
  it('pays while holding the lease; another job waits, and takes over once the first stops', async () => {
    const a = await member(t, 'ivj_a')
    await fund(t, a, 500_000)
    const past = new Date(Date.now() - 8 * DAY)
    const one = startInvestJob(t.db, { holder: 'job-1', tickMs: 60_000 })
    await one.tick()
    const two = startInvestJob(t.db, { holder: 'job-2', tickMs: 60_000 })
    await buy(a, 7, 10_000, past)
    await buy(a, 7, 20_000, past)
    expect(await two.tick()).toBe(0)   // job-1 holds the lease
    expect(await one.tick()).toBe(2)
    expect(await one.tick()).toBe(0)
    await buy(a, 7, 30_000, past)
    await one.stop()
    expect(await count(t, `job_leases where name = $1`, [INVEST_LEASE])).toBe(0)
    expect(await one.tick()).toBe(0)   // stopped
    expect(await two.tick()).toBe(1)
    expect((await t.db.query<any>('select holder from job_leases where name = $1', [INVEST_LEASE])).rows[0].holder).toBe('job-2')
    await two.stop()
    expect(await count(t, 'invest_plans where state = 2')).toBe(3)
    expect(await balances(t, a)).toEqual({ available: 500_000 + 50 + 100 + 150, frozen: 0 })
    await expectLedgerOk(t)
  })
})

describe('the report', () => {
  it('counts as interest_paid exactly the interest paid to real members: rollups, recomputation and /api/report/index', async () => {
    const real = [await member(t, 'ivr_a'), await member(t, 'ivr_b')]
    const trial = await member(t, 'ivr_t', { kind: 2 })
    for (const id of real) await fund(t, id, 2_000_000)
    for (let k = 0; k < 12; k++) {
      const at = new Date(Date.now() - (30 - k * 2) * DAY)
      await buy(real[k % 2], k % 3 ? 7 : 15, 12_345 + k * 1_001, at)
      if (k % 4 === 0) await buy(trial, 7, 10_000, at)
      await t.db.tx((tx) => matureDue(tx, { now: new Date(Math.min(Date.now(), at.getTime() + DAY)) }))   // paid on the day each matures
    }
    await t.db.tx((tx) => matureDue(tx))
    const paid = (await t.db.query<any>(`select coalesce(sum(interest), 0)::bigint as n, count(*)::int as plans from invest_plans
      where state = 2 and money = 0`)).rows[0]
    expect(paid.plans).toBeGreaterThan(5)
    const ledger = (await t.db.query<any>(`select coalesce(sum(t.amount), 0)::bigint as n from ledger_transfers t
      join ledger_accounts f on f.id = t.from_account where t.type = 10 and f.kind = 16 and t.money = 0`)).rows[0]
    expect(Number(ledger.n)).toBe(Number(paid.n))
    const from = day(new Date(Date.now() - 31 * DAY))
    const to = day(new Date())
    const rolled = await rollupDays(t.db, 'alpha', from, to)
    const recomputed = await recomputeDays(t.db, 'alpha', from, to)
    expect(rolled.reduce((n, d) => n + d.interest_paid, 0)).toBe(Number(paid.n))
    expect(recomputed.reduce((n, d) => n + d.interest_paid, 0)).toBe(Number(paid.n))
    // Principal coming back (also type 10) is not interest: the days with interest are the days plans matured.
    const byDay = new Map(rolled.filter((d) => d.interest_paid).map((d) => [d.day, d.interest_paid]))
    const matured = (await t.db.query<any>(`select to_char(ended_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, sum(interest)::bigint as n
      from invest_plans where state = 2 and money = 0 group by 1`)).rows
    expect(byDay).toEqual(new Map(matured.map((r: any) => [r.day, Number(r.n)])))
    const api = await t.get('/api/report/index', token, { start_time: from, end_time: to })
    expect(api.status).toBe(200)
    expect(Number(api.data.total.interest_paid) * 100).toBeCloseTo(Number(paid.n), 6)
  })
})
