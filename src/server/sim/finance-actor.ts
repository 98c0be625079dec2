// The member site's money: members ask to recharge (bank card or wallet, some through a merchant) and to withdraw
// within the settings' limits, so pending work keeps arriving; orders left unpaid for a day expire. On first start
// each demo product gets two merchants with quota, and its history spreads each member's recharges and withdrawals
// over the month since it registered (a first deposit soon after registering), so demo members hold balances and the
// 30-day charts move; a few requests are left waiting for the operators, mostly from members who played through.
import { many, one } from '../db/db'
import { readSettings } from '../settings/store'
import { decideRecharge, requestRecharge } from '../finance/recharge-rules'
import { decideWithdraw, requestWithdraw } from '../finance/withdraw-rules'
import { withinHours } from '../finance/common'
import { createMerchant } from '../merchant/merchant-store'
import { moveQuota } from '../merchant/quota'
import { pickRow, type SimActor, type SimContext, type Timeline } from './actor'
import { signIn } from './identity'

/** Who decided backfilled history (never a real admin's name). */
export const SIM_ADMIN = '演示数据'
const AMOUNTS = [100, 200, 300, 500, 800, 1000, 1500, 2000, 3000, 5000, 8000, 10000, 20000]
const HOUR = 3_600_000
const DAY = 86_400_000

/** SQL: the member (m) still has turnover to play through (打码量 remaining). */
const UNMET = `exists (select 1 from turnover_requirements t where t.member_id = m.id and t.done < t.required and t.waived_at is null)`

async function someMember(ctx: SimContext, withPayee = false, playedThrough = false): Promise<{ id: number } | undefined> {
  return pickRow<{ id: number }>(ctx,
    `select m.id from members m where m.product = $1 and m.kind = 0 and m.status = 1 and m.created_at < coalesce($2::timestamptz, now())
        ${withPayee ? 'and not m.withdraw_blocked and exists (select 1 from member_cards c where c.member_id = m.id and c.status = 1)' : ''}
        ${playedThrough ? `and not ${UNMET}` : ''}`, [ctx.product, ctx.at ?? null])
}

async function activeMerchant(ctx: SimContext): Promise<number | null> {
  const m = await pickRow<{ id: number }>(ctx, 'select id from merchants where product = $1 and status = 1', [ctx.product])
  return m?.id ?? null
}

export interface RechargeWish {
  /** 元; else a usual amount. */
  yuan?: number
  /** false: straight to the platform (never through a merchant's quota). */
  merchant?: boolean
  /** Paid (confirmed) or never paid (failed); else nine in ten are paid. */
  pay?: boolean
}

/** One recharge request: bank card (source 0) or wallet (source 4), now and then through a merchant. */
export async function simulateRecharge(ctx: SimContext, memberId?: number, wish: RechargeWish = {}): Promise<{ id: number; order_no: string } | null> {
  const id = memberId ?? (await someMember(ctx))?.id
  if (!id) return null
  const s = await readSettings(ctx.db, ctx.product, ['recharge_min', 'recharge_max'])
  const amount = Math.min(s.cents('recharge_max'), Math.max(s.cents('recharge_min'), wish.yuan ? wish.yuan * 100 : ctx.r.pick(AMOUNTS) * 100 + ctx.r.int(0, 9) * 100))
  if (ctx.r.chance(0.6)) await signIn(ctx, id)
  const merchant = wish.merchant !== false && ctx.r.chance(0.4) ? await activeMerchant(ctx) : null
  return requestRecharge(ctx.db, ctx.product, { member_id: id, amount, pay_method: ctx.r.chance(0.25) ? 2 : 1, merchant_id: merchant, at: ctx.at })
}

/** A recharge paid (or never paid) and decided five minutes later; answers the order when it was confirmed. */
export async function decidedRecharge(ctx: SimContext, memberId: number, wish: RechargeWish = {}): Promise<string | null> {
  const r = await simulateRecharge(ctx, memberId, wish)
  if (!r) return null
  const pay = wish.pay ?? ctx.r.chance(0.9)
  const at = new Date((ctx.at ?? new Date()).getTime() + 300_000)
  await decideRecharge(ctx.db, ctx.product, r.id, { status: pay ? 1 : 2, remark: pay ? '' : '超时未支付', admin: SIM_ADMIN, at })
  return pay ? r.order_no : null
}

export interface WithdrawWish {
  /** Cents; else `share` of the balance, else 20–90 % of it. */
  amount?: number
  share?: number
  /** Paid or rejected when decided; else most are paid. */
  approve?: boolean
  /** Only a member with no turnover left to play through (when no member is named). */
  playedThrough?: boolean
}

