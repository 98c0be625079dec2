// Money in text and in cents: integer 分 on the server, decimal strings with two places in JSON ("1234.50").
// Integer arithmetic only; no floating point ever touches an amount.

/** The largest amount any single field may carry: 999,999,999.99 元 (fits comfortably in a JS safe integer). */
export const MAX_CENTS = 99_999_999_999

const MONEY_TEXT = /^(-)?(\d{1,12})(?:\.(\d{1,2}))?$/

/** "1234.5" → 123450; null when the text is not a plain decimal with at most two places. */
export function toCents(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null
  const m = MONEY_TEXT.exec(String(text).trim())
  if (!m) return null
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'))
  if (!Number.isSafeInteger(cents)) return null
  return m[1] ? -cents : cents
}

/** 123450 → "1234.50", -5 → "-0.05". */
export function centsText(cents: number | bigint | string): string {
  const n = BigInt(cents)
  const neg = n < 0n
  const abs = neg ? -n : n
  const text = `${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`
  return neg ? `-${text}` : text
}

/** Adds decimal money strings exactly ("0.10" + "0.20" = "0.30"). */
export function addMoney(...values: (string | number | null | undefined)[]): string {
  return centsText(values.reduce<number>((sum, v) => sum + (toCents(v ?? 0) ?? 0), 0))
}
