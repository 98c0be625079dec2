// Withdrawals: the member site's request (the simulator's path) freezes the amount (type 4) within the settings' and
// the level's limits, unless the member's withdrawals are frozen; with turnover (打码量) remaining, the finance setting
// turnover_withdraw_policy refuses it (1) or lets it through flagged (2), and the row keeps the turnover as it stood.
// The decision pays it out of frozen (approve) or returns it (reject, type 5, with a reason code and optionally
// freezing the member's withdrawals). At or above the finance setting double_review_amount two different admins must
// approve: the first approval is recorded (待复核). Another admin's live claim stops a decision (withdraw-claim.ts).
import type { Queryable } from '../db/db'
import { one } from '../db/db'
import { badRequest, conflict, notFound } from '../errors'
import { PRODUCT_TZ } from '../http/format'
import { insufficient, transfer } from '../ledger/ledger'
import { readSettings } from '../settings/store'
import { KIND, MONEY, TRANSFER } from '../../contract/ledger'
import { centsText } from '../../contract/money'
import { MSG } from '../../contract/messages'
import { feeOf, ORDER_NO, withinHours } from './common'
import { lockMember } from '../member/member-write'
import { turnoverCents } from '../risk/turnover'
import { TURNOVER_POLICY } from '../../contract/review'
import { CLAIM_HOLDER } from './withdraw-store'
import { assertReasonCode, mayOverride, UNCLAIMED } from './withdraw-claim'

export interface WithdrawRequest {
  member_id: number
  /** Cents. */
  amount: number
  /** The payee: one of the member's active cards or wallets; neither = the default card. */
  card_id?: number
  wallet_id?: number
  at?: Date
}

interface Payee { pay_method: 1 | 2; card_id: number | null; wallet_id: number | null; bank_name: string; card_no: string; holder: string; chain: string; address: string }

async function payeeOf(db: Queryable, memberId: number, r: WithdrawRequest): Promise<Payee> {
  if (r.wallet_id) {
    const w = await one<{ id: number; chain: string; address: string }>(db,
      'select id, chain, address from member_wallets where id = $1 and member_id = $2 and status = 1', [r.wallet_id, memberId])
    if (!w) throw badRequest('钱包不存在或已停用', 'wallet_id')
    return { pay_method: 2, card_id: null, wallet_id: w.id, bank_name: '', card_no: '', holder: '', chain: w.chain, address: w.address }
  }
  const c = await one<{ id: number; bank_name: string; card_no: string; holder: string }>(db,
    `select id, bank_name, card_no, holder from member_cards where member_id = $1 and status = 1 and ($2::int is null or id = $2)
      order by is_default desc, id limit 1`, [memberId, r.card_id ?? null])
  if (!c) throw badRequest(r.card_id ? '银行卡不存在或已停用' : '会员没有可用的银行卡', 'card_id')
  return { pay_method: 1, card_id: c.id, wallet_id: null, bank_name: c.bank_name, card_no: c.card_no, holder: c.holder, chain: '', address: '' }
}

