// Shapes of the finance area: recharges, withdrawals with two-person review, manual top-ups, deductions and gift
// money, and balance changes. A listed row's type is derived from the schema its list answers (contract/api/finance.ts
// declares it as the endpoint's response). Money is a decimal string with two places.
import { Type, type Static } from '@sinclair/typebox'
import type { Labels } from './enums'
import type { Cursors, Paged } from './common'
import { TRANSFER_TYPE, TRANSFER_TYPES } from './ledger'
import { Money, Nullable, TimeText } from './schema'
import { MemberTagItem } from './risk'
import type { RejectReason } from './review'

/**
 * The types of 人工充值扣款 and 彩金赠送 (balance change types 人工加款 6, 彩金 7, 人工扣款 8, labelled as the
 * transfer-type registry declares them) and the recharge source each record gets.
 */
export const MANUAL_TYPE: Labels = Object.fromEntries([TRANSFER_TYPES.manualAdd, TRANSFER_TYPES.gift, TRANSFER_TYPES.manualSub].map((t) => [t.id, t.label]))
export const MANUAL_SOURCE: Record<number, number> = { 6: 1, 7: 3, 8: 2 }
/** How a withdrawal under review stands: 审核中, or 待复核 once a first admin approved a two-person withdrawal. */
export const REVIEW_STAGE: Labels = { pending: '审核中', second: '待复核', done: '已处理' }
/** Gift money may name this many members at once. */
export const GIFT_BATCH_MAX = 1000
/** The balance change types a member's available balance sees: 1–12 and the house's virtual and trial grants (103, 104). */
export const BALANCE_CHANGE_TYPE: Labels = Object.fromEntries(Object.entries(TRANSFER_TYPE).filter(([k]) => Number(k) <= 12 || k === '103' || k === '104'))

const Int = Type.Integer()
const Str = Type.String()
const Row = { additionalProperties: false }

/** Sums of amounts by status: all, 成功 (1), 待支付 / 审核中 (3), 失败 (2). */
export const MoneySums = Type.Object({ total: Money, success: Money, pending: Money, failed: Money })
export type MoneyStat = Static<typeof MoneySums>

/** The member's risk level and tags: every record naming a member shows them. */
const MemberRisk = { risk_level: Int, tags: Type.Array(MemberTagItem) }

const RechargeFields = {
  id: Int, order_no: Str, member_id: Int, username: Str, amount: Money, pay_method: Int, source: Int, status: Int,
  merchant_id: Nullable(Int), merchant_name: Str, payer: Str, remark: Str, admin: Str, created_at: TimeText, confirmed_at: Nullable(TimeText),
  ...MemberRisk,
}
export const RechargeItem = Type.Object(RechargeFields, Row)
export type Recharge = Static<typeof RechargeItem>
export interface RechargeIndex extends Paged<Recharge>, Cursors {
  money_stat: MoneyStat | null
  types: { source: Labels; pay_method: Labels; status: Labels }
  /** Pending (待支付) recharges of the product, whatever the filter. */
  pending_count: number
}

export const WithdrawalItem = Type.Object({
  id: Int, order_no: Str, member_id: Int, username: Str, amount: Money, fee: Money, actual_amount: Money, pay_method: Int,
  bank_name: Str, card_no: Str, holder: Str, chain: Str, address: Str, status: Int, first_review_admin: Str, admin: Str,
  remark: Str, created_at: TimeText, reviewed_at: Nullable(TimeText),
  /** At or above the finance setting double_review_amount: two different admins must approve. */
  needs_double_review: Type.Boolean(),
  /** pending 审核中 · second 待复核 · done. */
  review_stage: Type.Union([Type.Literal('pending'), Type.Literal('second'), Type.Literal('done')]),
  /** The admin holding a live claim ('' when none or lapsed) and until when (null likewise). */
  claimed_by: Str, claim_expires_at: Nullable(TimeText),
  /** Asked while turnover remained (policy 2, allow and flag). */
  turnover_unmet: Type.Boolean(),
  /** The rejection's code of the finance setting withdraw_reject_reasons ('' = none). */
  reason_code: Str,
  ...MemberRisk,
}, Row)
export type Withdrawal = Static<typeof WithdrawalItem>
export interface WithdrawIndex extends Paged<Withdrawal>, Cursors {
  money_stat: (MoneyStat & { fee: string }) | null
  types: { status: Labels; pay_method: Labels; review_stage: Labels }
  double_review_amount: string
  /** Withdrawals under review (审核中, and of them 待复核) of the product, whatever the filter. */
  pending_count: number; second_review_count: number
  /** Finance settings the desk reads: the waiting time past which a row is late, how long a claim lasts, the reasons a rejection may name. */
  sla_minutes: number; claim_minutes: number; reject_reasons: RejectReason[]
}
/** POST /api/withdraw/edit answers the withdrawal and whether this approval was the first of two. */
export interface WithdrawDecisionAnswer extends Withdrawal { first_review: boolean }

export interface GiftResult {
  username: string; member_id: number | null; ok: boolean; msg: string
  order_no?: string; amount?: string; before?: string; after?: string
}
/** POST /api/giftmoney/create: the amount each, how many members were paid and failed, the total and a result each. */
export interface GiftAnswer { type: 6 | 7 | 8; amount: string; ok: number; failed: number; total: string; results: GiftResult[] }
/** A manual top-up, deduction or gift money record: its recharge record and its type (6, 7, 8). */
export const GiftRecordItem = Type.Object({ ...RechargeFields, type: Int }, Row)
export const GiftSums = Type.Object({ manual_add: Money, gift: Money, manual_sub: Money })
export interface GiftIndex extends Paged<Static<typeof GiftRecordItem>>, Cursors {
  money_stat: Static<typeof GiftSums> | null
  types: { type: Labels }
}

export const BalanceChangeItem = Type.Object({
  id: Int, member_id: Int, username: Str, type: Int, amount: Money, before: Money, after: Money, ref: Str, remark: Str, created_at: TimeText,
}, Row)
/** Income, expense and their net of the listed balance changes. */
export const BalanceSums = Type.Object({ income: Money, expense: Money, net: Money })
export interface BalanceIndex extends Paged<Static<typeof BalanceChangeItem>>, Cursors {
  balance_stat: Static<typeof BalanceSums> | null
  types: Labels
}
