// How values leave the server: times as `YYYY-MM-DD HH:mm:ss` in the product's time zone (SQL side, see TIME).
/** SQL expression turning a timestamptz column into the console's text form (Asia/Shanghai by default). */
export const PRODUCT_TZ = 'Asia/Shanghai'
export const TIME = (col: string) => `to_char(${col} at time zone '${PRODUCT_TZ}', 'YYYY-MM-DD HH24:MI:SS')`

/** Parses a console date filter (product time zone) into an ISO timestamp for a bound parameter. */
export function parseTime(v: string | undefined, endOfDay = false): string | undefined {
  if (!v) return undefined
  const [d, t] = v.split(' ')
  const time = t ? (t.length === 5 ? `${t}:00` : t) : endOfDay ? '23:59:59' : '00:00:00'
  return `${d}T${time}+08:00`
}
