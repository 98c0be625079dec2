// The member site's money: members ask to recharge (bank card or wallet, some through a merchant) and to withdraw
// within the settings' limits, so pending work keeps arriving; orders left unpaid for a day expire. On first start
// each demo product gets two merchants with quota and a confirmed history, so demo members hold balances.
import { many, one } from '../db/db'
import { readSettings } from '../settings/store'
import { decideRecharge, requestRecharge } from '../finance/recharge-rules'
import { decideWithdraw, requestWithdraw } from '../finance/withdraw-rules'
import { withinHours } from '../finance/common'
import { createMerchant } from '../merchant/merchant-store'
import { moveQuota } from '../merchant/quota'
import type { SimActor, SimContext } from './actor'

/** Who decided backfilled history (never a real admin's name). */
const SIM_ADMIN = '演示数据'
const AMOUNTS = [100, 200, 300, 500, 800, 1000, 1500, 2000, 3000, 5000, 8000, 10000, 20000]

interface Who { id: number; created_at: Date }

async function someMember(ctx: SimContext, withPayee = false): Promise<Who | undefined> {
  return one<Who>(ctx.db,
    `select m.id, m.created_at from members m where m.product = $1 and m.kind = 0 and m.status = 1
        ${withPayee ? 'and not m.withdraw_blocked and exists (select 1 from member_cards c where c.member_id = m.id and c.status = 1)' : ''}
      order by random() limit 1`, [ctx.product])
}

async function activeMerchant(ctx: SimContext): Promise<number | null> {
  const m = await one<{ id: number }>(ctx.db, 'select id from merchants where product = $1 and status = 1 order by random() limit 1', [ctx.product])
  return m?.id ?? null
}

/** One recharge request: bank card (source 0) or wallet (source 4), now and then through a merchant. */
export async function simulateRecharge(ctx: SimContext, memberId?: number): Promise<{ id: number; order_no: string } | null> {
  const id = memberId ?? (await someMember(ctx))?.id
  if (!id) return null
  const s = await readSettings(ctx.db, ctx.product, ['recharge_min', 'recharge_max'])
  const amount = Math.min(s.cents('recharge_max'), Math.max(s.cents('recharge_min'), ctx.r.pick(AMOUNTS) * 100 + ctx.r.int(0, 9) * 100))
  return requestRecharge(ctx.db, ctx.product, {
    member_id: id, amount, pay_method: ctx.r.chance(0.25) ? 2 : 1, merchant_id: ctx.r.chance(0.4) ? await activeMerchant(ctx) : null, at: ctx.at,
  })
}

/** One withdrawal request within the settings' bounds and the member's balance, to its card or wallet. */
export async function simulateWithdraw(ctx: SimContext, memberId?: number): Promise<{ id: number; order_no: string } | null> {
  const s = await readSettings(ctx.db, ctx.product, ['withdraw_min', 'withdraw_max', 'withdraw_hours'])
  if (!withinHours(s.text('withdraw_hours'), ctx.at ?? new Date())) return null
  const id = memberId ?? (await someMember(ctx, true))?.id
  if (!id) return null
  const b = await one<{ balance: number; wallet: number | null; card: number | null; times: number }>(ctx.db,
    `select a.balance, (select w.id from member_wallets w where w.member_id = $2 and w.status = 1 limit 1) as wallet,
            (select c.id from member_cards c where c.member_id = $2 and c.status = 1 limit 1) as card,
            (select count(*)::int from withdrawals x where x.member_id = $2 and x.status in (1, 3) and x.created_at > coalesce($3, now()) - interval '1 day') as times
       from ledger_accounts a where a.product = $1 and a.money = 0 and a.kind = 1 and a.owner_id = $2`, [ctx.product, id, ctx.at ?? null])
  const balance = Number(b?.balance ?? 0)
  if (!b || (!b.card && !b.wallet) || balance < s.cents('withdraw_min') || b.times >= 2) return null
  const top = Math.min(balance, s.cents('withdraw_max'), 5_000_000)
  const amount = Math.max(s.cents('withdraw_min'), Math.floor((top * ctx.r.int(20, 90)) / 100 / 10_000) * 10_000)
  if (amount > top) return null
  const wallet = b.wallet && (!b.card || ctx.r.chance(0.3)) ? Number(b.wallet) : undefined
  return requestWithdraw(ctx.db, ctx.product, { member_id: id, amount, wallet_id: wallet, at: ctx.at })
}

