// 余额宝 on the member site: members with money buy 7- or 15-day plans within the settings' limits and now and then
// redeem one early (when the settings allow). First start's history ends with three weeks of plans, the matured ones
// paid by the same maturity function the job runs, so the demo lists show every state.
import { readSettings } from '../settings/store'
import { buyPlan, matureDue, redeemPlan } from '../invest/plan'
import { pickRow, type SimActor, type SimContext } from './actor'
import { attempt } from './timeline'

const AMOUNTS = [100, 200, 500, 1000, 2000, 5000]

/** One purchase by a member (real or trial) holding enough, within the limits; null when nobody can. */
export async function simulateBuy(ctx: SimContext, kind: 0 | 2 = 0): Promise<{ id: number } | null> {
  const s = await readSettings(ctx.db, ctx.product, ['invest_open', 'invest_min', 'invest_max'])
  if (!s.on('invest_open')) return null
  const want = Math.min(s.cents('invest_max'), Math.max(s.cents('invest_min'), ctx.r.pick(AMOUNTS) * 100))
  const m = await pickRow<{ id: number; created_at: Date }>(ctx,
    `select m.id, m.created_at from members m join ledger_accounts a on a.product = m.product and a.money = m.kind and a.kind = 1 and a.owner_id = m.id
      where m.product = $1 and m.kind = $2 and m.status = 1 and a.balance >= $3 and m.created_at < coalesce($4::timestamptz, now())`,
    [ctx.product, kind, want, ctx.at ?? null])
  if (!m) return null
  return buyPlan(ctx.db, ctx.product, { member_id: m.id, plan: ctx.r.chance(0.6) ? 7 : 15, amount: want, at: ctx.at })
}

/** An early redemption of a frozen plan not yet matured, when allowed. */
async function simulateRedeem(ctx: SimContext): Promise<void> {
  const s = await readSettings(ctx.db, ctx.product, ['early_redeem'])
  if (!s.on('early_redeem')) return
  const p = await pickRow<{ id: string }>(ctx,
    `select id from invest_plans where product = $1 and state = 1 and mature_at > coalesce($2::timestamptz, now())`, [ctx.product, ctx.at ?? null])
  if (p) await redeemPlan(ctx.db, ctx.product, Number(p.id), ctx.at)
}

export const investActor: SimActor = {
  name: 'invest',
  every: 20,
  async run(ctx) {
    if (ctx.r.chance(0.15)) return simulateRedeem(ctx)
    await simulateBuy(ctx, ctx.r.chance(0.2) ? 2 : 0)
  },
  async history(ctx, plan) {
    // Three weeks of plans in one event at the end of the history: past plans committed one by one would be due at
    // once, and the maturity job (running meanwhile) would pay them today instead of on their day.
    plan.at(Date.now() - 60_000, async (c) => {
      for (let daysAgo = 21; daysAgo >= 1; daysAgo--) {
        const at = new Date(Date.now() - daysAgo * 86_400_000 + c.r.int(0, 20_000) * 1000)
        // Pay what matured by then, as the job would have.
        await matureDue(c.db, { product: c.product, now: at })
        for (let i = c.r.int(1, 3); i > 0; i--) await attempt(c.db, () => simulateBuy({ ...c, at }, c.r.chance(0.15) ? 2 : 0))
        if (c.r.chance(0.15)) await attempt(c.db, () => simulateRedeem({ ...c, at }))
      }
    })
  },
}
