// The report against a recomputation from the raw records after the simulator's own activity: every actor's first
// start (registrations under agents, cards, recharges confirmed and failed, withdrawals paid and rejected, bets staked
// and settled, 余额宝 plans bought, redeemed and matured, trial and virtual play) over weeks of backfilled days, then
// gift money and manual adjustments through the API. Every figure of /api/report/index equals the recomputation, for
// the product and for every agent's team; trial and virtual money never counts; every movement is a declared one.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { bootstrapDemo } from '../../src/server/sim/simulator'
import { recomputeDays } from '../../src/server/report/recompute'
import { productDay } from '../../src/server/report/routes'
import { METRICS } from '../../src/server/report/metrics'
import { TRANSFER_DECLS } from '../../src/contract/ledger'

let t: TestApp
beforeEach(async () => { t = await makeApp() })
afterEach(async () => { await t.close() })

const cents = (v: string | number) => (typeof v === 'number' ? v : Math.round(Number(v) * 100))

describe('report after the simulator', () => {
  it('equals the recomputation from the records for the product and every team', async () => {
    await bootstrapDemo(t.db, 11, ['alpha'])
    const token = await t.login()
    const someone = (await t.db.query<any>(`select username from members where product = 'alpha' and kind = 0 and agent_id is not null limit 1`)).rows[0].username
    for (const [type, amount] of [[6, '50'], [7, '8.8'], [8, '1']] as const) {
      const r = await t.post('/api/giftmoney/create', token, { username: someone, type, amount, remark: '报表测试' })
      expect(r.code, r.msg).toBe(200)
    }
    const from = productDay(-45)
    const to = productDay()
    const agents = (await t.db.query<any>(`select id from members where product = 'alpha' and kind = 0 and is_agent`)).rows.map((a: any) => a.id)
    expect(agents.length).toBeGreaterThan(1)
    let compared = 0
    for (const agent of [undefined, ...agents]) {
      const r = await t.get('/api/report/index', token, { start_time: from, end_time: to, ...(agent ? { agent_id: agent } : {}) })
      expect(r.status).toBe(200)
      const fresh = new Map((await recomputeDays(t.db, 'alpha', from, to, agent)).map((d) => [d.day, d]))
      for (const day of r.data.items) {
        const f = fresh.get(day.date)
        for (const m of METRICS) expect(cents(day[m]), `${agent ?? 'all'} ${day.date} ${m}`).toBe(f ? f[m] : 0)
        compared += 1
      }
      if (agent === undefined) {
        const total = r.data.total
        for (const m of ['recharge_amount', 'withdraw_amount', 'bet_amount', 'payout_amount', 'interest_paid', 'gift_amount', 'manual_add', 'manual_sub'] as const) {
          expect(total[m] !== '0.00', m).toBe(true)
        }
      }
    }
    expect(compared).toBe(46 * (agents.length + 1))
    // Trial and virtual play happened, and none of it is in the figures: the product's recharges and withdrawals equal
    // the real members' confirmed card and wallet recharges (manual records are not recharges) and paid withdrawals of
    // the range, read from their own tables.
    const play = (await t.db.query<any>(`select count(*)::int as n from ledger_transfers where type = 1 and money in (1, 2)`)).rows[0]
    expect(play.n).toBeGreaterThan(0)
    const all = await t.get('/api/report/index', token, { start_time: from, end_time: to })
    const inRange = (col: string) => `(${col} at time zone 'Asia/Shanghai')::date between $1::date and $2::date`
    const own = (await t.db.query<any>(`
      select (select coalesce(sum(r.amount), 0) from recharges r join members m on m.id = r.member_id
                where r.product = 'alpha' and r.status = 1 and r.source in (0, 4) and m.kind = 0 and ${inRange('r.confirmed_at')})::bigint as recharge,
             (select coalesce(sum(w.amount), 0) from withdrawals w join members m on m.id = w.member_id
                where w.product = 'alpha' and w.status = 1 and m.kind = 0 and ${inRange('w.reviewed_at')})::bigint as withdraw`, [from, to])).rows[0]
    expect(cents(all.data.total.recharge_amount)).toBe(Number(own.recharge))
    expect(cents(all.data.total.withdraw_amount)).toBe(Number(own.withdraw))
    // Every movement the domain made is of a declared type along one of its declared legs (TRANSFER_TYPES).
    const moves = (await t.db.query<{ type: number; from_kind: number; to_kind: number }>(
      `select distinct t.type::int as type, fa.kind::int as from_kind, ta.kind::int as to_kind from ledger_transfers t
         join ledger_accounts fa on fa.id = t.from_account join ledger_accounts ta on ta.id = t.to_account`)).rows
    const declared = new Set(TRANSFER_DECLS.flatMap((d) => Object.values(d.legs).map(([f, to]) => `${d.id}:${f}:${to}`)))
    expect(moves.length).toBeGreaterThan(10)
    expect(moves.map((m) => `${m.type}:${m.from_kind}:${m.to_kind}`).filter((m) => !declared.has(m))).toEqual([])
    // The strand counters (rule 1 of src/server/report/rollups.ts) equal their recomputation from the records.
    const differ = (await t.db.query<{ what: string }>(`
      with kept as (select what, status, sum(n) as n, sum(amount) as amount, sum(fee) as fee from finance_totals where product = 'alpha' group by 1, 2),
           fresh as (select 1 as what, status, count(*) as n, sum(amount) as amount, 0 as fee from recharges where product = 'alpha' group by 2
                     union all select 2, status, count(*), sum(amount), sum(fee) from withdrawals where product = 'alpha' group by 2)
      select 'finance ' || coalesce(k.what, f.what) || '/' || coalesce(k.status, f.status) as what from kept k full join fresh f on f.what = k.what and f.status = k.status
       where (coalesce(k.n, 0), coalesce(k.amount, 0), coalesce(k.fee, 0)) <> (coalesce(f.n, 0), coalesce(f.amount, 0), coalesce(f.fee, 0))
      union all
      select 'bets ' || coalesce(k.room_id, f.room_id) || '/' || coalesce(k.status, f.status) from
        (select money, room_id, status, sum(n) as n, sum(stake) as stake, sum(payout) as payout from lottery_bet_totals where product = 'alpha' group by 1, 2, 3) k
        full join (select money, room_id, status, count(*) as n, sum(amount) as stake, sum(payout) as payout from lottery_bets where product = 'alpha' group by 1, 2, 3) f
          on f.money = k.money and f.room_id = k.room_id and f.status = k.status
       where (coalesce(k.n, 0), coalesce(k.stake, 0), coalesce(k.payout, 0)) <> (coalesce(f.n, 0), coalesce(f.stake, 0), coalesce(f.payout, 0))
      union all
      select 'slots ' || coalesce(k.money, f.money) || '/' || coalesce(k.kind, f.kind) from
        (select money, kind, sum(balance) as b from ledger_slots where product = 'alpha' and kind < 10 group by 1, 2) k
        full join (select money, kind, sum(balance) as b from ledger_accounts where product = 'alpha' and kind < 10 group by 1, 2) f on f.money = k.money and f.kind = k.kind
       where coalesce(k.b, 0) <> coalesce(f.b, 0)`)).rows
    expect(differ).toEqual([])
    const counted = (await t.db.query<{ n: number }>(`select (select count(*) from finance_totals where product = 'alpha') + (select count(*) from lottery_bet_totals where product = 'alpha') as n`)).rows[0]
    expect(Number(counted.n)).toBeGreaterThan(4)
  }, 600_000)
})
