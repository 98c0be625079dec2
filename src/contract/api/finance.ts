// Endpoints of the finance area: recharges, withdrawals with two-person review, manual money and gift money, balance changes.
import { Type } from '@sinclair/typebox'
import { get, post } from '../endpoint'
import { MENU } from '../menus'
import { DateTime, Id, IdBody, IdQuery, IntFilter, KeysetQuery, Money, MoneyText, Nullable, Paged, RateText, RemarkText, Text } from '../schema'
import {
  BalanceChangeItem, BalanceSums, GIFT_BATCH_MAX, GiftRecordItem, GiftSums, MoneySums, RechargeItem, WithdrawalItem,
  type BalanceIndex, type Withdrawal, type GiftAnswer, type GiftIndex, type Recharge, type RechargeIndex, type WithdrawDecisionAnswer, type WithdrawIndex,
} from '../finance'
import { RejectReasonItem, type WithdrawReview } from '../review'

const Labels = Type.Record(Type.String(), Type.String())
const TimeRange = { start_time: Type.Optional(DateTime('开始时间')), end_time: Type.Optional(DateTime('结束时间')) }
const MemberId = IntFilter('会员ID', 1, 2147483647)

/** The filters recharges and withdrawals share. */
const RecordQuery = {
  ...KeysetQuery,
  order_no: Type.Optional(Text('订单号', 40)),
  username: Type.Optional(Text('用户名', 16)),
  member_id: MemberId,
  status: IntFilter('状态', 1, 3),
  pay_method: IntFilter('支付方式', 1, 2),
  ...TimeRange,
  amount_min: Type.Optional(Text('最低金额', 20)),
  amount_max: Type.Optional(Text('最高金额', 20)),
}

const Decision = Type.Object({
  id: Id,
  status: Type.Integer({ title: '状态', minimum: 1, maximum: 2 }),
  remark: Type.Optional(RemarkText()),
})

/** A withdrawal's decision also carries the desk's fields: a reason code, freezing the member's withdrawals, taking over a claim. */
const WithdrawDecision = Type.Object({
  ...Decision.properties,
  reason_code: Type.Optional(Type.String({ title: '驳回原因', pattern: '^[a-z0-9_]{1,32}$' })),
  freeze: Type.Optional(Type.Boolean({ title: '冻结提现' })),
  force: Type.Optional(Type.Boolean({ title: '接管认领' })),
})

export const recharge = {
  index: get<RechargeIndex>()('/api/recharge/index', MENU.recharge, '充值记录（游标翻页，含金额合计与类型）',
    Type.Object({ ...RecordQuery, source: IntFilter('充值来源', 0, 4), merchant_id: IntFilter('商户', 1, 2147483647) }), {
      response: Paged(RechargeItem, {
        money_stat: Nullable(MoneySums), types: Type.Object({ source: Labels, pay_method: Labels, status: Labels }), pending_count: Type.Integer(),
      }),
    }),
  edit: post<Recharge>()('/api/recharge/edit', MENU.recharge, 'U', '处理待支付充值：1 确认到账（入账并消耗商户额度），2 置为失败',
    Decision, { idempotent: true }),
}

