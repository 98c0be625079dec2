// Request and response shapes of the website settings: setting rows per category with typed values,
// and the website whitelist (网站白名单) of the member site.
import type { Labels } from './enums'
import type { Paged } from './common'

export type SettingType = 'number' | 'money' | 'percent' | 'switch' | 'text' | 'time_range'

/** Each category's list, with its edit and delete beneath it (`/api/system/edit`, `/api/system/yuebao/delete`, …). */
export const SETTINGS_API = { base: '/api/system', yuebao: '/api/system/yuebao', finance: '/api/system/finance', whitelist: '/api/whitelist' } as const
export const SETTINGS_PATHS = {
  base: '/layout/websitesettings/base', yuebao: '/layout/websitesettings/balance', finance: '/layout/websitesettings/financ',
  whitelist: '/layout/websitesettings/whitelist',
} as const

export const SETTING_TYPE: Labels = { number: '整数', money: '金额', percent: '百分比', switch: '开关', text: '文本', time_range: '时间段' }
export const SWITCH_LABEL: Labels = { 1: '开启', 0: '关闭' }

export interface Setting {
  id: number; category: 1 | 2 | 4; key: string; name: string; value: string; value_type: SettingType
  remark: string; sort: number
  /** Built-in keys cannot be deleted; their values keep to the bounds below. */
  builtin: boolean
  min: number | null; max: number | null; max_length: number | null
  updated_at: string
}
export type SettingIndex = Paged<Setting>
/** edit {id, value}; without id it adds a custom row {key, name, value_type, value}. */
export interface SettingEdit {
  id?: number; value: string
  key?: string; name?: string; value_type?: SettingType; remark?: string; sort?: number
}

export interface SiteWhitelistEntry { id: number; ip: string; remark: string; admin: string; created_at: string }
export interface SiteWhitelistInput { ip: string; remark?: string }
export type SiteWhitelistIndex = Paged<SiteWhitelistEntry>
