// The products' time: their business day and every time the console shows are in this zone (UTC+8 all year, no
// daylight saving), written "YYYY-MM-DD HH:mm:ss".

export const PRODUCT_TZ = 'Asia/Shanghai'
export const PRODUCT_UTC_OFFSET = '+08:00'
export const PRODUCT_OFFSET_MINUTES = 8 * 60

/** A time as the server writes it ("2026-11-26 09:30:00", product time) as an instant; null when it is not one. */
export function productInstant(text: unknown): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(String(text ?? ''))
  return m ? new Date(`${m[1]}T${m[2]}${PRODUCT_UTC_OFFSET}`) : null
}
