// The ledger's vocabulary shared by server and console: money classes, account kinds and every transfer type,
// each type declared once (label, the accounts it moves between, what it adds to the report, the lists that show it).
import type { Labels } from './enums'

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

/** The report's money figures (report_daily and report_member_daily columns) a movement adds to, and its counts. */
export type ReportAmount = 'recharge_amount' | 'withdraw_amount' | 'bet_amount' | 'payout_amount' | 'gift_amount'
  | 'manual_add' | 'manual_sub' | 'interest_paid'
export type ReportCount = 'recharge_count' | 'withdraw_count'

/**
 * What a transfer of real money adds to its member's report day. The member is the owner on `side` when that side is
 * its `account` (available unless said) and, if `other` is set, the opposite side is that house account. `sign` -1
 * takes back (a refunded stake, a reversed payout). `firstRecharge`: the member's first such movement is its first
 * recharge (the rollups take it as the one that also counts `recharge_count`).
 */
export interface ReportEffect {
  side: 'from' | 'to'
  account?: AccountKind
  other?: AccountKind
  add: ReportAmount
  sign?: 1 | -1
  count?: ReportCount
  firstRecharge?: boolean
}

/** The balance-change lists whose type filter offers it (账变记录 real, 试玩账变记录 demo), or the merchant bills (quota). */
export type TypeList = 'real' | 'demo' | 'quota'

export interface TransferTypeDecl {
  id: number
  label: string
  /** The accounts it moves money between: the usual way first, then the others by name (owned kinds: the owner's). */
  legs: Record<string, readonly [from: AccountKind, to: AccountKind]>
  report?: readonly ReportEffect[]
  lists: readonly TypeList[]
}

const { available: A, frozen: F, interest: I, quota: Q } = KIND
const BALANCE: TypeList[] = ['real', 'demo']

/**
 * Every transfer type: 1–12 the balance change types (账变类型), 21/22 the quota types, 101+ the ledger's own. Real
 * money of every member counts in the report as `report` says; virtual, trial and quota money never counts.
 */
export const TRANSFER_TYPES = {
  bet: { id: 1, label: '认购', legs: { stake: [A, KIND.gaming], refund: [KIND.gaming, A] }, lists: BALANCE,
    report: [{ side: 'from', add: 'bet_amount' }, { side: 'to', add: 'bet_amount', sign: -1 }] },
  recharge: { id: 2, label: '充值', legs: { confirm: [KIND.cashIn, A] }, lists: BALANCE,
    report: [{ side: 'to', add: 'recharge_amount', count: 'recharge_count', firstRecharge: true }] },
  payout: { id: 3, label: '匹配成功', legs: { pay: [KIND.gaming, A], reverse: [A, KIND.gaming] }, lists: BALANCE,
    report: [{ side: 'to', add: 'payout_amount' }, { side: 'from', add: 'payout_amount', sign: -1 }] },
  withdraw: { id: 4, label: '提现', legs: { request: [A, F] }, lists: BALANCE },
  withdrawRefund: { id: 5, label: '提现退回', legs: { reject: [F, A] }, lists: BALANCE },
  manualAdd: { id: 6, label: '人工加款', legs: { add: [KIND.adjustments, A] }, lists: BALANCE,
    report: [{ side: 'to', add: 'manual_add' }] },
  gift: { id: 7, label: '彩金', legs: { give: [KIND.promotions, A] }, lists: BALANCE,
    report: [{ side: 'to', add: 'gift_amount' }] },
  manualSub: { id: 8, label: '人工扣款', legs: { take: [A, KIND.adjustments] }, lists: BALANCE,
    report: [{ side: 'from', add: 'manual_sub' }] },
  investIn7: { id: 9, label: '转入余额宝(7天)', legs: { buy: [A, I] }, lists: BALANCE },
  investOut: { id: 10, label: '余额宝转出', legs: { principal: [I, A], interest: [KIND.interestPaid, A] }, lists: BALANCE,
    report: [{ side: 'to', other: KIND.interestPaid, add: 'interest_paid' }] },
  investIn15: { id: 11, label: '转入余额宝(15天)', legs: { buy: [A, I] }, lists: BALANCE },
  walletRecharge: { id: 12, label: '数字钱包充值', legs: { confirm: [KIND.cashIn, A] }, lists: BALANCE,
    report: [{ side: 'to', add: 'recharge_amount', count: 'recharge_count', firstRecharge: true }] },
  quotaAdd: { id: 21, label: '增加额度', legs: { add: [KIND.platformQuota, Q] }, lists: ['quota'] },
  quotaReduce: { id: 22, label: '减少额度', legs: { reduce: [Q, KIND.platformQuota] }, lists: ['quota'] },
  withdrawPaid: { id: 101, label: '提现出款', legs: { pay: [F, KIND.cashOut] }, lists: [],
    report: [{ side: 'from', account: F, add: 'withdraw_amount', count: 'withdraw_count' }] },
  withdrawFee: { id: 102, label: '提现手续费', legs: { fee: [F, KIND.fees] }, lists: [],
    report: [{ side: 'from', account: F, add: 'withdraw_amount' }] },
  virtualAdjust: { id: 103, label: '虚拟账号调账', legs: { up: [KIND.virtualPool, A], down: [A, KIND.virtualPool] }, lists: ['demo'] },
  trialGrant: { id: 104, label: '试玩金发放', legs: { grant: [KIND.trialPool, A] }, lists: ['demo'] },
} as const satisfies Record<string, TransferTypeDecl>

export type TransferName = keyof typeof TRANSFER_TYPES

/** Transfer type ids by name (TRANSFER.bet = 1, …). */
export const TRANSFER = Object.fromEntries(Object.entries(TRANSFER_TYPES).map(([k, t]) => [k, t.id])) as
  { readonly [K in TransferName]: (typeof TRANSFER_TYPES)[K]['id'] }

/** Every declaration, by id. */
export const TRANSFER_DECLS: readonly TransferTypeDecl[] = Object.values(TRANSFER_TYPES)
export const transferDecl = (id: number): TransferTypeDecl | undefined => TRANSFER_DECLS.find((t) => t.id === id)

const labelsOf = (keep: (t: TransferTypeDecl) => boolean): Labels =>
  Object.fromEntries(TRANSFER_DECLS.filter(keep).map((t) => [t.id, t.label]))

/** Every transfer type's label. */
export const TRANSFER_TYPE: Labels = labelsOf(() => true)
/** 账变记录's types (real members): the specification's 1–12. */
export const BALANCE_TYPE: Labels = labelsOf((t) => t.lists.includes('real'))
/** 试玩账变记录's types, and every type a member's balance change can carry: 1–12 and the virtual and trial grants. */
export const DEMO_BALANCE_TYPE: Labels = labelsOf((t) => t.lists.includes('demo'))
/** 额度记录's types (merchant quota). */
export const QUOTA_TYPE: Labels = labelsOf((t) => t.lists.includes('quota'))
