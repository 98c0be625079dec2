// Benchmark money (`--changes N`: that many balance changes): sessions of a recharge, a stake, now and then a payout
// and a withdrawal request freezing a quarter, each member's session after its registration and never below zero.
import type { Db } from '../db/db'
import { KIND, TRANSFER } from '../../contract/ledger'
import type { BenchSection } from './section'
import { memberAt, rnd, SESSION } from './stage'

/** Legs a session has on average (recharge, stake, payout 45 %, freeze 20 %); a few more sessions are made than needed. */
const PER_SESSION = 2.65

export const ledgerSection: BenchSection = {
  name: 'changes',
  tables: [],
  options: { changes: 50_000 },
  async run(db: Db, o) {
    const total = o.counts.changes
    if (!total) return
    const n = o.members()
    if (!n) throw new Error('bench:data changes needs members first')
    const sessions = Math.ceil((total / PER_SESSION) * 1.05) + 20
    o.log(`changes: ${total} balance changes in about ${sessions} sessions`)
    const { available: A, frozen: F, cashIn, gaming } = KIND
    await db.query(
      `with g as (
         select g, $2::timestamptz + make_interval(secs => $3::float8 * (g - 1 + ${rnd('g', o.seed + 11)} % 1000 / 1000.0) / $4::int) as t
           from generate_series(1, $4::int) g
       ), s as (
         select g.g, greatest(g.t, bm.created_at + interval '60 seconds') as at, bm.id as m, (100 + ${rnd('g.g', o.seed + 12)} % 49901) * 100 as a,
                10 + ${rnd('g.g', o.seed + 13)} % 41 as pct, ${rnd('g.g', o.seed + 14)} % 100 < 45 as won, ${rnd('g.g', o.seed + 15)} % 100 < 20 as frz
           from g join bench_members bm on bm.n = ${memberAt('g.t', 'g.g', o.seed + 16, '$2::timestamptz', '$3', '$5')}
       ), legs as (
         select s.*, k.step from s cross join generate_series(1, 4) k(step)
          where k.step <= 2 or (k.step = 3 and s.won) or (k.step = 4 and s.frz)
          order by s.g, k.step limit $6
       )
       insert into bench_legs (at, sess, step, money, from_kind, from_owner, to_kind, to_owner, amount, type, key, ref, remark)
       select at + make_interval(secs => step * 40), ${SESSION.changes} + g, step, 0,
              (array[${cashIn}, ${A}, ${gaming}, ${A}])[step], case when step in (2, 4) then m end,
              (array[${A}, ${gaming}, ${A}, ${F}])[step], case when step <> 2 then m end,
              case step when 1 then a when 2 then a * pct / 100 when 3 then a * pct / 100 * 198 / 100 else a / 4 end,
              (array[${TRANSFER.recharge}, ${TRANSFER.bet}, ${TRANSFER.payout}, ${TRANSFER.withdraw}])[step],
              'bench:' || $1 || ':c:' || g || ':' || step, case when step = 1 then 'RC' || g else '' end, ''
         from legs`,
      [o.run, o.start, o.span, sessions, n, total])
    return total
  },
}