export const withdraw = {
  index: get<WithdrawIndex>()('/api/withdraw/index', MENU.withdraw, '提现记录（游标翻页，含金额合计与待复核标记）',
    Type.Object({
      ...RecordQuery,
      review_stage: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('second')], { title: '审核阶段' })),
      /** waiting: the rows under review, oldest first (the desk's queue). */
      sort: Type.Optional(Type.Literal('waiting', { title: '排序' })),
    }), {
      response: Paged(WithdrawalItem, {
        money_stat: Nullable(Type.Object({ ...MoneySums.properties, fee: Money })),
        types: Type.Object({ status: Labels, pay_method: Labels, review_stage: Labels }),
        double_review_amount: Money, pending_count: Type.Integer(), second_review_count: Type.Integer(),
        sla_minutes: Type.Integer(), claim_minutes: Type.Integer(), reject_reasons: Type.Array(RejectReasonItem),
      }),
    }),
  edit: post<WithdrawDecisionAnswer>()('/api/withdraw/edit', MENU.withdraw, 'U',
    '审核提现：1 通过（达到双人复核金额时需两位管理员），2 驳回（须填写原因，可带原因代码并冻结提现）；他人认领中 409，超级管理员 force 接管',
    WithdrawDecision, { idempotent: true }),
  claim: post<Withdrawal>()('/api/withdraw/claim', MENU.withdraw, 'U', '认领审核中的提现（认领时长见财务设置）；他人认领中 409，超级管理员 force 接管',
    Type.Object({ id: Id, force: Type.Optional(Type.Boolean({ title: '接管认领' })) }), { idempotent: true }),
  release: post<Withdrawal>()('/api/withdraw/release', MENU.withdraw, 'U', '放弃认领', IdBody, { idempotent: true }),
  review: get<WithdrawReview>()('/api/withdraw/review', MENU.withdraw, '审核上下文：会员、资金、打码量、关联账号、近期记录、备注与风险提示',
    IdQuery, { audit: true }),
}

/** 人工充值扣款 and 彩金赠送 share the records; each type needs its own menu (the handler checks the second). */
const MANUAL_MENUS = [MENU.manual, MENU.gift] as const

export const giftmoney = {
  create: post<GiftAnswer>()('/api/giftmoney/create', MANUAL_MENUS, 'C',
    '人工加款（6）、人工扣款（8）或彩金（7，可一次最多 1000 个会员），加款与彩金可带本次打码倍数，支持 Idempotency-Key', Type.Object({
      type: Type.Union([Type.Literal(6), Type.Literal(7), Type.Literal(8)], { title: '类型' }),
      username: Type.Optional(Text('用户名', 16)),
      member_id: MemberId,
      usernames: Type.Optional(Type.Array(Text('用户名', 16, 1), { title: '用户名列表', minItems: 1, maxItems: GIFT_BATCH_MAX })),
      amount: MoneyText('金额'),
      remark: RemarkText('备注', 1),
      confirm: Type.Optional(Type.Boolean({ title: '确认' })),
      /** 打码倍数 of a top-up (6) or gift (7): 0–9999, two decimals at most, 0 allowed; none = the finance setting. */
      turnover_multiple: Type.Optional(RateText('打码倍数', 7)),
    }), { idempotent: true }),
  index: get<GiftIndex>()('/api/giftmoney/index', MANUAL_MENUS, '人工加款、扣款与彩金记录（含各类型合计）', Type.Object({
    ...KeysetQuery,
    type: Type.Optional(Text('类型', 20)),
    username: Type.Optional(Text('用户名', 16)),
    admin: Type.Optional(Text('操作人', 32)),
    ...TimeRange,
  }), { response: Paged(GiftRecordItem, { money_stat: Nullable(GiftSums), types: Type.Object({ type: Labels }) }) }),
}

/** Balance changes of real members (/index) and of trial members (/demo) take the same filters and answer alike. */
const BalanceQuery = Type.Object({
  ...KeysetQuery,
  username: Type.Optional(Text('用户名', 16)),
  member_id: MemberId,
  type: Type.Optional(Text('账变类型', 40)),
  ref: Type.Optional(Text('关联单号', 64)),
  ...TimeRange,
})
const BalanceAnswer = Paged(BalanceChangeItem, { balance_stat: Nullable(BalanceSums), types: Labels })

export const balance = {
  index: get<BalanceIndex>()('/api/balance/index', MENU.balance, '账变记录（真实会员，游标翻页，含收支合计与类型）', BalanceQuery, { response: BalanceAnswer }),
  demo: get<BalanceIndex>()('/api/balance/demo', MENU.balanceDemo, '试玩账变记录（试玩会员）', BalanceQuery, { response: BalanceAnswer }),
}