/** Orders nobody paid within a day expire (the payment page closed): 待支付 → 失败, nothing moves. */
async function expireUnpaid(ctx: SimContext): Promise<void> {
  const old = await many<{ id: number }>(ctx.db,
    `select id from recharges where product = $1 and status = 3 and created_at < now() - interval '1 day' order by id limit 20`, [ctx.product])
  for (const r of old) await decideRecharge(ctx.db, ctx.product, r.id, { status: 2, remark: '超时未支付', admin: '系统' })
}

/** A past moment between `from` and `to` days ago, after the member registered. */
function pastMoment(ctx: SimContext, who: Who, daysAgo: number, hours = 0): Date {
  const t = Math.max(new Date(who.created_at).getTime() + 60_000, Date.now() - daysAgo * 86_400_000) + hours * 3_600_000 + ctx.r.int(0, 3_000) * 1000
  return new Date(Math.min(t, Date.now() - 60_000))
}

async function bootstrap(ctx: SimContext): Promise<void> {
  const code = ctx.product.slice(0, 4).toUpperCase()
  for (const [i, name] of ['闪付', '速汇'].entries()) {
    const m = await createMerchant(ctx.db, ctx.product, { code: `${code}PAY${i + 1}`, name: `${name}支付`, contact: '商务经理', phone: '13800138000', status: 1 })
    await moveQuota(ctx.db, ctx.product, { merchant_id: m.id, type: 21, amount: 50_000_000, remark: '初始额度', admin: SIM_ADMIN, key: `sim:${ctx.product}:${m.id}` })
  }
  const members = await many<Who>(ctx.db, 'select id, created_at from members where product = $1 and kind = 0 and status = 1 order by id', [ctx.product])
  for (const who of members) {
    const days = Math.max(1, Math.floor((Date.now() - new Date(who.created_at).getTime()) / 86_400_000))
    for (let n = ctx.r.int(1, 3); n > 0; n--) {
      const at = pastMoment(ctx, who, ctx.r.int(1, days))
      const r = await simulateRecharge({ ...ctx, at }, who.id)
      if (r) await decideRecharge(ctx.db, ctx.product, r.id, { status: ctx.r.chance(0.9) ? 1 : 2, remark: '', admin: SIM_ADMIN, at: new Date(at.getTime() + 300_000) })
    }
    if (ctx.r.chance(0.4)) {
      const at = pastMoment(ctx, who, 1, -ctx.r.int(1, 12))
      const w = await simulateWithdraw({ ...ctx, at }, who.id)
      if (w) {
        const approve = ctx.r.chance(0.85)
        await decideWithdraw(ctx.db, ctx.product, w.id, { status: approve ? 1 : 2, remark: approve ? '' : '银行卡信息有误', admin: SIM_ADMIN, at: new Date(at.getTime() + 600_000) })
      }
    }
  }
  // Work waiting for the operators when they first look.
  for (let i = 0; i < 4; i++) await simulateRecharge({ ...ctx, at: new Date(Date.now() - ctx.r.int(1, 90) * 60_000) })
  for (let i = 0; i < 4; i++) await simulateWithdraw({ ...ctx, at: new Date(Date.now() - ctx.r.int(1, 90) * 60_000) })
}

export const financeActor: SimActor = {
  name: 'finance',
  every: 20,
  async run(ctx) {
    if (ctx.r.chance(0.1)) await expireUnpaid(ctx)
    else if (ctx.r.chance(0.55)) await simulateRecharge(ctx)
    else await simulateWithdraw(ctx)
  },
  bootstrap,
}
