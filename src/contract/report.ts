// The answers of 报表统计 and 首页, declared as schemas (their types derived from them). Money is a decimal string
// with two places; counts are integers.
import { Type, type Static } from '@sinclair/typebox'
import { Money, Nullable } from './schema'

/** A report covers at most this many days. */
export const REPORT_MAX_DAYS = 366

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })
const Count = Type.Integer()

/** One day's figures (in the total: summed over the days). */
const ReportFigures = Type.Object({
  register_count: Count, first_recharge_count: Count,
  recharge_amount: Money, recharge_count: Count,
  withdraw_amount: Money, withdraw_count: Count,
  bet_amount: Money, payout_amount: Money,
  /** Bets − payouts. */
  profit: Money,
  gift_amount: Money, manual_add: Money, manual_sub: Money, interest_paid: Money,
  /** Members who bet that day (in the total: summed over the days). */
  active_count: Count,
}, { additionalProperties: false })

const ReportDayItem = Type.Object({ date: Day, ...ReportFigures.properties }, { additionalProperties: false })
export type ReportDay = Static<typeof ReportDayItem>

export const ReportAnswer = Type.Object({
  start_time: Day, end_time: Day, agent_id: Nullable(Type.Integer()),
  items: Type.Array(ReportDayItem),
  total: ReportFigures,
  agent_list: Type.Array(Type.Object({ id: Type.Integer(), username: Type.String() }, { additionalProperties: false })),
}, { additionalProperties: false })
export type ReportIndex = Static<typeof ReportAnswer>

/** 首页: each part present only when the admin holds the menu behind it. */
export const HomeAnswer = Type.Object({
  /** Today and yesterday (report menu). */
  days: Nullable(Type.Object({ today: ReportDayItem, yesterday: ReportDayItem }, { additionalProperties: false })),
  /** The last 30 days, oldest first (report menu). */
  series: Nullable(Type.Array(Type.Object({ date: Day, recharge: Money, withdraw: Money, profit: Money }, { additionalProperties: false }))),
  /** Work waiting: withdrawals 审核中 and 待复核 (withdrawal menu), recharges 待支付 (recharge menu). */
  waiting: Type.Object({
    withdraw_pending: Nullable(Count), withdraw_second: Nullable(Count), recharge_pending: Nullable(Count),
  }, { additionalProperties: false }),
}, { additionalProperties: false })
export type HomeIndex = Static<typeof HomeAnswer>

/** The report's money columns and count columns, in the table's order. */
export const REPORT_COLUMNS: { key: keyof Static<typeof ReportFigures>; title: string; money: boolean }[] = [
  { key: 'register_count', title: '注册人数', money: false },
  { key: 'first_recharge_count', title: '首充人数', money: false },
  { key: 'recharge_amount', title: '充值金额', money: true },
  { key: 'recharge_count', title: '充值笔数', money: false },
  { key: 'withdraw_amount', title: '提现金额', money: true },
  { key: 'withdraw_count', title: '提现笔数', money: false },
  { key: 'bet_amount', title: '投注金额', money: true },
  { key: 'payout_amount', title: '派奖金额', money: true },
  { key: 'profit', title: '盈亏', money: true },
  { key: 'gift_amount', title: '彩金', money: true },
  { key: 'manual_add', title: '人工加款', money: true },
  { key: 'manual_sub', title: '人工扣款', money: true },
  { key: 'interest_paid', title: '余额宝利息', money: true },
  { key: 'active_count', title: '活跃人数', money: false },
]
