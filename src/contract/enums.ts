// Enumerations with their zh-CN labels, shared by the server (validation) and the console (labels).

export type Labels = Readonly<Record<string | number, string>>

/** Balance change (账变) and merchant quota types: declared with every transfer type in ./ledger. */
export { BALANCE_TYPE, QUOTA_TYPE } from './ledger'
export const BET_STATUS: Labels = { 1: '匹配成功', 2: '匹配失败', 3: '匹配中' }
export const WITHDRAW_STATUS: Labels = { 1: '成功', 2: '失败', 3: '审核中' }
export const RECHARGE_STATUS: Labels = { 1: '成功', 2: '失败', 3: '待支付' }
export const PAY_METHOD: Labels = { 1: '银联', 2: '数字钱包' }
export const RECHARGE_SOURCE: Labels = { 0: '银联充值', 1: '后台人工充值', 2: '后台人工扣款', 3: '彩金', 4: '数字钱包' }
export const INVEST_PLAN: Labels = { 7: '7天期', 15: '15天期' }
export const INVEST_STATE: Labels = { 1: '冻结中', 2: '已完成', 3: '已赎回' }
export const SETTING_CATEGORY: Labels = { 1: '余额宝设置', 2: '系统配置', 4: '财务设置' }
export const ACTION_KEY: Labels = { C: '新增', R: '查看', U: '修改', D: '删除' }
export const ADMIN_STATUS: Labels = { 1: '启用', 0: '禁用' }

export type ActionKey = 'C' | 'R' | 'U' | 'D'
export const ACTION_KEYS: ActionKey[] = ['C', 'R', 'U', 'D']

export function label(labels: Labels, id: string | number | null | undefined): string {
  if (id === null || id === undefined) return ''
  return labels[id] ?? String(id)
}
