// Endpoints of the finance area: recharges, withdrawals with two-person review, manual money and gift money, balance changes.
import { Type } from '@sinclair/typebox'
import { get, post } from '../endpoint'
import { MENU } from '../menus'
import { DateTime, Id, IntFilter, KeysetQuery, RemarkText, Text } from '../schema'
import type { RechargeIndex, Recharge, WithdrawDecisionAnswer, WithdrawIndex } from '../finance'

/** The filters recharges and withdrawals share. */
const RecordQuery = {
  ...KeysetQuery,
  order_no: Type.Optional(Text('订单号', 40)),
  username: Type.Optional(Text('用户名', 16)),
  member_id: IntFilter('会员ID', 1, 2147483647),
  status: IntFilter('状态', 1, 3),
  pay_method: IntFilter('支付方式', 1, 2),
  start_time: Type.Optional(DateTime('开始时间')),
  end_time: Type.Optional(DateTime('结束时间')),
  amount_min: Type.Optional(Text('最低金额', 20)),
  amount_max: Type.Optional(Text('最高金额', 20)),
}

const Decision = Type.Object({
  id: Id,
  status: Type.Integer({ title: '状态', minimum: 1, maximum: 2 }),
  remark: Type.Optional(RemarkText()),
})

export const recharge = {
  index: get<RechargeIndex>()('/api/recharge/index', MENU.recharge, '充值记录（游标翻页，含金额合计与类型）',
    Type.Object({ ...RecordQuery, source: IntFilter('充值来源', 0, 4), merchant_id: IntFilter('商户', 1, 2147483647) })),
  edit: post<Recharge>()('/api/recharge/edit', MENU.recharge, 'U', '处理待支付充值：1 确认到账（入账并消耗商户额度），2 置为失败',
    Decision, { idempotent: true }),
}

export const withdraw = {
  index: get<WithdrawIndex>()('/api/withdraw/index', MENU.withdraw, '提现记录（游标翻页，含金额合计与待复核标记）',
    Type.Object({
      ...RecordQuery,
      review_stage: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('second')], { title: '审核阶段' })),
    })),
  edit: post<WithdrawDecisionAnswer>()('/api/withdraw/edit', MENU.withdraw, 'U',
    '审核提现：1 通过（达到双人复核金额时需两位管理员），2 驳回（须填写原因）', Decision, { idempotent: true }),
}

