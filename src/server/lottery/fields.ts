// Schema pieces and input checks of the lottery area: odds as decimal strings, stakes in cents, three-digit results.
import { Type } from '@sinclair/typebox'
import { badRequest } from '../errors'
import { RATE_BOUNDS } from '../../contract/lottery'
import { toCents } from '../../contract/money'

export { cents, MoneyText, Remark, Status01, Text, Id } from '../member/fields'

/** Odds as the console sends them: "1.98" (or a number). */
export const RateText = (title: string) => Type.Union([Type.String({ maxLength: 12 }), Type.Number()], { title })

/** Odds checked to a decimal string with two places within RATE_BOUNDS ("1.9" → "1.90"); never a float. */
export function rateText(v: string | number | undefined | null, field: string, title = '赔率'): string {
  const c = toCents(typeof v === 'number' ? String(v) : v ?? '')
  if (c === null || c < (toCents(RATE_BOUNDS.min) ?? 0) || c > (toCents(RATE_BOUNDS.max) ?? 0)) {
    throw badRequest(`${title}须为 ${RATE_BOUNDS.min}-${RATE_BOUNDS.max} 之间的数，最多两位小数`, field)
  }
  return `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`
}

export const Sort = Type.Integer({ title: '排序', minimum: -100000, maximum: 100000 })

/**
 * A value for the operation log with every `code` key renamed `<what>_code`: the log hides keys named `code` (Google
 * authenticator codes), and a room's or play way's code is not a secret an auditor should lose.
 */
export function logged<T>(value: T, what: 'room' | 'playway'): unknown {
  if (Array.isArray(value)) return value.map((v) => logged(v, what))
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k === 'code' ? `${what}_code` : k, k === 'rates' ? logged(v, 'playway') : logged(v, what)]))
  }
  return value
}
