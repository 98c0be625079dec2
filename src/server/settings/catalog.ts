// The built-in settings of every product: key, category, type, default and bounds. Seeded per product;
// their values are validated against these bounds, and the rules of the other areas read them through store.ts.

import type { SettingType } from '../../contract/settings'

export type { SettingType }

interface SettingDef {
  key: string
  category: 1 | 2 | 4
  name: string
  type: SettingType
  /** The stored text: money "100.00", percent "1.20", switch "1"/"0", time_range "09:00-23:00". */
  value: string
  min?: number
  max?: number
  /** text: the longest value. */
  maxLength?: number
  remark?: string
}

export const BUILTIN_SETTINGS: SettingDef[] = [
  // 2 系统配置 (基础设置)
  { key: 'site_name', category: 2, name: '站点名称', type: 'text', value: '彩票交易平台', maxLength: 40 },
  { key: 'service_url', category: 2, name: '客服链接', type: 'text', value: '', maxLength: 200, remark: '会员站“联系客服”打开的地址' },
  { key: 'announcement', category: 2, name: '站点公告', type: 'text', value: '', maxLength: 500 },
  { key: 'register_open', category: 2, name: '开放注册', type: 'switch', value: '1' },
  { key: 'trial_open', category: 2, name: '开放试玩', type: 'switch', value: '1' },
  { key: 'trial_balance', category: 2, name: '试玩金额', type: 'money', value: '10000.00', min: 0, max: 1_000_000, remark: '每个试玩会员的初始试玩金' },
  { key: 'default_level_id', category: 2, name: '默认会员等级', type: 'number', value: '0', min: 0, max: 2_147_483_647, remark: '新会员的等级 ID，0 表示最低等级' },
  { key: 'maintenance', category: 2, name: '维护模式', type: 'switch', value: '0', remark: '开启后只有网站白名单内的 IP 能访问会员站' },
  { key: 'maintenance_notice', category: 2, name: '维护公告', type: 'text', value: '系统维护中，请稍后再试', maxLength: 200 },
  // 4 财务设置
  { key: 'recharge_min', category: 4, name: '单笔最低充值', type: 'money', value: '10.00', min: 0.01, max: 10_000_000 },
  { key: 'recharge_max', category: 4, name: '单笔最高充值', type: 'money', value: '500000.00', min: 0.01, max: 10_000_000 },
  { key: 'withdraw_min', category: 4, name: '单笔最低提现', type: 'money', value: '100.00', min: 0.01, max: 10_000_000 },
  { key: 'withdraw_max', category: 4, name: '单笔最高提现', type: 'money', value: '200000.00', min: 0.01, max: 10_000_000 },
  { key: 'withdraw_times_daily', category: 4, name: '每日提现次数', type: 'number', value: '5', min: 0, max: 100, remark: '0 表示不限；会员等级另有限制时取较小者' },
  { key: 'withdraw_hours', category: 4, name: '提现时间', type: 'time_range', value: '00:00-23:59' },
  { key: 'double_review_amount', category: 4, name: '双人复核金额', type: 'money', value: '50000.00', min: 0.01, max: 10_000_000, remark: '达到此金额的提现需两位不同的管理员通过' },
  { key: 'manual_confirm_amount', category: 4, name: '人工操作确认金额', type: 'money', value: '10000.00', min: 0.01, max: 10_000_000, remark: '超过此金额的人工加款、扣款与彩金需再次确认' },
  // 4 财务设置: the review desk and turnover (打码量)
  { key: 'turnover_multiple_recharge', category: 4, name: '充值打码倍数', type: 'number', value: '1', min: 0, max: 100, remark: '充值到账后须完成 金额 × 倍数 的有效投注' },
  { key: 'turnover_multiple_gift', category: 4, name: '彩金打码倍数', type: 'number', value: '3', min: 0, max: 100, remark: '赠送彩金可另填本次倍数' },
  { key: 'turnover_multiple_manual', category: 4, name: '人工加款打码倍数', type: 'number', value: '1', min: 0, max: 100, remark: '人工加款可另填本次倍数' },
  { key: 'turnover_withdraw_policy', category: 4, name: '打码量未完成时提现', type: 'number', value: '2', min: 1, max: 2, remark: '1 拒绝提现申请 · 2 允许并标记“打码量未完成”' },
  { key: 'withdraw_claim_minutes', category: 4, name: '提现认领时长（分钟）', type: 'number', value: '10', min: 1, max: 1440, remark: '认领后其他管理员在此时间内不能处理' },
  { key: 'withdraw_sla_minutes', category: 4, name: '提现处理时限（分钟）', type: 'number', value: '30', min: 1, max: 10080, remark: '审核中超过此时长的提现标红' },
  { key: 'withdraw_reject_reasons', category: 4, name: '提现驳回原因', type: 'text', maxLength: 500,
    value: 'turnover_unmet:打码量未完成\nshared_account:关联账号异常\npayee_mismatch:收款信息与实名不符\narbitrage:疑似套利\nother:其他',
    remark: '每行一个：代码:名称（代码为小写字母、数字、下划线）' },
  { key: 'big_win_amount', category: 4, name: '大额中奖金额', type: 'money', value: '50000.00', min: 0.01, max: 10_000_000, remark: '单注派奖达到此金额记为大额中奖' },
  // 1 余额宝设置
  { key: 'invest_open', category: 1, name: '开放余额宝', type: 'switch', value: '1' },
  { key: 'rate_7d', category: 1, name: '7天期收益率', type: 'percent', value: '0.50', min: 0, max: 100, remark: '整个期限的收益率（%）' },
  { key: 'rate_15d', category: 1, name: '15天期收益率', type: 'percent', value: '1.20', min: 0, max: 100, remark: '整个期限的收益率（%）' },
  { key: 'invest_min', category: 1, name: '最低转入', type: 'money', value: '100.00', min: 0.01, max: 10_000_000 },
  { key: 'invest_max', category: 1, name: '最高转入', type: 'money', value: '1000000.00', min: 0.01, max: 100_000_000 },
  { key: 'early_redeem', category: 1, name: '允许提前赎回', type: 'switch', value: '1', remark: '提前赎回只退本金，不计利息' },
]

export const BUILTIN_BY_KEY = new Map(BUILTIN_SETTINGS.map((d) => [d.key, d]))

/** Pairs of built-ins whose first may not exceed the second (the minimum and maximum of one limit). */
export const SETTING_PAIRS: [string, string][] = [
  ['recharge_min', 'recharge_max'], ['withdraw_min', 'withdraw_max'], ['invest_min', 'invest_max'],
]
