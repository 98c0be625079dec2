// Turning cell values into text: money with two decimals, times, yes/no, label maps and lists of named things. Shared
// by the console's cells and the server's CSV, so a list exported reads as it is shown.
import type { Labels } from './enums'

/** How a cell value is shown: money ("1234.50" → 1,234.50, right-aligned), a time, yes/no, or a label map. */
export type CellFormat = 'money' | 'datetime' | 'bool' | 'list' | Labels
type Row = Record<string, unknown>

/** "1234.5" or "1234.50" → "1,234.50" without going through floating point. */
export function formatMoney(v: unknown): string {
  if (v === null || v === undefined || v === '') return ''
  let s = typeof v === 'number' ? v.toFixed(2) : String(v).trim()
  const neg = s.startsWith('-')
  if (neg) s = s.slice(1)
  const [int, frac = ''] = s.split('.')
  if (!/^\d+$/.test(int)) return String(v)
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${neg ? '-' : ''}${grouped}.${(frac + '00').slice(0, 2)}`
}

/** Plain money for CSV: "1234.50" (no grouping, two decimals). */
export function plainMoney(v: unknown): string {
  return formatMoney(v).replace(/,/g, '')
}

function named(v: unknown): string {
  if (v && typeof v === 'object' && 'name' in v) return String((v as { name: unknown }).name)
  if (v && typeof v === 'object' && 'label' in v) return String((v as { label: unknown }).label)
  return v === null || v === undefined ? '' : String(v)
}

/** A value as the user reads it. */
export function formatValue(v: unknown, format?: CellFormat, csv = false): string {
  if (format === 'money') return csv ? plainMoney(v) : formatMoney(v)
  if (v === null || v === undefined) return ''
  if (format === 'bool') return v ? '是' : '否'
  if (format === 'datetime') return String(v)
  if (format && typeof format === 'object') {
    const key = typeof v === 'boolean' ? Number(v) : (v as string | number)
    return format[key] ?? String(v)
  }
  if (Array.isArray(v)) return v.map(named).join('、')
  if (typeof v === 'boolean') return v ? '是' : '否'
  if (typeof v === 'object') return named(v)
  return String(v)
}

/** Reads a field, allowing dotted keys ("member.username"). */
export function field(row: Row, key: string): unknown {
  if (key in row) return row[key]
  return key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), row)
}

/**
 * One CSV cell: quoted when it holds a quote, comma or line break, or starts or ends with a space. Text that Excel would
 * read as a formula (a nickname like `=HYPERLINK(…)`, `+1+cmd|…`, `@SUM(…)`) is kept as text by a leading apostrophe;
 * a signed number such as a negative amount stays a number.
 */
export function csvCell(s: string): string {
  if (/^[=+\-@\t\r]/.test(s) && !/^[+-]?\d[\d,]*(\.\d+)?$/.test(s)) s = `'${s}`
  return /[",\r\n]/.test(s) || /^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}
