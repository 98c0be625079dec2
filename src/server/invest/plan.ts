// 余额宝 as domain functions (the member site's path; the simulator calls them): buying a 7- or 15-day plan moves
// available money into the interest balance (type 9 / 11); maturity pays the principal back and the interest from the
// house's interest account (both type 10); an early redemption returns the principal only, when the settings allow.
// A plan leaves state 1 once: every ending takes its row lock and moves it only from 1, and its transfers' keys are
// derived from the plan id, so however many instances run the maturity job and however often, a plan is paid once.
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { badRequest, conflict, notFound } from '../errors'
import { insufficient, transfer } from '../ledger/ledger'
import { lockMember } from '../member/member-write'
import { readSettings } from '../settings/store'
import { KIND, TRANSFER, type MoneyClass } from '../../contract/ledger'
import { centsText } from '../../contract/money'
import { PLAN_TYPE } from '../../contract/invest'

const DAY_MS = 86_400_000

/** The interest of `principal` cents at a whole-term rate in hundredths of a percent, rounded half-up, exactly. */
export const interestOf = (principal: number, basisPoints: number): number =>
  Number((BigInt(principal) * BigInt(basisPoints) + 5000n) / 10000n)

export interface Bought { id: number; principal: number; interest: number; rate: string; mature_at: Date }

/** A member buys a plan: the settings' switch and limits, then the money moves with the plan row, in the caller's transaction. */
export async function buyPlan(db: Queryable, product: string, r: { member_id: number; plan: 7 | 15; amount: number; at?: Date }): Promise<Bought> {
  if (r.plan !== 7 && r.plan !== 15) throw badRequest('期限只能是 7 天或 15 天', 'plan')
  const m = await lockMember(db, product, r.member_id)
  if (m.status !== 1) throw conflict('会员已禁用，不能转入余额宝')
  const s = await readSettings(db, product, ['invest_open', 'rate_7d', 'rate_15d', 'invest_min', 'invest_max'])
  if (!s.on('invest_open')) throw conflict('余额宝暂未开放')
  if (!Number.isSafeInteger(r.amount) || r.amount < s.cents('invest_min')) throw badRequest(`转入金额不能低于 ${centsText(s.cents('invest_min'))} 元`, 'amount')
  if (r.amount > s.cents('invest_max')) throw badRequest(`转入金额不能高于 ${centsText(s.cents('invest_max'))} 元`, 'amount')
  const bp = s.basisPoints(r.plan === 7 ? 'rate_7d' : 'rate_15d')
  const at = r.at ?? new Date()
  const interest = interestOf(r.amount, bp)
  const row = await one<{ id: string; rate: string }>(db,
    `insert into invest_plans (product, member_id, money, plan, principal, rate, interest, start_at, mature_at)
     values ($1, $2, $3, $4, $5, $6::numeric / 100, $7, $8, $9) returning id, rate::text as rate`,
    [product, m.id, m.kind, r.plan, r.amount, bp, interest, at, new Date(at.getTime() + r.plan * DAY_MS)])
  const id = Number(row!.id)
  await transfer(db, {
    key: `invest:${id}:in`, product, money: m.kind as MoneyClass, from: { kind: KIND.available, owner: m.id },
    to: { kind: KIND.interest, owner: m.id }, amount: r.amount, type: PLAN_TYPE[r.plan], ref: `I${id}`,
    remark: `转入余额宝（${r.plan}天）`, at: r.at,
  }).catch((e) => { throw insufficient(e, (a) => `余额不足，可用余额 ${a} 元`) })
  return { id, principal: r.amount, interest, rate: row!.rate, mature_at: new Date(at.getTime() + r.plan * DAY_MS) }
}

interface PlanRow { id: string; product: string; member_id: number; money: number; plan: number; principal: string; interest: string; state: number; mature_at: Date }

async function lockPlan(db: Queryable, product: string, id: number): Promise<PlanRow> {
  const p = await one<PlanRow>(db,
    `select id, product, member_id, money::int as money, plan::int as plan, principal, interest, state::int as state, mature_at
       from invest_plans where id = $1 and product = $2 for update`, [id, product])
  if (!p) throw notFound('余额宝记录不存在')
  return p
}

/** Ends a plan locked at state 1: principal back (and the interest when it matured), the state moved once. */
async function end(db: Queryable, p: PlanRow, how: 'mature' | 'redeem', at?: Date): Promise<void> {
  const id = Number(p.id)
  const base = { product: p.product, money: p.money as MoneyClass, type: TRANSFER.investOut, ref: `I${id}`, at }
  const to = { kind: KIND.available, owner: p.member_id }
  const moved = await one(db, `update invest_plans set state = $2, ended_at = coalesce($3::timestamptz, now()) where id = $1 and state = 1 returning id`,
    [id, how === 'mature' ? 2 : 3, at ?? null])
  if (!moved) throw conflict('该笔余额宝已结束')
  await transfer(db, { ...base, key: `invest:${id}:principal`, from: { kind: KIND.interest, owner: p.member_id }, to,
    amount: Number(p.principal), remark: how === 'mature' ? '余额宝到期转出（本金）' : '余额宝提前赎回（本金，不计利息）' })
  if (how === 'mature' && Number(p.interest) > 0) {
    await transfer(db, { ...base, key: `invest:${id}:interest`, from: { kind: KIND.interestPaid }, to,
      amount: Number(p.interest), remark: '余额宝到期转出（利息）' })
  }
}

/** Early redemption (interest forfeited), only while the plan is frozen, before it matures, and the settings allow it. */
export async function redeemPlan(db: Queryable, product: string, id: number, at?: Date): Promise<void> {
  const s = await readSettings(db, product, ['early_redeem'])
  if (!s.on('early_redeem')) throw conflict('不允许提前赎回')
  const p = await lockPlan(db, product, id)
  if (p.state !== 1) throw conflict('该笔余额宝已结束')
  // A matured plan is owed its interest: the maturity job pays it, an early redemption must not forfeit it.
  if (p.mature_at.getTime() <= (at ?? new Date()).getTime()) throw conflict('该笔余额宝已到期，将自动转出本金与利息')
  await end(db, p, 'redeem', at)
}

/**
 * Pays the plans matured by `now`, at most `limit`, each once: rows taken `for update skip locked` (another instance
 * paying them meanwhile is skipped, not waited for) and moved only from state 1. Members are paid in id order, so two
 * instances paying different plans of the same members lock their accounts in one order. Answers how many were paid.
 */
export async function matureDue(db: Queryable, o: { now?: Date; limit?: number; product?: string } = {}): Promise<number> {
  const due = await many<PlanRow>(db,
    `select id, product, member_id, money::int as money, plan::int as plan, principal, interest, state::int as state, mature_at
       from invest_plans where state = 1 and mature_at <= coalesce($1::timestamptz, now()) and ($3::text is null or product = $3)
      order by member_id, id limit $2 for update skip locked`, [o.now ?? null, o.limit ?? 200, o.product ?? null])
  for (const p of due) await end(db, p, 'mature', o.now)
  return due.length
}
