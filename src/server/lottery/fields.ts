// Input checks and log shaping of the lottery area: odds as decimal strings, stakes in cents (the schema pieces of its
// endpoints are in contract/api/lottery.ts), and the rows every write reads back by id.
import type { Queryable } from '../db/db'
import { badRequest, notFound } from '../errors'
import { RATE_BOUNDS } from '../../contract/lottery'
import { toCents } from '../../contract/money'

export { cents } from '../member/fields'

/** Odds checked to a decimal string with two places within RATE_BOUNDS ("1.9" → "1.90"); never a float. */
export function rateText(v: string | number | undefined | null, field: string, title = '赔率'): string {
  const c = toCents(typeof v === 'number' ? String(v) : v ?? '')
  if (c === null || c < (toCents(RATE_BOUNDS.min) ?? 0) || c > (toCents(RATE_BOUNDS.max) ?? 0)) {
    throw badRequest(`${title}须为 ${RATE_BOUNDS.min}-${RATE_BOUNDS.max} 之间的数，最多两位小数`, field)
  }
  return `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`
}

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

/** Rows of the caller's product by id (`read`), each of `ids` there or a 404 naming the thing. */
export function byIdsOr404<T>(read: (db: Queryable, product: string, ids: number[]) => Promise<T[]>, missing: string) {
  return async (db: Queryable, product: string, ids: number[]): Promise<T[]> => {
    const rows = await read(db, product, ids)
    if (rows.length !== ids.length) throw notFound(missing)
    return rows
  }
}
