// The simulator's lottery actor: on first start its history plays and settles a draw of each demo room on every day of
// the month and every draw of the last minutes, with members who hold money (the draw scheduler running meanwhile never
// draws one before its bets); afterwards it bets on the issues taking bets. Every bet goes through placeBet, so the
// ledger reconciles. The crowded room (标准房) gets more bets at every turn, under its payout cap per issue.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { ledgerOk, P, rows } from './lottery-fixtures'
import { memberActor } from '../../src/server/sim/member-actor'
import { lotteryActor } from '../../src/server/sim/lottery-actor'
import { rng } from '../../src/server/sim/rng'
import { backfill } from '../../src/server/sim/timeline'
import { fillRoom } from '../../src/server/lottery/draw'
import { startScheduler } from '../../src/server/lottery/scheduler'
import { verifyAudit } from '../../src/server/audit/verify'

let t: TestApp
beforeEach(async () => { t = await makeApp() })
afterEach(async () => { await t.close() })

describe('the lottery actor', () => {
  it('backfills settled draws with bets, then bets on the issues taking bets', async () => {
    const r = rng(42)
    const ctx = { root: t.db, product: P, r }
    // A server's scheduler draws every due issue it sees while the first start replays the month.
    const scheduler = startScheduler(t.db, { tickMs: 20 })
    try {
      await backfill(t.db, P, r, [memberActor, lotteryActor])
    } finally {
      await scheduler.stop()
    }
    const drawn = await rows(t, `select status, count(*)::int as n from lottery_issues where product = $1 and open_at < now() - interval '30 seconds' group by status`, [P])
    expect(drawn).toEqual([{ status: 3, n: expect.any(Number) }])
    expect(drawn[0].n).toBeGreaterThanOrEqual(80)
    // Every past day's draw was played: none was drawn by the scheduler before its bets.
    const days = await rows(t, `select count(distinct (i.open_at at time zone 'Asia/Shanghai')::date)::int as n from lottery_issues i
      where i.product = $1 and i.open_at < now() - interval '1 day' and exists (select 1 from lottery_bets b where b.issue_id = i.id)`, [P])
    expect(days[0].n).toBeGreaterThanOrEqual(20)
    const bets = await rows(t, `select money, status, count(*)::int as n from lottery_bets where product = $1 group by money, status order by money, status`, [P])
    expect(bets.every((b) => b.status === 1 || b.status === 2)).toBe(true)
    expect(bets.reduce((s, b) => s + b.n, 0)).toBeGreaterThan(50)
    // Only virtual and trial members hold money before any recharge: nobody else bet.
    expect(bets.every((b) => b.money === 1 || b.money === 2)).toBe(true)
    // Backfilled bets sit before their draw's lock time.
    expect(await rows(t, `select count(*)::int as n from lottery_bets b join lottery_issues i on i.id = b.issue_id where b.created_at >= i.lock_at`)).toEqual([{ n: 0 }])

    for (const room of await rows(t, `select id, product, interval, lock, status from lottery_rooms where product = $1`, [P])) await fillRoom(t.db, room)
    const before = (await rows(t, 'select count(*)::int as n from lottery_bets'))[0].n
    for (let i = 0; i < 10; i++) await t.db.tx((db) => lotteryActor.run({ ...ctx, db }))
    // A bet in a room at each turn, and more in the crowded 标准房 (capped on first start), all on issues taking bets.
    const open = (await rows(t, `select count(*)::int as n from lottery_bets where status = 3`))[0].n
    expect((await rows(t, 'select count(*)::int as n from lottery_bets'))[0].n).toBe(before + open)
    const crowded = await rows(t, `select r.max_payout_per_issue::int as cap, count(b.id)::int as n from lottery_rooms r
      left join lottery_bets b on b.room_id = r.id and b.status = 3 where r.product = $1 and r.code = 'BZ' group by r.id`, [P])
    expect(crowded).toEqual([{ cap: 20_000_00, n: expect.any(Number) }])
    expect(crowded[0].n).toBeGreaterThanOrEqual(10)
    expect(open).toBeGreaterThanOrEqual(crowded[0].n)
    expect(await ledgerOk(t.db)).toBe('ok')
    expect((await verifyAudit(t.db)).ok).toBe(true)
  })
})
