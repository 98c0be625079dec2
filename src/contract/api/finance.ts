// Endpoints of the finance area: recharges, withdrawals with two-person review, manual money and gift money, balance changes.
import { Type } from '@sinclair/typebox'
import { get, post } from '../endpoint'
import { MENU } from '../menus'
import { DateTime, Id, IntFilter, KeysetQuery, Money, Nullable, Paged, RemarkText, Text, TimeText } from '../schema'
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

const Labels = Type.Record(Type.String(), Type.String())
const Sums = { total: Money, success: Money, pending: Money, failed: Money }

const WithdrawalItem = Type.Object({
  id: Type.Integer(), order_no: Type.String(), member_id: Type.Integer(), username: Type.String(), amount: Money, fee: Money,
  actual_amount: Money, pay_method: Type.Integer(), bank_name: Type.String(), card_no: Type.String(), holder: Type.String(),
  chain: Type.String(), address: Type.String(), status: Type.Integer(), first_review_admin: Type.String(), admin: Type.String(),
  remark: Type.String(), created_at: TimeText, reviewed_at: Nullable(TimeText), needs_double_review: Type.Boolean(),
  review_stage: Type.Union([Type.Literal('pending'), Type.Literal('second'), Type.Literal('done')]),
}, { additionalProperties: false })

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
    }), {
      response: Paged(WithdrawalItem, {
        money_stat: Nullable(Type.Object({ ...Sums, fee: Money })),
        types: Type.Object({ status: Labels, pay_method: Labels, review_stage: Labels }),
        double_review_amount: Money, pending_count: Type.Integer(), second_review_count: Type.Integer(),
      }),
    }),
  edit: post<WithdrawDecisionAnswer>()('/api/withdraw/edit', MENU.withdraw, 'U',
    '审核提现：1 通过（达到双人复核金额时需两位管理员），2 驳回（须填写原因）', Decision, { idempotent: true }),
}

