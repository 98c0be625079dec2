// Reading withdrawals (提现记录): their columns with the review stage of each row (审核中 / 待复核), its live claim
// and the member's risk level and tags, the two-person threshold, and one record with its payee masked.
import type { Queryable } from '../db/db'
import { one } from '../db/db'
import { notFound } from '../errors'
import { TIME } from '../http/format'
import { MASK_CARD, SHORT_ADDRESS } from '../member/payee-rules'
import { readSettings } from '../settings/store'
import { MEMBER_RISK_COLS } from '../risk/tags'
import type { Withdrawal } from '../../contract/finance'

/** SQL: whether the withdrawal aliased `w` is claimed now (a claim lapses by itself), and by whom ('' = nobody). */
export const CLAIM_LIVE = `(w.claimed_by <> '' and w.claim_expires_at > now())`
export const CLAIM_HOLDER = `case when ${CLAIM_LIVE} then w.claimed_by else '' end`

export const WITHDRAW_COLS = `w.id, w.order_no, w.member_id, m.username, cents_text(w.amount) as amount, cents_text(w.fee) as fee,
  cents_text(w.amount - w.fee) as actual_amount, w.pay_method::int as pay_method, w.bank_name,
  case when w.card_no = '' then '' else ${MASK_CARD('w.card_no')} end as card_no, w.holder, w.chain,
  case when w.address = '' then '' else ${SHORT_ADDRESS('w.address')} end as address,
  w.status::int as status, w.first_review_admin, w.admin, w.remark, ${TIME('w.created_at')} as created_at,
  ${TIME('w.reviewed_at')} as reviewed_at, w.amount as cents,
  case when w.status <> 3 then 'done' when w.first_review_admin <> '' then 'second' else 'pending' end as review_stage,
  ${CLAIM_HOLDER} as claimed_by, case when ${CLAIM_LIVE} then ${TIME('w.claim_expires_at')} end as claim_expires_at,
  w.turnover_unmet, w.reason_code, ${MEMBER_RISK_COLS('m')}`
export const WITHDRAW_FROM = 'withdrawals w join members m on m.id = w.member_id'

/** The finance setting double_review_amount in cents. */
export async function threshold(db: Queryable, product: string): Promise<number> {
  return (await readSettings(db, product, ['double_review_amount'])).cents('double_review_amount')
}

/** Marks the rows that need two admins (at or above the threshold now in force). */
export function marked(rows: (Withdrawal & { cents?: number | string })[], t: number): Withdrawal[] {
  return rows.map(({ cents, ...r }) => ({ ...r, needs_double_review: t > 0 && Number(cents) >= t }))
}

/** One withdrawal as the console sees it; `lock` takes its row lock (a decision about to be made on it). */
export async function withdrawalById(db: Queryable, product: string, id: number, o: { threshold?: number; lock?: boolean } = {}): Promise<Withdrawal> {
  const r = await one<Withdrawal>(db, `select ${WITHDRAW_COLS} from ${WITHDRAW_FROM} where w.id = $1 and w.product = $2${o.lock ? ' for update of w' : ''}`, [id, product])
  if (!r) throw notFound('提现记录不存在')
  return marked([r], o.threshold ?? await threshold(db, product))[0]
}