/** A member asks to withdraw: the limits of the day are checked under the member's row lock, then the amount is frozen. */
export async function requestWithdraw(db: Queryable, product: string, r: WithdrawRequest): Promise<{ id: number; order_no: string; fee: number }> {
  const m = await lockMember(db, product, r.member_id, 0)
  if (m.status !== 1) throw conflict('会员已禁用，不能提现')
  if (m.withdraw_blocked) throw conflict('该会员的提现已被冻结，不能提现')
  const at = r.at ?? new Date()
  const s = await readSettings(db, product, ['withdraw_min', 'withdraw_max', 'withdraw_times_daily', 'withdraw_hours', 'turnover_withdraw_policy'])
  if (!withinHours(s.text('withdraw_hours'), at)) throw conflict(`不在提现时间内（${s.text('withdraw_hours')}）`)
  if (!Number.isSafeInteger(r.amount) || r.amount < s.cents('withdraw_min')) throw badRequest(`单笔提现不能低于 ${centsText(s.cents('withdraw_min'))} 元`, 'amount')
  if (r.amount > s.cents('withdraw_max')) throw badRequest(`单笔提现不能高于 ${centsText(s.cents('withdraw_max'))} 元`, 'amount')
  const level = await one<{ times: number; max_daily: number; fee_rate: string }>(db,
    `select withdraw_times_daily as times, withdraw_max_daily as max_daily, withdraw_fee_rate::text as fee_rate from member_levels where id = $1`,
    [m.level_id])
  const today = await one<{ n: number; sum: number }>(db,
    `select count(*)::int as n, coalesce(sum(amount), 0)::bigint as sum from withdrawals
      where member_id = $1 and status in (1, 3)
        and created_at >= date_trunc('day', $2::timestamptz at time zone '${PRODUCT_TZ}') at time zone '${PRODUCT_TZ}'
        and created_at < $2::timestamptz + interval '1 second'`, [m.id, at])
  const limits = [s.number('withdraw_times_daily'), Number(level?.times ?? 0)].filter((n) => n > 0)
  const times = limits.length ? Math.min(...limits) : 0
  if (times && today!.n >= times) throw conflict(`今日提现次数已达上限（${times} 次）`)
  const maxDaily = Number(level?.max_daily ?? 0)
  if (maxDaily && Number(today!.sum) + r.amount > maxDaily) {
    throw conflict(`超过每日提现上限 ${centsText(maxDaily)} 元（今日已提 ${centsText(today!.sum)} 元）`)
  }
  // 打码量: with some remaining, policy 1 refuses the request, policy 2 lets it through flagged; the row keeps the figures.
  const turnover = await turnoverCents(db, m.id)
  if (turnover.remaining > 0 && s.number('turnover_withdraw_policy') === TURNOVER_POLICY.refuse) {
    throw conflict(`打码量未完成，还需有效投注 ${centsText(turnover.remaining)} 元`)
  }
  const fee = feeOf(r.amount, level?.fee_rate ?? '0')
  const p = await payeeOf(db, m.id, r)
  const row = await one<{ id: number; order_no: string }>(db,
    `with n as (select nextval('withdrawals_id_seq') as id)
     insert into withdrawals (id, product, order_no, member_id, amount, fee, pay_method, card_id, wallet_id, bank_name, card_no, holder,
                              chain, address, status, created_at, turnover_unmet, turnover_required, turnover_done, turnover_remaining)
     select n.id, $1, ${ORDER_NO('W', 'n.id', '$13::timestamptz')}, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 3, coalesce($13, now()),
            $16 > 0, $14, $15, $16
       from n returning id, order_no`,
    [product, m.id, r.amount, fee, p.pay_method, p.card_id, p.wallet_id, p.bank_name, p.card_no, p.holder, p.chain, p.address, r.at ?? null,
      turnover.required, turnover.done, turnover.remaining])
  await transfer(db, {
    key: `withdraw:${row!.id}:request`, product, money: MONEY.real, from: { kind: KIND.available, owner: m.id },
    to: { kind: KIND.frozen, owner: m.id }, amount: r.amount, type: TRANSFER.withdraw, ref: row!.order_no, remark: '提现申请', at: r.at,
  }).catch((e) => { throw insufficient(e, (a) => `余额不足，可用余额 ${a} 元`) })
  return { id: Number(row!.id), order_no: row!.order_no, fee }
}

interface WithdrawRow {
  id: number; order_no: string; member_id: number; amount: number; fee: number; status: number; first_review_admin: string
  /** The admin holding a live claim, '' when none. */
  holder: string
}

export interface WithdrawDecision {
  status: 1 | 2; remark?: string; admin: string; at?: Date; threshold?: number
  /** A rejection's code of the finance setting withdraw_reject_reasons. */
  reason_code?: string
  /** With a rejection: block the member's further withdrawals (members.withdraw_blocked). */
  freeze?: boolean
  /** Take over another admin's live claim: a super admin only. */
  force?: boolean; superAdmin?: boolean
}

export interface WithdrawOutcome {
  firstReview: boolean; row: WithdrawRow
  /** Whose live claim a forced decision took over ('' none); whether the member's withdrawals were frozen. */
  takenFrom: string; frozen: boolean
}

