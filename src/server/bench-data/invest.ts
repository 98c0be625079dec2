// Benchmark 余额宝 plans (--invest N): plan rows by bulk SQL, their money through the ledger's batch exactly as the
// domain moves it (a recharge that pays for the plan, the purchase type 9/11, and for plans already matured the
// principal and the interest back as type 10, keys and refs as buyPlan and matureDue write them).
import type { Db } from '../db/db'
import { many } from '../db/db'
import { KIND, MONEY, TRANSFER } from '../../contract/ledger'
import { PLAN_TYPE } from '../../contract/invest'
import { transferBatch, type BatchLeg } from '../ledger/ledger'
import { interestOf } from '../invest/plan'
import { rng } from '../sim/rng'
import type { BenchSection } from './section'

const PER_BATCH = 5_000
const DAY_MS = 86_400_000
const RATE = { 7: 50, 15: 120 } as const

export const investSection: BenchSection = {
  name: 'invest',
  options: { invest: 0 },
  async run(db: Db, o) {
    const total = o.counts.invest
    if (!total) return
    const ids = (await many<{ id: number }>(db, 'select id from members where product = $1 and kind = 0 order by id', [o.product])).map((r) => r.id)
    if (!ids.length) throw new Error('bench:data invest needs members first')
    const r = rng(o.seed + 5)
    // At least ten batches, so the plans spread over the history (some matured, some still frozen).
    const per = Math.min(PER_BATCH, Math.ceil(total / 10))
    const batches = Math.ceil(total / per)
    o.log(`invest: ${total} plans in ${batches} batches`)
    for (let b = 0; b < batches; b++) {
      const n = Math.min(per, total - b * per)
      const at = new Date(Date.now() - o.days * DAY_MS * (1 - (b + 1) / (batches + 1)))
      const plans = Array.from({ length: n }, () => {
        const plan = r.chance(0.6) ? 7 as const : 15 as const
        const principal = r.int(1, 100) * 10_000
        return { member: ids[r.int(0, ids.length - 1)], plan, principal, interest: interestOf(principal, RATE[plan]) }
      })
      await db.tx(async (tx) => {
        const rows = await many<{ id: string; ord: number }>(tx,
          `insert into invest_plans (product, member_id, money, plan, principal, rate, interest, state, start_at, mature_at, ended_at)
           select $1, m, 0, p, c, case p when 7 then $7::numeric else $8::numeric end / 100, i,
                  case when $2::timestamptz + make_interval(days => p) <= now() then 2 else 1 end, $2,
                  $2::timestamptz + make_interval(days => p),
                  case when $2::timestamptz + make_interval(days => p) <= now() then $2::timestamptz + make_interval(days => p) end
             from unnest($3::int[], $4::int[], $5::bigint[], $6::bigint[]) with ordinality as x(m, p, c, i, ord)
            order by x.ord
           returning id`,
          [o.product, at, plans.map((p) => p.member), plans.map((p) => p.plan), plans.map((p) => p.principal), plans.map((p) => p.interest),
            RATE[7], RATE[15]])
        const legs: BatchLeg[] = []
        plans.forEach((p, i) => {
          const id = rows[i].id
          legs.push({ key: `bench:invest:${id}:fund`, from: { kind: KIND.cashIn }, to: { kind: KIND.available, owner: p.member }, amount: p.principal, type: TRANSFER.recharge, ref: `RI${id}` })
          legs.push({ key: `invest:${id}:in`, from: { kind: KIND.available, owner: p.member }, to: { kind: KIND.interest, owner: p.member }, amount: p.principal, type: PLAN_TYPE[p.plan], ref: `I${id}` })
        })
        await transferBatch(tx, o.product, MONEY.real, legs, { at })
        for (const plan of [7, 15] as const) {
          const due = at.getTime() + plan * DAY_MS
          if (due > Date.now()) continue
          const back: BatchLeg[] = []
          plans.forEach((p, i) => {
            if (p.plan !== plan) return
            const id = rows[i].id
            back.push({ key: `invest:${id}:principal`, from: { kind: KIND.interest, owner: p.member }, to: { kind: KIND.available, owner: p.member }, amount: p.principal, type: TRANSFER.investOut, ref: `I${id}` })
            if (p.interest > 0) back.push({ key: `invest:${id}:interest`, from: { kind: KIND.interestPaid }, to: { kind: KIND.available, owner: p.member }, amount: p.interest, type: TRANSFER.investOut, ref: `I${id}` })
          })
          await transferBatch(tx, o.product, MONEY.real, back, { at: new Date(due) })
        }
      })
      if (b % 10 === 9 || b === batches - 1) o.log(`  invest batch ${b + 1}/${batches}`)
    }
  },
}
