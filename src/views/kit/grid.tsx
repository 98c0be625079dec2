// The focusable, virtualized grid: header, rows (36px), focus and selection by keyboard and mouse, load states.
import { useId, useLayoutEffect, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { holdKeys } from '../../core/key-gate'
import { alignOf, track } from './cells'
import { GridRow, type RowHandlers } from './grid-row'
import { rowId, type GridSelection } from './use-grid-selection'
import type { LoadState } from './use-list-data'
import type { ColumnSpec, ListSpec, Row } from './types'

export const ROW_H = 36
const HEADER_H = 36

interface Props {
  label: string
  columns: ColumnSpec[]
  rows: Row[]
  rowKey: string
  sel: GridSelection
  state: LoadState
  busy: boolean
  error: string
  onRetry: () => void
  onOpen: (row: Row) => void
  onSlash: () => void
  /** The screen's own keys (ListSpec.keys). */
  keys?: ListSpec['keys']
  gridRef: React.RefObject<HTMLDivElement | null>
}

/** Opens a row (drawer, edit dialog or page) with the keys held: what is typed next goes there, not to the grid. */
function openHeld(onOpen: (row: Row) => void, row: Row): void {
  const hold = holdKeys()
  try {
    onOpen(row)
  } finally {
    hold.release()
  }
}

export function Grid(props: Props) {
  const { label, columns, rows, rowKey, sel, state, busy, error, onRetry, onOpen, onSlash, keys, gridRef } = props
  const lastPage = useRef(10)
  const idBase = useId()
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => gridRef.current,
    estimateSize: () => ROW_H,
    overscan: 12,
    scrollMargin: HEADER_H,
    scrollPaddingStart: HEADER_H,
  })
  const template = `40px ${columns.map(track).join(' ')}`
  const minWidth = 40 + columns.reduce((n, c) => n + (c.width ?? 96), 0)
  lastPage.current = Math.max(1, Math.floor(((gridRef.current?.clientHeight ?? 400) - HEADER_H) / ROW_H) - 1)

  const moveTo = (i: number) => {
    if (i >= 0) virtualizer.scrollToIndex(i, { align: 'auto' })
  }
  // Rows arriving above the focused one move it down: keep it in view.
  const focusedAt = sel.focusIndex
  useLayoutEffect(() => moveTo(focusedAt), [rows])

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.nativeEvent.isComposing || e.keyCode === 229 || e.altKey) return
    const plain = !e.ctrlKey && !e.metaKey
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key
    let handled = true
    const own = plain && !e.shiftKey ? keys?.[key]?.(rows, sel.focusIndex) : undefined
    if (typeof own === 'number') { if (own >= 0) { sel.focusAt(own); moveTo(own) } }
    else if (own) { /* the screen handled it */ }
    else if (plain && (key === 'ArrowDown' || key === 'j')) moveTo(sel.move(1, e.shiftKey))
    else if (plain && (key === 'ArrowUp' || key === 'k')) moveTo(sel.move(-1, e.shiftKey))
    else if (plain && key === 'PageDown') moveTo(sel.move(lastPage.current, e.shiftKey))
    else if (plain && key === 'PageUp') moveTo(sel.move(-lastPage.current, e.shiftKey))
    else if (plain && key === 'Home') moveTo(sel.move(-rows.length, e.shiftKey))
    else if (plain && key === 'End') moveTo(sel.move(rows.length, e.shiftKey))
    else if (plain && !e.shiftKey && key === 'x' && sel.focusedRow) sel.toggle(sel.focusedRow)
    else if ((e.ctrlKey || e.metaKey) && key === 'a') sel.toggleAll()
    else if (plain && !e.shiftKey && key === 'Enter' && sel.focusedRow) openHeld(onOpen, sel.focusedRow)
    else if (plain && key === '/') onSlash()
    else if (key === 'Escape' && sel.selectedRows.length) sel.clear()
    else handled = false
    if (handled) {
      e.preventDefault()
      e.stopPropagation()
    }
  }

  // Stable handlers reading the latest state, so memoised rows do not re-render on every scroll frame.
  const latest = useRef({ sel, rows, onOpen })
  latest.current = { sel, rows, onOpen }
  const handlers = useMemo<RowHandlers>(() => ({
    click: (e, i) => {
      const { sel: s, rows: r } = latest.current
      if (e.shiftKey) s.selectRange(i)
      else if (e.ctrlKey || e.metaKey) { s.toggle(r[i]); s.focusAt(i) }
      else s.focusAt(i)
    },
    open: (i) => openHeld(latest.current.onOpen, latest.current.rows[i]),
    check: (i) => { const { sel: s, rows: r } = latest.current; s.toggle(r[i]); s.focusAt(i) },
  }), [])

  let message: ReactNode = null
  if (state === 'loading') message = <div className="kit-state" role="status">加载中…</div>
  else if (state === 'error') {
    message = (
      <div className="kit-state" role="alert">
        <span>加载失败{error ? `：${error}` : ''}</span>
        <button type="button" className="kit-btn" onClick={onRetry}>重试</button>
      </div>
    )
  } else if (!rows.length) message = <div className="kit-state">暂无数据</div>

  // The rendered rows are slots keyed by position modulo their count: a row scrolled out of view is reused for the
  // row scrolled in (its text and attributes updated) instead of one element tree removed and another created.
  const items = virtualizer.getVirtualItems()
  const slots = useRef(1)
  slots.current = Math.max(slots.current, items.length)
  const allSelected = rows.length > 0 && sel.selectedRows.length === rows.length
  const focusedId = sel.focusIndex >= 0 ? `${idBase}-row-${sel.focusIndex}` : undefined

  return (
    <div
      ref={gridRef}
      className="kit-grid"
      role="grid"
      aria-label={label}
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length + 1}
      aria-multiselectable="true"
      aria-busy={busy}
      aria-activedescendant={focusedId}
      tabIndex={0}
      data-testid="data-table"
      data-state={state}
      onKeyDown={onKeyDown}
      onFocus={(e) => { if (e.target === e.currentTarget && sel.focusIndex < 0 && rows.length) sel.focusAt(0) }}
    >
      <div className="kit-grid-head" role="row" aria-rowindex={1} style={{ gridTemplateColumns: template, minWidth }}>
        <div role="columnheader" className="kit-cell kit-cell-check">
          <input type="checkbox" tabIndex={-1} aria-label="全选本页" checked={allSelected} onMouseDown={(e) => e.preventDefault()} onChange={sel.toggleAll} />
        </div>
        {columns.map((c) => (
          <div key={c.key} role="columnheader" className={`kit-cell kit-align-${alignOf(c)}`}>{c.title}</div>
        ))}
      </div>
      {message}
      <div className="kit-grid-body" role="rowgroup" style={{ height: virtualizer.getTotalSize(), minWidth }}>
        {items.map((v) => {
          const row = rows[v.index]
          const focused = v.index === sel.focusIndex
          const selected = sel.isSelected(row)
          const id = rowId(row, rowKey)
          return (
            <GridRow key={v.index % slots.current} row={row} id={id} domId={`${idBase}-row-${v.index}`} index={v.index} top={v.start - HEADER_H}
              focused={focused} selected={selected} ariaSelected={selected || (focused && !sel.selectedRows.length)}
              columns={columns} template={template} on={handlers} />
          )
        })}
      </div>
    </div>
  )
}