/**
 * Decides a withdrawal under review exactly once. The row is locked first, so two decisions serialise: the second
 * sees the first's outcome (409 状态已变更, or for a two-person withdrawal the recorded first approval). Another
 * admin's live claim is a 409 naming them, unless a super admin forces it. A decision ends any claim.
 */
export async function decideWithdraw(db: Queryable, product: string, id: number, d: WithdrawDecision): Promise<WithdrawOutcome> {
  if (d.status === 1 && d.freeze) throw badRequest('通过提现时不能冻结会员提现', 'freeze')
  if (d.status === 1 && d.reason_code) throw badRequest('通过提现时不能填写驳回原因', 'reason_code')
  if (d.reason_code) await assertReasonCode(db, product, d.reason_code)
  const w = await one<WithdrawRow>(db,
    `select id, order_no, member_id, amount, fee, status::int as status, first_review_admin, ${CLAIM_HOLDER} as holder from withdrawals w
      where id = $1 and product = $2 for update`, [id, product])
  if (!w) throw notFound('提现记录不存在')
  if (w.status !== 3) throw conflict(MSG.stateChanged)
  const takenFrom = mayOverride(w.holder, d.admin, d)
  const amount = Number(w.amount)
  const fee = Number(w.fee)
  const remark = (d.remark ?? '').trim()
  const at = d.at ?? null
  const base = { product, money: MONEY.real, ref: w.order_no, admin: d.admin, at: d.at }
  const done = { takenFrom, frozen: false }
  if (d.status === 2) {
    if (!remark) throw badRequest('驳回提现须填写备注（原因）', 'remark')
    await db.query(`update withdrawals set status = 2, admin = $2, remark = $3, reason_code = $5, reviewed_at = coalesce($4::timestamptz, now()),
                           ${UNCLAIMED} where id = $1`, [id, d.admin, remark, at, d.reason_code ?? ''])
    // The member's row before its accounts, as a request takes them (no lock cycle with a request of the same member).
    if (d.freeze) await db.query('update members set withdraw_blocked = true, updated_at = now() where id = $1', [w.member_id])
    await transfer(db, { ...base, key: `withdraw:${id}:reject`, from: { kind: KIND.frozen, owner: w.member_id },
      to: { kind: KIND.available, owner: w.member_id }, amount, type: TRANSFER.withdrawRefund, remark })
    return { ...done, firstReview: false, row: { ...w, status: 2 }, frozen: !!d.freeze }
  }
  const threshold = d.threshold ?? (await readSettings(db, product, ['double_review_amount'])).cents('double_review_amount')
  const twoPerson = threshold > 0 && amount >= threshold
  if (twoPerson && !w.first_review_admin) {
    await db.query(`update withdrawals set first_review_admin = $2, first_review_at = coalesce($3::timestamptz, now()),
                           remark = case when $4 <> '' then $4 else remark end, ${UNCLAIMED} where id = $1`, [id, d.admin, at, remark])
    return { ...done, firstReview: true, row: { ...w, first_review_admin: d.admin } }
  }
  if (twoPerson && w.first_review_admin === d.admin) throw conflict('需要另一位管理员复核')
  await db.query(`update withdrawals set status = 1, admin = $2, remark = case when $3 <> '' then $3 else remark end,
                         reviewed_at = coalesce($4::timestamptz, now()), ${UNCLAIMED} where id = $1`, [id, d.admin, remark, at])
  if (amount - fee > 0) {
    await transfer(db, { ...base, key: `withdraw:${id}:paid`, from: { kind: KIND.frozen, owner: w.member_id }, to: { kind: KIND.cashOut },
      amount: amount - fee, type: TRANSFER.withdrawPaid, remark: '提现出款' })
  }
  if (fee > 0) {
    await transfer(db, { ...base, key: `withdraw:${id}:fee`, from: { kind: KIND.frozen, owner: w.member_id }, to: { kind: KIND.fees },
      amount: fee, type: TRANSFER.withdrawFee, remark: '提现手续费' })
  }
  await db.query('update members set total_withdraw = total_withdraw + $2, updated_at = now() where id = $1', [w.member_id, amount])
  return { ...done, firstReview: false, row: { ...w, status: 1 } }
}
