// One grid row, memoised: while scrolling only the rows that come into view render, the others are reused as they are.
import { memo, type MouseEvent } from 'react'
import { alignOf, renderCell } from './cells'
import type { ColumnSpec, Row } from './types'

export interface RowHandlers {
  click: (e: MouseEvent, index: number) => void
  open: (index: number) => void
  check: (index: number) => void
}

interface Props {
  row: Row
  id: string
  domId: string
  index: number
  top: number
  focused: boolean
  selected: boolean
  ariaSelected: boolean
  columns: ColumnSpec[]
  template: string
  on: RowHandlers
}

export const GridRow = memo(function GridRow(p: Props) {
  return (
    <div
      id={p.domId}
      role="row"
      aria-rowindex={p.index + 2}
      aria-selected={p.ariaSelected}
      data-selected={p.selected || undefined}
      data-testid="row"
      data-row-id={p.id}
      data-focused={p.focused || undefined}
      className={`kit-row${p.focused ? ' kit-row-focused' : ''}${p.selected ? ' kit-row-selected' : ''}`}
      style={{ gridTemplateColumns: p.template, transform: `translateY(${p.top}px)` }}
      onClick={(e) => p.on.click(e, p.index)}
      onDoubleClick={() => p.on.open(p.index)}
    >
      <div role="gridcell" className="kit-cell kit-cell-check">
        <input
          type="checkbox"
          tabIndex={-1}
          aria-label="选择"
          checked={p.selected}
          onMouseDown={(e) => e.preventDefault()}
          onClick={(e) => e.stopPropagation()}
          onChange={() => p.on.check(p.index)}
        />
      </div>
      {p.columns.map((c) => (
        <div key={c.key} role="gridcell" className={`kit-cell kit-align-${alignOf(c)}`}>{renderCell(c, p.row)}</div>
      ))}
    </div>
  )
})
