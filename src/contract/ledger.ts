// The ledger's vocabulary shared by server and console: money classes, account kinds and every transfer type
// (the specification's balance change types 1–12, the quota types 21/22, and the ledger's internal movements).
import { BALANCE_TYPE, QUOTA_TYPE, type Labels } from './enums'

/** Money that never mixes: members' real money, the house's virtual play money, trial play money, merchant quota. */
export const MONEY = { real: 0, virtual: 1, trial: 2, quota: 3 } as const
export type MoneyClass = (typeof MONEY)[keyof typeof MONEY]
export const MONEY_CLASS: Labels = { 0: '真实资金', 1: '虚拟资金', 2: '试玩资金', 3: '商户额度' }

/** Accounts owned by a member or merchant (never below zero) and the product's house accounts (kind ≥ 10). */
export const KIND = {
  available: 1, frozen: 2, interest: 3, quota: 4,
  cashIn: 10, cashOut: 11, fees: 12, gaming: 13, promotions: 14, adjustments: 15, interestPaid: 16,
  platformQuota: 17, virtualPool: 18, trialPool: 19,
} as const
export type AccountKind = (typeof KIND)[keyof typeof KIND]
export const ACCOUNT_KIND: Labels = {
  1: '可用余额', 2: '冻结金额', 3: '余额宝', 4: '商户额度',
  10: '充值入账', 11: '提现出款', 12: '手续费收入', 13: '游戏资金池', 14: '彩金支出', 15: '人工调账', 16: '利息支出',
  17: '平台额度', 18: '虚拟资金池', 19: '试玩资金池',
}
export const isHouseKind = (kind: number) => kind >= 10

/** Transfer types: 1–12 are the balance change types (账变类型), 21/22 the quota types, 101+ the ledger's own. */
export const TRANSFER = {
  bet: 1, recharge: 2, payout: 3, withdraw: 4, withdrawRefund: 5, manualAdd: 6, gift: 7, manualSub: 8,
  investIn7: 9, investOut: 10, investIn15: 11, walletRecharge: 12,
  quotaAdd: 21, quotaReduce: 22,
  withdrawPaid: 101, withdrawFee: 102, virtualAdjust: 103, trialGrant: 104,
} as const
export const TRANSFER_TYPE: Labels = {
  ...BALANCE_TYPE, ...QUOTA_TYPE,
  101: '提现出款', 102: '提现手续费', 103: '虚拟账号调账', 104: '试玩金发放',
}
