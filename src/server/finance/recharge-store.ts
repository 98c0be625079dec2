// Reading recharges (充值记录): the filtered keyset-paged list with money_stat and the labelled types, one record.
import type { Db, Queryable } from '../db/db'
import { one } from '../db/db'
import { notFound } from '../errors'
import { TIME } from '../http/format'
import { keyset, keysetPaged, pageRows, Where } from '../http/list'
import { PAY_METHOD, RECHARGE_SOURCE, RECHARGE_STATUS } from '../../contract/enums'
import type { Recharge, RechargeIndex, RechargeQuery } from '../../contract/finance'
import { amountRange, memberIdOf } from './common'
import { listTotals, moneyStat, statusSums, WHAT } from './totals'

export const RECHARGE_COLS = `r.id, r.order_no, r.member_id, m.username, cents_text(r.amount) as amount, r.pay_method::int as pay_method,
  r.source::int as source, r.status::int as status, r.merchant_id, coalesce(mc.name, '') as merchant_name, r.payer, r.remark, r.admin,
  ${TIME('r.created_at')} as created_at, ${TIME('r.confirmed_at')} as confirmed_at`
export const RECHARGE_FROM = `recharges r join members m on m.id = r.member_id left join merchants mc on mc.id = r.merchant_id`

export async function rechargeById(db: Queryable, product: string, id: number): Promise<Recharge> {
  const r = await one<Recharge>(db, `select ${RECHARGE_COLS} from ${RECHARGE_FROM} where r.id = $1 and r.product = $2`, [id, product])
  if (!r) throw notFound('充值记录不存在')
  return r
}

export async function listRecharges(db: Db, product: string, q: RechargeQuery): Promise<RechargeIndex> {
  const p = keyset(q)
  const w = new Where().add('r.product = ?', product)
  w.eq('r.order_no', q.order_no?.trim()).eq('r.member_id', await memberIdOf(db, product, q.username)).eq('r.member_id', q.member_id)
  w.eq('r.status', q.status).eq('r.source', q.source).eq('r.pay_method', q.pay_method).eq('r.merchant_id', q.merchant_id)
  w.timeRange('r.created_at', q)
  amountRange(w, 'r.amount', q)
  // The page and the totals at once (two connections on PostgreSQL): the answer waits for the slower one.
  const [page, totals, sums] = await Promise.all([
    pageRows<Recharge>(db, p, { select: RECHARGE_COLS, from: RECHARGE_FROM, where: w, idCol: 'r.id', timeTable: 'recharges' }),
    listTotals(db, { product, what: WHAT.recharge, from: 'recharges r', where: w, base: 1, status: q.status }),
    statusSums(db, product, WHAT.recharge),
  ])
  const pending = moneyStat(sums, 3).n
  return {
    ...keysetPaged(page.rows, p, totals, page), money_stat: totals.stats,
    types: { source: RECHARGE_SOURCE, pay_method: PAY_METHOD, status: RECHARGE_STATUS }, pending_count: pending,
  }
}
