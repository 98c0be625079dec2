// The withdrawal review desk (提现审核台): claims, the review context a reviewer decides with, and its flags.
import { Type, type Static } from '@sinclair/typebox'
import type { Labels } from './enums'
import type { Association, MemberLogin, MemberTag, Note } from './risk'
import type { Withdrawal } from './finance'

/**
 * The flags a review raises, computed when it is read: first_withdrawal — no paid withdrawal asked for before this one;
 * turnover_unmet — asked while turnover remained (policy 2); shared_ip / shared_device / shared_card — an association
 * group of that kind; new_account — registered within 24 h before the request; big_win — a payout of at least the
 * finance setting big_win_amount settled from 7 days before the request on; risk_tag — risk level 2 or more;
 * amount_over_avg — at least 3 × the average of the member's earlier paid withdrawals.
 */
export const REVIEW_FLAG: Labels = {
  first_withdrawal: '首次提现',
  turnover_unmet: '打码量未完成',
  shared_ip: '同 IP 多账号',
  shared_device: '同设备多账号',
  shared_card: '银行卡多人使用',
  new_account: '新注册账号',
  big_win: '近期大额中奖',
  risk_tag: '高风险标签',
  amount_over_avg: '金额远超平均',
}
export type ReviewFlagCode = keyof typeof REVIEW_FLAG & string

/** 1 refuse a withdrawal request while turnover remains · 2 allow it and flag it (finance setting turnover_withdraw_policy). */
export const TURNOVER_POLICY = { refuse: 1, flag: 2 } as const

export interface MoneyFigures { recharge: string; withdraw: string; bet: string; payout: string; gift: string; manual: string; net_win: string }
export interface TurnoverFigures { required: string; done: string; remaining: string }
export interface RecentBalanceChange { id: number; type: number; type_name: string; amount: string; after: string; ref: string; created_at: string }

export interface WithdrawReview {
  withdrawal: Withdrawal
  member: {
    id: number; username: string; level: string; tags: MemberTag[]; risk_level: number; created_at: string; register_ip: string
    status: number; withdraw_blocked: boolean
  }
  /**
   * recharge: confirmed deposits (sources 0 and 4); withdraw: paid withdrawals' amount; bet, payout: stakes and payouts
   * of settled bets; gift: balance changes of type 7; manual: types 6 − 8; net_win = payout − bet. days_30: within the
   * last 30 days by confirmation, decision, settlement or change time.
   */
  money: { days_30: MoneyFigures; all: MoneyFigures }
  turnover: TurnoverFigures
  /** As it stood when the member asked (kept on the withdrawal). */
  turnover_at_request: TurnoverFigures
  associations: Association[]
  /** The newest 20 balance changes, 10 logins and 10 of the member's other withdrawals. */
  recent: { balance_changes: RecentBalanceChange[]; logins: MemberLogin[]; withdrawals: Withdrawal[] }
  notes: Note[]
  flags: { code: ReviewFlagCode; label: string }[]
}

/** A labelled rejection reason of the finance setting withdraw_reject_reasons ("code:label" per line). */
export const RejectReasonItem = Type.Object({ code: Type.String(), label: Type.String() }, { additionalProperties: false })
export type RejectReason = Static<typeof RejectReasonItem>

const REASON_CODE = /^[a-z0-9_]{1,32}$/

/**
 * Reads withdraw_reject_reasons: one `code:label` a line (blank lines skipped), the code 1–32 lower-case letters,
 * digits or underscores, the label 1–20 characters, codes unique, at least one line; or why not, in Chinese.
 */
export function parseRejectReasons(text: string): { reasons: RejectReason[] } | { error: string } {
  const reasons: RejectReason[] = []
  const lines = text.split(/\r?\n/)
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim()
    if (!line) continue
    const at = line.indexOf(':')
    if (at < 0) return { error: `第 ${i + 1} 行须为“代码:名称”` }
    const code = line.slice(0, at).trim()
    const label = line.slice(at + 1).trim()
    if (!REASON_CODE.test(code)) return { error: `第 ${i + 1} 行的代码须为 1-32 位小写字母、数字或下划线` }
    if (!label || [...label].length > 20) return { error: `第 ${i + 1} 行的名称须为 1-20 个字` }
    if (reasons.some((r) => r.code === code)) return { error: `代码 ${code} 重复` }
    reasons.push({ code, label })
  }
  return reasons.length ? { reasons } : { error: '至少填写一个驳回原因' }
}
