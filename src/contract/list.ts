// What a list shows, declared with its endpoint: columns (key, title, format, width, hidden) and, from the endpoint's
// query schema, its filters. The console's ListSpec starts from these; the server's CSV export writes the same columns.
import type { CellFormat } from './format'

export interface ListColumn {
  key: string
  title: string
  format?: CellFormat
  /** Pixels the column asks for. */
  width?: number
  /** Hidden until the operator shows it. */
  hidden?: boolean
}

/** A column: `col('amount', '提现金额', 'money', 120)`. */
export const col = (key: string, title: string, format?: CellFormat, width?: number, hidden?: boolean): ListColumn =>
  ({ key, title, ...(format ? { format } : {}), ...(width ? { width } : {}), ...(hidden ? { hidden } : {}) })

/** Schema keywords a list query field may carry for the console: its choices, or that it is no filter of the bar. */
export const LABELS_KEYWORD = 'x-labels'
export const HIDDEN_KEYWORD = 'x-hidden'
