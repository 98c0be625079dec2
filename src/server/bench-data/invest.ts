// Benchmark 余额宝 plans (--invest N): plan rows by INSERT … SELECT, each a session of its money as the domain moves it:
// a recharge that pays for the plan, the purchase (type 9/11), and for plans matured by now the principal and the
// interest back (type 10), keys and refs as buyPlan and matureDue write them.
import type { Db } from '../db/db'
import { one } from '../db/db'
import { KIND, TRANSFER } from '../../contract/ledger'
import type { BenchSection } from './section'
import { memberAt, rnd, SESSION } from './stage'

/** Whole-term rates in basis points (interestOf), by plan. */
const RATE = { 7: 50, 15: 120 } as const

export const investSection: BenchSection = {
  name: 'invest',
  tables: ['invest_plans'],
  options: { invest: 0 },
  async run(db: Db, o) {
    const total = o.counts.invest
    if (!total) return
    const n = o.members()
    if (!n) throw new Error('bench:data invest needs members first')
    o.log(`invest: ${total} plans`)
    const base = Number((await one<{ n: string }>(db, `select nextval('invest_plans_id_seq') - 1 as n`))!.n)
    await db.query(`select setval('invest_plans_id_seq', $1::bigint)`, [base + total])
    const s = o.seed + 60
    await db.query(
      `with g as (
         select g, $2::timestamptz + make_interval(secs => $3::float8 * (g - 1 + ${rnd('g', s)} % 1000 / 1000.0) / $4::int) as t from generate_series(1, $4::int) g
       ), p as (
         select $6::bigint + g.g as id, bm.id as m, greatest(g.t, bm.created_at + interval '60 seconds') as at,
                case when ${rnd('g.g', s + 2)} % 100 < 60 then 7 else 15 end as plan, (1 + ${rnd('g.g', s + 3)} % 100) * 10000 as principal
           from g join bench_members bm on bm.n = ${memberAt('g.t', 'g.g', s + 1, '$2::timestamptz', '$3', '$5')}
       ), q as (
         select p.*, case plan when 7 then $7::int else $8::int end as bp, p.at + make_interval(days => plan) as due from p
       )
       insert into invest_plans (id, product, member_id, money, plan, principal, rate, interest, state, start_at, mature_at, ended_at)
       select id, $1, m, 0, plan, principal, bp / 100.0, (principal * bp + 5000) / 10000, case when due <= now() then 2 else 1 end, at, due,
              case when due <= now() then due end
         from q`,
      [o.product, o.start, o.span, total, n, base, RATE[7], RATE[15]])
    const { available: A, interest: I } = KIND
    await db.query(
      `insert into bench_legs (at, sess, step, money, from_kind, from_owner, to_kind, to_owner, amount, type, key, ref, remark)
       select start_at, ${SESSION.invest} + id, 1, 0, ${KIND.cashIn}, null, ${A}, member_id, principal, ${TRANSFER.recharge},
              'bench:invest:' || id || ':fund', 'RI' || id, '' from invest_plans where id > $1 and id <= $2
       union all
       select start_at, ${SESSION.invest} + id, 2, 0, ${A}, member_id, ${I}, member_id, principal,
              case plan when 7 then ${TRANSFER.investIn7} else ${TRANSFER.investIn15} end, 'invest:' || id || ':in', 'I' || id, ''
         from invest_plans where id > $1 and id <= $2
       union all
       select ended_at, ${SESSION.invest} + id, 3, 0, ${I}, member_id, ${A}, member_id, principal, ${TRANSFER.investOut},
              'invest:' || id || ':principal', 'I' || id, '' from invest_plans where id > $1 and id <= $2 and state = 2
       union all
       select ended_at, ${SESSION.invest} + id, 4, 0, ${KIND.interestPaid}, null, ${A}, member_id, interest, ${TRANSFER.investOut},
              'invest:' || id || ':interest', 'I' || id, '' from invest_plans where id > $1 and id <= $2 and state = 2 and interest > 0`,
      [base, base + total])
    return total
  },
}
