// What the risk screens see of the member site: logins now and then (members browsing), attempts from banned values
// (refused and recorded), and on first start the demo's bans, tags (关注 · 高风险 · 黑名单 with their risk levels,
// and VIP) and the review desk's cases in the month's history.
import { one } from '../db/db'
import { addBan } from '../risk/bans'
import { createTag, setTags } from '../risk/tags'
import { daysAgo, pickRow, type SimActor, type SimContext } from './actor'
import { SIM_ADMIN } from './finance-actor'
import { bannedRegistration } from './member-actor'
import { BANNED, bannedAttempt, signIn } from './identity'
import { planCases } from './cases'

/** [name, color, risk level, exclusive group]. */
const TAGS: [string, string, number, string][] = [
  ['关注', '#faad14', 1, '风险等级'], ['高风险', '#fa541c', 2, '风险等级'], ['黑名单', '#cf1322', 3, '风险等级'], ['VIP', '#722ed1', 0, ''],
]

/** A real member signs in and looks around. */
async function browse(ctx: SimContext): Promise<void> {
  const m = await pickRow<{ id: number }>(ctx,
    `select id from members where product = $1 and kind = 0 and status = 1 and created_at < coalesce($2::timestamptz, now())`, [ctx.product, ctx.at ?? null])
  if (m) await signIn(ctx, m.id)
}

export const riskActor: SimActor = {
  name: 'risk',
  every: 40,
  async run(ctx) {
    if (ctx.r.chance(0.15)) await bannedAttempt(ctx)
    else await browse(ctx)
  },
  async bootstrap(ctx) {
    for (const by of ['ip', 'device'] as const) await addBan(ctx.db, ctx.product, { by, ...BANNED[by], admin: SIM_ADMIN })
    for (const [name, color, risk_level, exclusive] of TAGS) await createTag(ctx.db, ctx.product, { name, color, risk_level, exclusive })
  },
  async history(ctx, plan) {
    const now = Date.now()
    for (let i = 0; i < 40; i++) plan.at(daysAgo(ctx.r, ctx.r.int(0, 29), now), browse)
    for (let i = 0; i < 4; i++) plan.at(daysAgo(ctx.r, ctx.r.int(0, 25), now), bannedAttempt)
    plan.at(daysAgo(ctx.r, ctx.r.int(1, 20), now), bannedRegistration)
    // One member blacklisted a few days ago.
    plan.at(daysAgo(ctx.r, 4, now), async (c) => {
      const m = await pickRow<{ id: number }>(c, 'select id from members where product = $1 and kind = 0', [c.product])
      const t = await one<{ id: number }>(c.db, `select id from tags where product = $1 and name = '黑名单'`, [c.product])
      if (m && t) await setTags(c.db, c.product, m.id, [t.id])
    })
    await planCases(ctx, plan)
  },
}
