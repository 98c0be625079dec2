// How values leave the server: times as `YYYY-MM-DD HH:mm:ss` in the product's time zone (SQL side, see TIME).
import { badRequest } from '../errors'
import { PRODUCT_TZ, PRODUCT_UTC_OFFSET } from '../db/constants'

export { PRODUCT_TZ }

/** SQL expression turning a timestamptz column into the console's text form in the product's time zone. */
export const TIME = (col: string) => `to_char(${col} at time zone '${PRODUCT_TZ}', 'YYYY-MM-DD HH24:MI:SS')`

/**
 * Parses a console date filter (product time zone) into an ISO timestamp for a bound parameter. The schema's pattern
 * lets 2024-02-30 or 25:61 through; such a value is a 400 naming the field rather than a database error.
 */
export function parseTime(v: string | undefined, opts: { endOfDay?: boolean; field: string; title: string }): string | undefined {
  if (!v) return undefined
  const [d, t] = v.split(' ')
  const time = t ? (t.length === 5 ? `${t}:00` : t) : opts.endOfDay ? '23:59:59' : '00:00:00'
  const [y, mo, day] = d.split('-').map(Number)
  const [h, mi, s] = time.split(':').map(Number)
  const u = new Date(Date.UTC(y, mo - 1, day, h, mi, s))
  const real = u.getUTCFullYear() === y && u.getUTCMonth() === mo - 1 && u.getUTCDate() === day &&
    u.getUTCHours() === h && u.getUTCMinutes() === mi && u.getUTCSeconds() === s
  if (!real) throw badRequest(`${opts.title}格式不正确`, opts.field)
  return `${d}T${time}${PRODUCT_UTC_OFFSET}`
}
