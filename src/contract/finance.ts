// Request and response shapes of the finance area: recharges, withdrawals with two-person review, manual
// top-ups, deductions and gift money, and balance changes. Money is a decimal string with two places.
import type { Labels } from './enums'
import type { Cursors, Paged } from './common'

export const FINANCE_API = {
  recharge: '/api/recharge', withdraw: '/api/withdraw', giftmoney: '/api/giftmoney', balance: '/api/balance',
} as const

export const FINANCE_PATHS = {
  manual: '/layout/finance/manualrecharge',
  gift: '/layout/finance/giftmoney',
  recharge: '/layout/finance/recharge',
  withdraw: '/layout/finance/withdraw',
  balance: '/layout/finance/balance',
  balanceDemo: '/layout/finance/balance/demo',
} as const

/** The types of 人工充值扣款 and 彩金赠送 (balance change types 6, 7, 8) and the recharge source each record gets. */
export const MANUAL_TYPE: Labels = { 6: '人工加款', 7: '彩金', 8: '人工扣款' }
export const MANUAL_SOURCE: Record<number, number> = { 6: 1, 7: 3, 8: 2 }
/** How a withdrawal under review stands: 审核中, or 待复核 once a first admin approved a two-person withdrawal. */
export const REVIEW_STAGE: Labels = { pending: '审核中', second: '待复核', done: '已处理' }
/** Gift money may name this many members at once. */
export const GIFT_BATCH_MAX = 1000

export interface MoneyStat { total: string; success: string; pending: string; failed: string }

export interface Recharge {
  id: number; order_no: string; member_id: number; username: string; amount: string
  pay_method: 1 | 2; source: 0 | 1 | 2 | 3 | 4; status: 1 | 2 | 3
  merchant_id: number | null; merchant_name: string; payer: string; remark: string; admin: string
  created_at: string; confirmed_at: string | null
}
export interface RechargeIndex extends Paged<Recharge>, Cursors {
  money_stat: MoneyStat | null
  types: { source: Labels; pay_method: Labels; status: Labels }
  /** Pending (待支付) recharges of the product, whatever the filter. */
  pending_count: number
}
export interface RechargeQuery {
  page?: number; per_page?: number; after?: number; before?: number
  order_no?: string; username?: string; member_id?: number; status?: number; source?: number; pay_method?: number
  merchant_id?: number; start_time?: string; end_time?: string; amount_min?: string; amount_max?: string
}
/** POST /api/recharge/edit: only from 3 (待支付): 1 confirms (credits the member), 2 fails (nothing moves). */
export interface RechargeDecision { id: number; status: 1 | 2; remark?: string }

export interface Withdrawal {
  id: number; order_no: string; member_id: number; username: string; amount: string; fee: string; actual_amount: string
  pay_method: 1 | 2; bank_name: string; card_no: string; holder: string; chain: string; address: string
  status: 1 | 2 | 3; first_review_admin: string; admin: string; remark: string; created_at: string; reviewed_at: string | null
  /** At or above the finance setting double_review_amount: two different admins must approve. */
  needs_double_review: boolean
  /** pending 审核中 · second 待复核 · done. */
  review_stage: 'pending' | 'second' | 'done'
}
export interface WithdrawIndex extends Paged<Withdrawal>, Cursors {
  money_stat: (MoneyStat & { fee: string }) | null
  types: { status: Labels; pay_method: Labels; review_stage: Labels }
  double_review_amount: string
  /** Withdrawals under review (审核中, and of them 待复核) of the product, whatever the filter. */
  pending_count: number; second_review_count: number
}
export type WithdrawQuery = Omit<RechargeQuery, 'source' | 'merchant_id'> & { review_stage?: 'pending' | 'second' }
/** POST /api/withdraw/edit: 1 approves (the first of two when two-person review applies), 2 rejects (remark required). */
export interface WithdrawDecision { id: number; status: 1 | 2; remark?: string }
export interface WithdrawDecisionAnswer extends Withdrawal { first_review: boolean }

/** POST /api/giftmoney/create: one member (username or member_id) or, for gift money, up to 1,000 usernames. */
export interface GiftInput {
  username?: string; member_id?: number; usernames?: string[]
  type: 6 | 7 | 8; amount: string; remark: string
  /** Needed when the total moved is above the finance setting manual_confirm_amount. */
  confirm?: boolean
}
export interface GiftResult {
  username: string; member_id: number | null; ok: boolean; msg: string
  order_no?: string; amount?: string; before?: string; after?: string
}
export interface GiftAnswer { type: 6 | 7 | 8; amount: string; ok: number; failed: number; total: string; results: GiftResult[] }
export interface GiftRecord extends Recharge { type: 6 | 7 | 8 }
export interface GiftIndex extends Paged<GiftRecord>, Cursors {
  money_stat: { manual_add: string; gift: string; manual_sub: string } | null
  types: { type: Labels }
}

export interface BalanceChange {
  id: number; member_id: number; username: string; type: number; amount: string; before: string; after: string
  ref: string; remark: string; created_at: string
}
export interface BalanceIndex extends Paged<BalanceChange>, Cursors {
  balance_stat: { income: string; expense: string; net: string } | null
  types: Labels
}
export interface BalanceQuery {
  page?: number; per_page?: number; after?: number; before?: number
  username?: string; member_id?: number; type?: string | number | number[]; ref?: string; start_time?: string; end_time?: string
}
