// The declarative shape of a form: its fields, client checks, and how a server message finds its field.
import type { Choice } from './types'

export type FieldType = 'text' | 'password' | 'number' | 'select' | 'multiselect' | 'switch' | 'textarea'
export type FormValues = Record<string, unknown>

export interface FieldSpec {
  name: string
  label: string
  type: FieldType
  required?: boolean
  placeholder?: string
  hint?: string
  /** select / multiselect choices, fixed or loaded when the form opens. */
  options?: Choice[] | (() => Promise<Choice[]>)
  /** select: the label of the blank choice (default 请选择). */
  emptyLabel?: string
  maxLength?: number
  min?: number
  max?: number
  /** A client check: a Chinese message, or null when fine. */
  validate?: (value: unknown, values: FormValues) => string | null
  disabled?: boolean
  autoComplete?: string
}

export interface FormSpec<V extends FormValues = FormValues> {
  title: string
  fields: FieldSpec[]
  initial?: Partial<V>
  submitText?: string
  /** Sends the values; a rejection with an ApiError keeps the form open with the message placed. */
  submit: (values: V) => Promise<unknown>
}

export function emptyValue(f: FieldSpec): unknown {
  if (f.type === 'multiselect') return []
  if (f.type === 'switch') return false
  return ''
}

export function initialValues(spec: FormSpec): FormValues {
  const v: FormValues = {}
  for (const f of spec.fields) {
    const given = spec.initial?.[f.name]
    v[f.name] = given === undefined || given === null ? emptyValue(f) : f.type === 'number' || f.type === 'text' || f.type === 'select' ? String(given) : given
  }
  return v
}

function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0)
}

/** Client checks: required marks, number bounds, length, the field's own check. */
export function checkValues(fields: FieldSpec[], values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const f of fields) {
    const v = values[f.name]
    if (f.required && f.type !== 'switch' && isBlank(v)) {
      errors[f.name] = f.type === 'select' || f.type === 'multiselect' ? `请选择${f.label}` : `请输入${f.label}`
      continue
    }
    if (f.type === 'number' && !isBlank(v)) {
      const n = Number(v)
      if (!Number.isFinite(n)) errors[f.name] = `${f.label}必须是数字`
      else if (f.min !== undefined && n < f.min) errors[f.name] = `${f.label}不能小于 ${f.min}`
      else if (f.max !== undefined && n > f.max) errors[f.name] = `${f.label}不能大于 ${f.max}`
    }
    if (!errors[f.name] && f.maxLength && typeof v === 'string' && v.length > f.maxLength) {
      errors[f.name] = `${f.label}不能超过 ${f.maxLength} 个字符`
    }
    if (!errors[f.name] && f.validate) {
      const m = f.validate(v, values)
      if (m) errors[f.name] = m
    }
  }
  return errors
}

/** Values as sent: numbers become numbers (blank → null), text is trimmed. */
export function outputValues(fields: FieldSpec[], values: FormValues): FormValues {
  const out: FormValues = { ...values }
  for (const f of fields) {
    const v = values[f.name]
    if (f.type === 'number') out[f.name] = isBlank(v) ? null : Number(v)
    else if (f.type === 'text' && typeof v === 'string') out[f.name] = v.trim()
  }
  return out
}

/**
 * Where a server message belongs: the field it names (`用户名：不能为空` → the field labelled 用户名),
 * or the server's `field`, else the top of the form.
 */
export function placeServerError(fields: FieldSpec[], msg: string, fieldName?: string): { field: string | null; msg: string } {
  const named = fieldName ? fields.find((f) => f.name === fieldName) : undefined
  const m = /^([^：:]{1,20})[：:]\s*(.+)$/s.exec(msg)
  if (named) return { field: named.name, msg: m && fieldLabelMatch([named], m[1]) ? m[2] : msg }
  if (m) {
    const f = fieldLabelMatch(fields, m[1])
    if (f) return { field: f.name, msg: m[2] }
  }
  const byStart = [...fields].sort((a, b) => b.label.length - a.label.length).find((f) => msg.startsWith(f.label))
  if (byStart) return { field: byStart.name, msg }
  return { field: null, msg }
}

function fieldLabelMatch(fields: FieldSpec[], prefix: string): FieldSpec | undefined {
  const p = prefix.replace(/[：:\s]/g, '')
  return fields.find((f) => f.label === p) ?? fields.find((f) => p.startsWith(f.label) || f.label.startsWith(p))
}