/** One withdrawal request within the settings' bounds and the member's balance, to its card or wallet. */
export async function simulateWithdraw(ctx: SimContext, memberId?: number, wish: WithdrawWish = {}): Promise<{ id: number; order_no: string } | null> {
  const s = await readSettings(ctx.db, ctx.product, ['withdraw_min', 'withdraw_max', 'withdraw_hours'])
  if (!withinHours(s.text('withdraw_hours'), ctx.at ?? new Date())) return null
  const id = memberId ?? (await someMember(ctx, true, wish.playedThrough))?.id
  if (!id) return null
  const b = await one<{ balance: number; wallet: number | null; card: number | null; times: number }>(ctx.db,
    `select a.balance, (select w.id from member_wallets w where w.member_id = $2 and w.status = 1 limit 1) as wallet,
            (select c.id from member_cards c where c.member_id = $2 and c.status = 1 limit 1) as card,
            (select count(*)::int from withdrawals x where x.member_id = $2 and x.status in (1, 3) and x.created_at > coalesce($3, now()) - interval '1 day') as times
       from ledger_accounts a where a.product = $1 and a.money = 0 and a.kind = 1 and a.owner_id = $2`, [ctx.product, id, ctx.at ?? null])
  const balance = Number(b?.balance ?? 0)
  if (!b || (!b.card && !b.wallet) || balance < s.cents('withdraw_min') || b.times >= 2) return null
  const top = Math.min(balance, s.cents('withdraw_max'), wish.amount ?? 5_000_000)
  const share = wish.share ?? ctx.r.int(20, 90) / 100
  const amount = wish.amount ?? Math.max(s.cents('withdraw_min'), Math.floor((top * share) / 10_000) * 10_000)
  if (amount > top) return null
  const wallet = b.wallet && (!b.card || ctx.r.chance(0.3)) ? Number(b.wallet) : undefined
  if (ctx.r.chance(0.6)) await signIn(ctx, id)
  return requestWithdraw(ctx.db, ctx.product, { member_id: id, amount, wallet_id: wallet, at: ctx.at })
}

/** A withdrawal asked for and decided ten minutes later (most paid, some rejected). */
export async function decidedWithdraw(ctx: SimContext, memberId: number, wish: WithdrawWish = {}): Promise<void> {
  const w = await simulateWithdraw(ctx, memberId, wish)
  if (!w) return
  const approve = wish.approve ?? ctx.r.chance(0.85)
  const at = new Date((ctx.at ?? new Date()).getTime() + 600_000)
  await decideWithdraw(ctx.db, ctx.product, w.id, { status: approve ? 1 : 2, remark: approve ? '' : '银行卡信息有误', admin: SIM_ADMIN, at })
}

/** Orders nobody paid within a day expire (the payment page closed): 待支付 → 失败, nothing moves. */
async function expireUnpaid(ctx: SimContext): Promise<void> {
  const old = await many<{ id: number }>(ctx.db,
    `select id from recharges where product = $1 and status = 3 and created_at < now() - interval '1 day' order by id limit 20`, [ctx.product])
  for (const r of old) await decideRecharge(ctx.db, ctx.product, r.id, { status: 2, remark: '超时未支付', admin: '系统' })
}

async function bootstrap(ctx: SimContext): Promise<void> {
  const code = ctx.product.slice(0, 4).toUpperCase()
  for (const [i, name] of ['闪付', '速汇'].entries()) {
    const m = await createMerchant(ctx.db, ctx.product, { code: `${code}PAY${i + 1}`, name: `${name}支付`, contact: '商务经理', phone: '13800138000', status: 1 })
    await moveQuota(ctx.db, ctx.product, { merchant_id: m.id, type: 21, amount: 50_000_000, remark: '初始额度', admin: SIM_ADMIN, key: `sim:${ctx.product}:${m.id}` })
  }
}

/** Each member's month: a first deposit within two days of registering, up to two more later, and maybe a withdrawal or two. */
async function history(ctx: SimContext, plan: Timeline): Promise<void> {
  const now = Date.now()
  const members = await many<{ id: number; created_at: Date }>(ctx.db,
    'select id, created_at from members where product = $1 and kind = 0 and status = 1 order by id', [ctx.product])
  for (const who of members) {
    const until = now - 2 * HOUR
    const first = new Date(who.created_at).getTime() + ctx.r.int(10, 2_880) * 60_000
    if (first >= until) continue
    const times = [first, ...Array.from({ length: ctx.r.int(0, 2) }, () => first + Math.floor(ctx.r.next() * (until - first)))]
    for (const t of times) plan.at(t, (c) => decidedRecharge(c, who.id))
    if (!ctx.r.chance(0.45) || first + DAY >= until) continue
    for (let n = ctx.r.int(1, 2); n > 0; n--) plan.at(first + DAY + Math.floor(ctx.r.next() * (until - first - DAY)), (c) => decidedWithdraw(c, who.id))
  }
  // Work waiting for the operators when they first look.
  for (let i = 0; i < 4; i++) plan.at(now - ctx.r.int(1, 90) * 60_000, (c) => simulateRecharge(c))
  for (let i = 0; i < 4; i++) plan.at(now - ctx.r.int(1, 90) * 60_000, (c) => simulateWithdraw(c, undefined, { playedThrough: true }))
}

export const financeActor: SimActor = {
  name: 'finance',
  every: 20,
  async run(ctx) {
    if (ctx.r.chance(0.1)) await expireUnpaid(ctx)
    else if (ctx.r.chance(0.55)) await simulateRecharge(ctx)
    else await simulateWithdraw(ctx, undefined, { playedThrough: ctx.r.chance(0.8) })
  },
  bootstrap,
  history,
}
