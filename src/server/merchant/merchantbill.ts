// /api/merchantbill routes (额度记录): merchants' quota bills, 13 a page, keyset-paged, with money_stat {add, reduce}.
import { Type } from '@sinclair/typebox'
import { route } from '../http/route'
import { DateTime, Text } from '../http/schemas'
import { TIME } from '../http/format'
import { countWithin, KeysetQuery, keyset, keysetPaged, pageRows, Where } from '../db/paging'
import { QUOTA_TYPE } from '../../contract/enums'
import { PAGE_SIZES } from '../../contract/common'
import { MERCHANT_PATHS, type MerchantBill, type MerchantBillIndex } from '../../contract/merchant'

const COLS = `b.id, b.merchant_id, mc.name as merchant_name, b.type::int as type, cents_text(b.amount) as amount,
  cents_text(b.before) as before, cents_text(b.after) as after, b.ref, b.remark, b.admin, ${TIME('b.created_at')} as created_at`
const FROM = 'merchant_bills b join merchants mc on mc.id = b.merchant_id'
const STATS = `cents_text(coalesce(sum(b.amount) filter (where b.type = 21), 0)) as add,
  cents_text(coalesce(sum(b.amount) filter (where b.type = 22), 0)) as reduce`

export default [
  route({
    method: 'GET', url: '/api/merchantbill/index', summary: '商户额度记录（每页 13 条，含增加与减少合计）', menu: MERCHANT_PATHS.bills, action: 'R',
    query: Type.Object({
      ...KeysetQuery,
      merchant_id: Type.Optional(Type.Integer({ title: '商户', minimum: 1, maximum: 2147483647 })),
      type: Type.Optional(Type.Integer({ title: '类型', minimum: 21, maximum: 22 })),
      ref: Type.Optional(Text('关联单号', 64)),
      start_time: Type.Optional(DateTime('开始时间')),
      end_time: Type.Optional(DateTime('结束时间')),
    }),
    handler: async (ctx, q): Promise<MerchantBillIndex> => {
      const p = keyset(q, PAGE_SIZES.merchantbill)
      const w = new Where().add('b.product = ?', ctx.caller.product)
      w.eq('b.merchant_id', q.merchant_id).eq('b.type', q.type).eq('b.ref', q.ref?.trim())
      w.timeRange('b.created_at', q)
      const [page, totals] = await Promise.all([
        pageRows<MerchantBill>(ctx.root, p, { select: COLS, from: FROM, where: w, idCol: 'b.id' }),
        countWithin<{ add: string; reduce: string }>(ctx.root, { from: 'merchant_bills b', where: w, stats: STATS }),
      ])
      return { ...keysetPaged(page.rows, p, totals, page), money_stat: totals.stats, types: QUOTA_TYPE }
    },
  }),
]
