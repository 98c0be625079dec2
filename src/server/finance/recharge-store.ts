// Reading recharges (充值记录): their columns (with the member's risk level and tags) and one record.
import type { Queryable } from '../db/db'
import { one } from '../db/db'
import { notFound } from '../errors'
import { TIME } from '../http/format'
import { MEMBER_RISK_COLS } from '../risk/tags'
import type { Recharge } from '../../contract/finance'

export const RECHARGE_COLS = `r.id, r.order_no, r.member_id, m.username, cents_text(r.amount) as amount, r.pay_method::int as pay_method,
  r.source::int as source, r.status::int as status, r.merchant_id, coalesce(mc.name, '') as merchant_name, r.payer, r.remark, r.admin,
  ${TIME('r.created_at')} as created_at, ${TIME('r.confirmed_at')} as confirmed_at, ${MEMBER_RISK_COLS('m')}`
export const RECHARGE_FROM = `recharges r join members m on m.id = r.member_id left join merchants mc on mc.id = r.merchant_id`

export async function rechargeById(db: Queryable, product: string, id: number): Promise<Recharge> {
  const r = await one<Recharge>(db, `select ${RECHARGE_COLS} from ${RECHARGE_FROM} where r.id = $1 and r.product = $2`, [id, product])
  if (!r) throw notFound('充值记录不存在')
  return r
}

