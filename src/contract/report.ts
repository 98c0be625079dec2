// Request and response shapes of 报表统计 and 首页. Money is a decimal string with two places.

export const REPORT_API = { report: '/api/report/index', home: '/api/home' } as const
export const REPORT_PATH = '/layout/report'
/** A report covers at most this many days. */
export const REPORT_MAX_DAYS = 366

export interface ReportDay {
  date: string
  register_count: number; first_recharge_count: number
  recharge_amount: string; recharge_count: number
  withdraw_amount: string; withdraw_count: number
  bet_amount: string; payout_amount: string
  /** Bets − payouts. */
  profit: string
  gift_amount: string; manual_add: string; manual_sub: string; interest_paid: string
  /** Members who bet that day (in the total: summed over the days). */
  active_count: number
}
export interface ReportIndex {
  start_time: string; end_time: string; agent_id: number | null
  items: ReportDay[]
  total: Omit<ReportDay, 'date'>
  agent_list: { id: number; username: string }[]
}
export interface ReportQuery { start_time?: string; end_time?: string; agent_id?: number }

/** 首页: each part present only when the admin holds the menu behind it. */
export interface HomeIndex {
  /** Today and yesterday (report menu). */
  days: { today: ReportDay; yesterday: ReportDay } | null
  /** The last 30 days, oldest first (report menu). */
  series: { date: string; recharge: string; withdraw: string; profit: string }[] | null
  /** Work waiting: withdrawals 审核中 and 待复核 (withdrawal menu), recharges 待支付 (recharge menu). */
  waiting: { withdraw_pending: number | null; withdraw_second: number | null; recharge_pending: number | null }
}

/** The report's money columns and count columns, in the table's order. */
export const REPORT_COLUMNS: { key: keyof Omit<ReportDay, 'date'>; title: string; money: boolean }[] = [
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
