// Settings rows: seeding the built-ins per product, reading them typed, and checking a value against its type and bounds.
import type { Queryable } from '../db/db'
import { many } from '../db/db'
import { MAX_CENTS, MAX_MONEY_TEXT, toCents } from '../../contract/money'
import { BUILTIN_SETTINGS, type SettingType } from './catalog'

/** Inserts the built-in keys a product lacks (new keys reach existing products on the next start). */
export async function seedSettings(db: Queryable, product: string): Promise<void> {
  let sort = 0
  for (const d of BUILTIN_SETTINGS) {
    await db.query(
      `insert into settings (product, category, key, name, value, value_type, remark, sort, builtin)
       values ($1, $2, $3, $4, $5, $6, $7, $8, true) on conflict (product, key) do nothing`,
      [product, d.category, d.key, d.name, d.value, d.type, d.remark ?? '', (sort += 10)])
  }
}

/** A product's settings as typed values. */
export class Settings {
  constructor(private readonly values: Map<string, string>) {}
  text(key: string): string {
    return this.values.get(key) ?? BUILTIN_SETTINGS.find((d) => d.key === key)?.value ?? ''
  }
  on(key: string): boolean {
    return this.text(key) === '1'
  }
  number(key: string): number {
    return Number(this.text(key)) || 0
  }
  /** A money setting in cents. */
  cents(key: string): number {
    return toCents(this.text(key)) ?? 0
  }
  /** A percent setting in hundredths of a percent ("1.20" → 120), exact. */
  basisPoints(key: string): number {
    return toCents(this.text(key)) ?? 0
  }
}

export async function readSettings(db: Queryable, product: string, keys?: string[]): Promise<Settings> {
  const rows = await many<{ key: string; value: string }>(db,
    `select key, value from settings where product = $1 and ($2::text[] is null or key = any($2::text[]))`, [product, keys ?? null])
  return new Settings(new Map(rows.map((r) => [r.key, r.value])))
}

const TIME_RANGE = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/

/**
 * Checks a value against its type and bounds; answers the stored text (money and percent with two places) or a
 * Chinese reason.
 */
export function normaliseSetting(type: SettingType, raw: string, bounds: { min?: number; max?: number; maxLength?: number } = {}):
  { value: string } | { error: string } {
  const v = raw.trim()
  const inBounds = (n: number) =>
    bounds.min !== undefined && n < bounds.min ? `不能小于 ${bounds.min}`
      : bounds.max !== undefined && n > bounds.max ? `不能大于 ${bounds.max}` : null
  switch (type) {
    case 'switch':
      return v === '1' || v === '0' ? { value: v } : { error: '只能是开启(1)或关闭(0)' }
    case 'number': {
      if (!/^-?\d{1,12}$/.test(v)) return { error: '必须是整数' }
      const problem = inBounds(Number(v))
      return problem ? { error: problem } : { value: String(Number(v)) }
    }
    case 'money':
    case 'percent': {
      const cents = toCents(v)
      if (cents === null || cents < 0) return { error: type === 'money' ? '必须是金额，最多两位小数' : '必须是百分比数值，最多两位小数' }
      // Bounds are whole or two-place numbers: compare in cents, never as floating-point amounts.
      // A money value is an amount like any other: never above MAX_CENTS, bounds or not (a custom row has none).
      const problem = bounds.min !== undefined && cents < Math.round(bounds.min * 100) ? `不能小于 ${bounds.min}`
        : bounds.max !== undefined && cents > Math.round(bounds.max * 100) ? `不能大于 ${bounds.max}`
          : type === 'money' && cents > MAX_CENTS ? `不能大于 ${MAX_MONEY_TEXT}` : null
      return problem ? { error: problem } : { value: `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}` }
    }
    case 'time_range': {
      const m = TIME_RANGE.exec(v)
      if (!m) return { error: '格式应为 HH:mm-HH:mm，如 09:00-23:00' }
      return `${m[1]}${m[2]}` < `${m[3]}${m[4]}` ? { value: v } : { error: '结束时间必须晚于开始时间' }
    }
    default:
      return v.length > (bounds.maxLength ?? 500) ? { error: `长度不能超过 ${bounds.maxLength ?? 500} 个字符` } : { value: v }
  }
}
