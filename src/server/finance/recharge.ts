// /api/recharge routes (充值记录): the list with money_stat and types, and the decision on a 待支付 recharge.
import { Type } from '@sinclair/typebox'
import { route } from '../http/route'
import { DateTime, Id, Text } from '../http/schemas'
import { KeysetQuery } from '../http/list'
import { FINANCE_PATHS } from '../../contract/finance'
import { listRecharges, rechargeById } from './recharge-store'
import { decideRecharge } from './recharge-rules'
import { RemarkText } from './common'

const MENU = FINANCE_PATHS.recharge
const Int = (title: string, min: number, max: number) => Type.Optional(Type.Integer({ title, minimum: min, maximum: max }))

export const RecordQuery = {
  ...KeysetQuery,
  order_no: Type.Optional(Text('订单号', 40)),
  username: Type.Optional(Text('用户名', 16)),
  member_id: Int('会员ID', 1, 2147483647),
  status: Int('状态', 1, 3),
  pay_method: Int('支付方式', 1, 2),
  start_time: Type.Optional(DateTime('开始时间')),
  end_time: Type.Optional(DateTime('结束时间')),
  amount_min: Type.Optional(Text('最低金额', 20)),
  amount_max: Type.Optional(Text('最高金额', 20)),
}

export default [
  route({
    method: 'GET', url: '/api/recharge/index', summary: '充值记录（游标翻页，含金额合计与类型）', menu: MENU, action: 'R',
    query: Type.Object({ ...RecordQuery, source: Int('充值来源', 0, 4), merchant_id: Int('商户', 1, 2147483647) }),
    handler: (ctx, q) => listRecharges(ctx.root, ctx.caller.product, q),
  }),
  route({
    method: 'POST', url: '/api/recharge/edit', summary: '处理待支付充值：1 确认到账（入账并消耗商户额度），2 置为失败', menu: MENU, action: 'U',
    idempotent: true,
    body: Type.Object({
      id: Id,
      status: Type.Integer({ title: '状态', minimum: 1, maximum: 2 }),
      remark: Type.Optional(RemarkText()),
    }),
    handler: async (ctx, b) => {
      const before = await rechargeById(ctx.db, ctx.caller.product, b.id)
      await decideRecharge(ctx.db, ctx.caller.product, b.id, { status: b.status as 1 | 2, remark: b.remark, admin: ctx.caller.username })
      const after = await rechargeById(ctx.db, ctx.caller.product, b.id)
      ctx.audit.before = before
      ctx.audit.after = after
      return after
    },
  }),
]
