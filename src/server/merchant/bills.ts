// /api/merchantbill routes (额度记录): merchants' quota bills, 13 a page, keyset-paged, with money_stat {add, reduce}.
import { by, listRoute } from '../db/list'
import { TIME } from '../http/format'
import { QUOTA_TYPE } from '../../contract/enums'
import { PAGE_SIZES } from '../../contract/common'
import { bills } from '../../contract/api/merchant'

export default [
  listRoute(bills.index, {
    from: 'merchant_bills b join merchants mc on mc.id = b.merchant_id', countFrom: 'merchant_bills b',
    select: `b.id, b.merchant_id, mc.name as merchant_name, b.type::int as type, cents_text(b.amount) as amount,
      cents_text(b.before) as before, cents_text(b.after) as after, b.ref, b.remark, b.admin, ${TIME('b.created_at')} as created_at`,
    id: 'b.id', table: 'merchant_bills', product: 'b.product', time: 'b.created_at', perPage: PAGE_SIZES.bills,
    filters: { merchant_id: 'b.merchant_id', type: 'b.type', ref: by.text('b.ref') },
    sums: `cents_text(coalesce(sum(b.amount) filter (where b.type = 21), 0)) as add,
      cents_text(coalesce(sum(b.amount) filter (where b.type = 22), 0)) as reduce`,
    statsKey: 'money_stat',
    extra: () => ({ types: QUOTA_TYPE }),
  }),
]
