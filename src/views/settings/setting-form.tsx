// Editing a setting by its type: a switch as 开启/关闭, money and percent as two-place numbers within the key's bounds,
// a whole number, a time range HH:mm-HH:mm, text within its length; and adding a custom row. The server checks again.
import { call } from '../../core/api'
import type { Row } from '../../core/command'
import type { Category } from './categories'
import { openForm } from '../kit/form-dialog'
import type { FieldSpec } from '../kit/form-types'
import { toCents } from '../../contract/money'
import { SETTING_TYPE, SWITCH_LABEL, type SettingType } from '../../contract/settings'

const TIME_RANGE = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/
const choices = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }))

/** The client's check of a value of this type (the server's normaliseSetting has the last word). */
function checkValue(type: SettingType, raw: unknown, b: { min?: number | null; max?: number | null; max_length?: number | null } = {}): string | null {
  const v = String(raw ?? '').trim()
  const bounds = (n: number) => (b.min != null && n < b.min ? `不能小于 ${b.min}` : b.max != null && n > b.max ? `不能大于 ${b.max}` : null)
  switch (type) {
    case 'switch': return v === '1' || v === '0' ? null : '请选择开启或关闭'
    case 'number': return /^-?\d{1,12}$/.test(v) ? bounds(Number(v)) : '必须是整数'
    case 'money': case 'percent': {
      const c = toCents(v)
      return c === null || c < 0 ? '最多两位小数的非负数' : bounds(c / 100)
    }
    case 'time_range': return TIME_RANGE.test(v) && v.slice(0, 5) < v.slice(6) ? null : '格式 HH:mm-HH:mm，结束晚于开始'
    default: return v.length > (b.max_length ?? 500) ? `不能超过 ${b.max_length ?? 500} 个字符` : null
  }
}

function valueField(type: SettingType, row?: Row): FieldSpec {
  const b = { min: row?.min as number | null, max: row?.max as number | null, max_length: row?.max_length as number | null }
  const range = b.min != null || b.max != null ? `范围 ${b.min ?? '—'} ~ ${b.max ?? '—'}` : undefined
  const base = { name: 'value', label: '设置值', required: type !== 'text', validate: (v: unknown) => checkValue(type, v, b) }
  if (type === 'switch') return { ...base, type: 'select', options: choices(SWITCH_LABEL) }
  if (type === 'text') return { ...base, type: (b.max_length ?? 500) > 60 ? 'textarea' : 'text', maxLength: b.max_length ?? 500 }
  const hint = type === 'money' ? `金额（元），${range ?? '最多两位小数'}` : type === 'percent' ? `百分比（%），${range ?? '最多两位小数'}`
    : type === 'time_range' ? '如 09:00-23:00' : range
  return { ...base, type: 'text', hint, placeholder: type === 'time_range' ? 'HH:mm-HH:mm' : undefined }
}

/** Changes the row's value (and its note) through its category's edit. */
export function settingForm(edit: Category['edit'], row: Row): Promise<unknown | null> {
  const type = row.value_type as SettingType
  return openForm<Record<string, unknown>>({
    title: `修改：${row.name}`,
    fields: [valueField(type, row), { name: 'remark', label: '说明', type: 'text', maxLength: 200 }],
    initial: { value: row.value, remark: row.remark },
    submit: (v) => call(edit, { id: Number(row.id), value: String(v.value ?? '').trim(), remark: String(v.remark ?? '') }, { silent: true }),
  })
}

/** Adds a custom row to the category (its edit without an id). */
export function customSettingForm(edit: Category['edit'], title: string): Promise<unknown | null> {
  return openForm<Record<string, unknown>>({
    title: `新增${title}项`,
    fields: [
      { name: 'key', label: '键名', type: 'text', required: true, placeholder: '小写字母开头，字母、数字、下划线',
        validate: (v) => (/^[a-z][a-z0-9_]{1,39}$/.test(String(v ?? '')) ? null : '2-40 位小写字母、数字或下划线，字母开头') },
      { name: 'name', label: '名称', type: 'text', required: true, maxLength: 40 },
      { name: 'value_type', label: '值类型', type: 'select', required: true, options: choices(SETTING_TYPE) },
      { name: 'value', label: '设置值', type: 'text', validate: (v, all) => (all.value_type ? checkValue(all.value_type as SettingType, v) : null) },
      { name: 'remark', label: '说明', type: 'text', maxLength: 200 },
    ],
    initial: { value_type: 'text' },
    submit: (v) => call(edit, { key: v.key, name: v.name, value_type: v.value_type, value: String(v.value ?? ''), remark: v.remark ?? '' }, { silent: true }),
  })
}
