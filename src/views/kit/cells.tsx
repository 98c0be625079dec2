// Cell rendering for declared columns, and the TanStack column definitions built from them.
import type { ReactNode } from 'react'
import { columnVisibilityFeature, tableFeatures, type ColumnDef } from '@tanstack/react-table'
import { field, formatValue } from '../../contract/format'
import type { ColumnSpec, Row } from './types'

export const features = tableFeatures({
  columnVisibilityFeature,
  columnMeta: {} as { spec: ColumnSpec },
})
export type Features = typeof features

export function alignOf(c: ColumnSpec): 'left' | 'center' | 'right' {
  return c.align ?? (c.format === 'money' ? 'right' : 'left')
}

export function renderCell(c: ColumnSpec, row: Row): ReactNode {
  if (c.render) return c.render(row)
  const text = formatValue(field(row, c.key), c.format)
  return text === '' ? <span className="kit-muted">—</span> : text
}

export function toColumnDefs(columns: ColumnSpec[]): ColumnDef<Features, Row>[] {
  return columns.map((c) => ({
    id: c.key,
    header: c.title,
    accessorFn: (row: Row) => field(row, c.key) as never,
    cell: ({ row }: { row: { original: Row } }) => renderCell(c, row.original),
    meta: { spec: c },
  }))
}

/** CSS grid track for a column: its declared width as a minimum, sharing the spare room. */
export function track(c: ColumnSpec): string {
  return c.width ? `minmax(${c.width}px, ${c.width}fr)` : 'minmax(96px, 120fr)'
}

/** A label cell shown as a small coloured tag (e.g. 启用/禁用). */
export function Tag({ tone, children }: { tone?: 'ok' | 'warn' | 'off' | 'info'; children: ReactNode }) {
  return <span className={`kit-tag kit-tag-${tone ?? 'info'}`}>{children}</span>
}
