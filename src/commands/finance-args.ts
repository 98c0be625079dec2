// What the finance commands share: sums of the rows' money, the remark argument, the rows still waiting for a
// decision, and how a bulk result names a record.
import type { Row } from '../core/command'
import { centsText, toCents } from '../contract/money'

/** The rows' `key` money summed exactly, as text. */
export const sum = (rows: Row[], key = 'amount') => centsText(rows.reduce((n, r) => n + (toCents(String(r[key])) ?? 0), 0))

export const remarkArg = (title = '备注（必填）') => ({
  name: 'remark', title, placeholder: '写明原因，会记入账变与操作日志', validate: (v: string) => (v.trim() ? null : '请填写备注'),
})

/** Rows still waiting (待支付 recharges, withdrawals under review): the only ones a decision applies to. */
export const waiting = (rows: Row[]) => rows.filter((r) => r.status === 3)

/** A recharge or withdrawal as a bulk result names it. */
export const named = (r: Row) => `${r.order_no} ${r.username}`
