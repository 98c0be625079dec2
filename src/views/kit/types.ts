// The declarative shape of a list screen: endpoint, columns, filters, stats and detail, rendered by DataTable.
import type { ReactNode } from 'react'
import type { Row } from '../../core/command'
import type { Labels } from '../../contract/enums'
import type { Endpoint } from '../../contract/endpoint'

export type { Row, Labels }

export type { CellFormat } from '../../contract/format'
import type { CellFormat } from '../../contract/format'

export interface ColumnSpec<R extends Row = Row> {
  key: string
  title: string
  width?: number
  align?: 'left' | 'center' | 'right'
  format?: CellFormat
  /** Custom cell; `format` still decides the CSV text unless `text` is given. */
  render?: (row: R) => ReactNode
  /** Plain text of the cell for CSV and the detail drawer. */
  text?: (row: R) => string
  /** Hidden until the user shows it in the column menu. */
  hidden?: boolean
}

export interface Choice { value: string; label: string }

export interface FilterSpec {
  name: string
  title: string
  type: 'text' | 'select' | 'date'
  /** select: a label map or a list of choices. */
  options?: Labels | Choice[]
  placeholder?: string
  /** date: send the end of the day (23:59:59) instead of its start. */
  endOfDay?: boolean
}

export interface StatSpec { key: string; title: string; format?: 'money' }

export interface DetailField<R extends Row = Row> {
  key: string
  title: string
  format?: CellFormat
  render?: (row: R) => ReactNode
}

export interface ListSpec<R extends Row = Row> {
  /** The list's route path: the list id row commands name in `list`. */
  list: string
  /** Title used for the CSV file name and the grid's label. */
  title: string
  /** The list's endpoint as declared in src/contract/api (a GET answering a paged list). */
  endpoint: Endpoint<any, any>
  perPage?: number
  /** Default: the columns declared with the endpoint. */
  columns?: ColumnSpec<R>[]
  /** Default: the filters of the endpoint's query schema. */
  filters?: FilterSpec[]
  stats?: StatSpec[]
  /** The row field that identifies a row (default `id`). */
  rowKey?: string
  /** Where the answer keeps its rows (default `items`; syspermission answers `data`). */
  itemsKey?: string
  /** Fixed query parameters sent with every page. */
  params?: Record<string, string | number>
  /** The detail drawer: a list of fields or a custom body. Defaults to all columns. */
  detail?: DetailField<R>[] | ((row: R) => ReactNode)
  /** Replaces the drawer on Enter / double click (e.g. navigate to an edit page); answer false to show the drawer. */
  onOpen?: (row: R) => void | boolean
  /** Receives each page's whole answer (e.g. whitelist `enabled`, `your_ip`). */
  onAnswer?: (answer: Record<string, unknown>) => void
  /** No export buttons (a list the server does not walk for an export). */
  noExport?: boolean
  /**
   * The screen's own grid keys (plain keys, e.g. `n` next pending, `Escape` closing a side panel): each answers the
   * row index to focus, `true` when it handled the key otherwise, or false/undefined to leave the key to the kit.
   */
  keys?: Record<string, (rows: R[], focusIndex: number) => number | boolean | undefined>
}

/** The paged answer as the kit reads it. */
export interface ListAnswer {
  rows: Row[]
  total: number
  totalExact: boolean
  perPage: number
  page: number
  /** Keyset cursors when the list pages by id (next: the `after` of the next page, prev: the `before` of the previous). */
  cursors: { next: string | null; prev: string | null } | null
  raw: Record<string, unknown>
}
