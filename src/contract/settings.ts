// The website settings' answers, declared as schemas (their types derived from them): setting rows per category with
// typed values, and the website whitelist (网站白名单) of the member site; the labels the console shows.
import { Type, type Static } from '@sinclair/typebox'
import type { Labels } from './enums'
import { Nullable, TimeText } from './schema'

export const SETTING_TYPES = ['number', 'money', 'percent', 'switch', 'text', 'time_range'] as const
export type SettingType = (typeof SETTING_TYPES)[number]

export const SETTING_TYPE: Labels = { number: '整数', money: '金额', percent: '百分比', switch: '开关', text: '文本', time_range: '时间段' }
export const SWITCH_LABEL: Labels = { 1: '开启', 0: '关闭' }

const Literals = <T extends string | number>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)))

const SettingItem = Type.Object({
  id: Type.Integer(), category: Literals([1, 2, 4] as const), key: Type.String(), name: Type.String(), value: Type.String(),
  value_type: Literals(SETTING_TYPES), remark: Type.String(), sort: Type.Integer(),
  /** Built-in keys cannot be deleted; their values keep to the bounds below. */
  builtin: Type.Boolean(),
  min: Nullable(Type.Number()), max: Nullable(Type.Number()), max_length: Nullable(Type.Integer()),
  updated_at: TimeText,
}, { additionalProperties: false })
export type Setting = Static<typeof SettingItem>

/** A category's list: every row on one page (ordered by sort). */
export const SettingList = Type.Object({
  items: Type.Array(SettingItem), total: Type.Integer(), per_page: Type.Integer(), current_page: Type.Integer(),
}, { additionalProperties: false })
export type SettingIndex = Static<typeof SettingList>

export const SiteWhitelistItem = Type.Object({
  id: Type.Integer(), ip: Type.String(), remark: Type.String(), admin: Type.String(), created_at: TimeText,
}, { additionalProperties: false })
export type SiteWhitelistEntry = Static<typeof SiteWhitelistItem>
