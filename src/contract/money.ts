// Money in text and in cents: integer 分 on the server, decimal strings with two places in JSON ("1234.50").
// Integer arithmetic only; no floating point ever touches an amount.

/** The largest amount any single field may carry: 999,999,999.99 元 (fits comfortably in a JS safe integer). */
export const MAX_CENTS = 99_999_999_999
/** MAX_CENTS as the console writes it: "999999999.99". */
export const MAX_MONEY_TEXT = '999999999.99'

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

/**
 * An amount as a form or a request sends it, checked once for every money input: cents within (0, max] (or [0, max]
 * with `allowZero`), max never above MAX_CENTS; otherwise the reason, in Chinese, to follow the field's title.
 */
export function moneyInput(v: string | number | null | undefined, opts: { allowZero?: boolean; max?: number } = {}):
  { cents: number } | { error: string } {
  const c = toCents(v ?? '')
  if (c === null) return { error: '格式不正确，最多两位小数' }
  if (c < 0) return { error: opts.allowZero ? '不能为负数' : '必须大于 0' }
  if (c === 0 && !opts.allowZero) return { error: '必须大于 0' }
  const max = Math.min(opts.max ?? MAX_CENTS, MAX_CENTS)
  if (c > max) return { error: `不能大于 ${centsText(max)}` }
  return { cents: c }
}

/**
 * Cents as the database answers a bigint (a number, a bigint from PGlite or a decimal string from pg past 2^53), kept
 * exact: a number while it is a safe integer, a bigint past that. Never rounded through a float.
 */
export function exactCents(v: number | bigint | string): number | bigint {
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) throw new RangeError(`cents past 2^53 arrived as a float: ${v}`)
    return v
  }
  const b = BigInt(v)
  return b >= BigInt(Number.MIN_SAFE_INTEGER) && b <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(b) : b
}

/** Adds decimal money strings exactly ("0.10" + "0.20" = "0.30"). */
export function addMoney(...values: (string | number | null | undefined)[]): string {
  return centsText(values.reduce<bigint>((sum, v) => sum + BigInt(toCents(v ?? 0) ?? 0), 0n))
}
