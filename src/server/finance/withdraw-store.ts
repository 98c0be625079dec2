// Reading withdrawals (提现记录): the filtered keyset-paged list with money_stat, the review stage of each row
// (审核中 / 待复核) and the product's pending counts, and one record with its payee masked.
import type { Db, Queryable } from '../db/db'
import { one } from '../db/db'
import { notFound } from '../errors'
import { TIME } from '../http/format'
import { keyset, keysetPaged, pageRows, Where } from '../http/list'
import { MASK_CARD, SHORT_ADDRESS } from '../member/payee-rules'
import { readSettings } from '../settings/store'
import { PAY_METHOD, WITHDRAW_STATUS } from '../../contract/enums'
import { REVIEW_STAGE, type Withdrawal, type WithdrawIndex, type WithdrawQuery } from '../../contract/finance'
import { centsText } from '../../contract/money'
import { amountRange, memberIdOf } from './common'
import { listTotals, moneyStat, statusSums, WHAT } from './totals'

const COLS = `w.id, w.order_no, w.member_id, m.username, cents_text(w.amount) as amount, cents_text(w.fee) as fee,
  cents_text(w.amount - w.fee) as actual_amount, w.pay_method::int as pay_method, w.bank_name,
  case when w.card_no = '' then '' else ${MASK_CARD('w.card_no')} end as card_no, w.holder, w.chain,
  case when w.address = '' then '' else ${SHORT_ADDRESS('w.address')} end as address,
  w.status::int as status, w.first_review_admin, w.admin, w.remark, ${TIME('w.created_at')} as created_at,
  ${TIME('w.reviewed_at')} as reviewed_at, w.amount as cents,
  case when w.status <> 3 then 'done' when w.first_review_admin <> '' then 'second' else 'pending' end as review_stage`
const FROM = 'withdrawals w join members m on m.id = w.member_id'

/** The finance setting double_review_amount in cents. */
export async function threshold(db: Queryable, product: string): Promise<number> {
  return (await readSettings(db, product, ['double_review_amount'])).cents('double_review_amount')
}

/** Marks the rows that need two admins (at or above the threshold now in force). */
function marked(rows: (Withdrawal & { cents?: number | string })[], t: number): Withdrawal[] {
  return rows.map(({ cents, ...r }) => ({ ...r, needs_double_review: t > 0 && Number(cents) >= t }))
}

/** One withdrawal as the console sees it; `lock` takes its row lock (a decision about to be made on it). */
export async function withdrawalById(db: Queryable, product: string, id: number, o: { threshold?: number; lock?: boolean } = {}): Promise<Withdrawal> {
  const r = await one<Withdrawal>(db, `select ${COLS} from ${FROM} where w.id = $1 and w.product = $2${o.lock ? ' for update of w' : ''}`, [id, product])
  if (!r) throw notFound('提现记录不存在')
  return marked([r], o.threshold ?? await threshold(db, product))[0]
}

export async function listWithdrawals(db: Db, product: string, q: WithdrawQuery): Promise<WithdrawIndex> {
  const p = keyset(q)
  const t = await threshold(db, product)
  const w = new Where().add('w.product = ?', product)
  w.eq('w.order_no', q.order_no?.trim()).eq('w.member_id', await memberIdOf(db, product, q.username)).eq('w.member_id', q.member_id)
  w.eq('w.status', q.status).eq('w.pay_method', q.pay_method)
  if (q.review_stage === 'second') w.add(`w.status = 3 and w.first_review_admin <> ''`)
  if (q.review_stage === 'pending') w.add(`w.status = 3 and w.first_review_admin = ''`)
  w.timeRange('w.created_at', q)
  amountRange(w, 'w.amount', q)
  const [page, totals, sums, second] = await Promise.all([pageRows<Withdrawal>(db, p, { select: COLS, from: FROM, where: w, idCol: 'w.id', timeTable: 'withdrawals' }), listTotals(db, {
    product, what: WHAT.withdraw, from: 'withdrawals w', where: w, base: 1, status: q.status,
    stats: `cents_text(coalesce(sum(w.amount), 0)) as total, cents_text(coalesce(sum(w.amount) filter (where w.status = 1), 0)) as success,
      cents_text(coalesce(sum(w.amount) filter (where w.status = 3), 0)) as pending,
      cents_text(coalesce(sum(w.amount) filter (where w.status = 2), 0)) as failed, cents_text(coalesce(sum(w.fee), 0)) as fee`,
  }), statusSums(db, product, WHAT.withdraw),
  one<{ n: number }>(db, `select count(*)::int as n from withdrawals where product = $1 and status = 3 and first_review_admin <> ''`, [product])])
  const pending = moneyStat(sums, 3).n
  return {
    ...keysetPaged(marked(page.rows, t), p, totals, page), money_stat: totals.stats as WithdrawIndex['money_stat'],
    types: { status: WITHDRAW_STATUS, pay_method: PAY_METHOD, review_stage: REVIEW_STAGE },
    double_review_amount: centsText(t), pending_count: pending, second_review_count: second!.n,
  }
}
