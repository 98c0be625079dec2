// The grid's focused row and selection, kept by record id so they follow their records through re-fetches, published to the console context.
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react'
import { clearRows, consoleState, setRows } from '../../core/context'
import type { Row } from './types'

export function rowId(row: Row, rowKey: string): string {
  return String(row[rowKey] ?? row.id)
}

export interface GridSelection {
  focusIndex: number
  focusedRow: Row | null
  selectedRows: Row[]
  isSelected: (row: Row) => boolean
  focusAt: (index: number) => void
  move: (delta: number, extend: boolean) => number
  toggle: (row: Row) => void
  toggleAll: () => void
  selectRange: (to: number) => void
  clear: () => void
}

export function useGridSelection(list: string, rows: Row[], rowKey: string): GridSelection {
  const [focusKey, setFocusKey] = useState<string | null>(null)
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set())

  const keys = useMemo(() => rows.map((r) => rowId(r, rowKey)), [rows, rowKey])
  // Focus and selection follow record ids through every refresh. A focused record that is gone leaves nothing
  // focused: its neighbour, now at the same position, is not the record the operator chose.
  const focusIndex = focusKey === null ? -1 : keys.indexOf(focusKey)
  const focusedRow = focusIndex >= 0 ? rows[focusIndex] : null
  const selectedRows = useMemo(() => rows.filter((_, i) => selected.has(keys[i])), [rows, keys, selected])

  // Published in the commit that shows the rows: a key pressed right after a refresh sees what is on screen.
  useLayoutEffect(() => {
    setRows(list, focusedRow, selectedRows)
  }, [list, focusedRow, selectedRows])
  useEffect(() => () => {
    if (consoleState.list === list) clearRows()
  }, [list])

  const focusAt = useCallback((i: number) => {
    if (i >= 0 && i < keys.length) setFocusKey(keys[i])
  }, [keys])

  const move = useCallback((delta: number, extend: boolean): number => {
    if (!keys.length) return -1
    const from = focusIndex
    const to = from < 0 ? 0 : Math.max(0, Math.min(keys.length - 1, from + delta))
    setFocusKey(keys[to])
    if (extend) {
      setSelected((s) => {
        const next = new Set(s)
        if (from >= 0) next.add(keys[from])
        next.add(keys[to])
        return next
      })
    }
    return to
  }, [keys, focusIndex])

  const toggle = useCallback((row: Row) => {
    const k = rowId(row, rowKey)
    setSelected((s) => {
      const next = new Set(s)
      if (next.has(k)) next.delete(k)
      else next.add(k)
      return next
    })
  }, [rowKey])

  const toggleAll = useCallback(() => {
    setSelected((s) => (keys.length && keys.every((k) => s.has(k)) ? new Set() : new Set(keys)))
  }, [keys])

  const selectRange = useCallback((to: number) => {
    const from = focusIndex < 0 ? to : focusIndex
    const [a, b] = from < to ? [from, to] : [to, from]
    setSelected((s) => new Set([...s, ...keys.slice(a, b + 1)]))
    setFocusKey(keys[to])
  }, [keys, focusIndex])

  const clear = useCallback(() => setSelected(new Set()), [])
  const isSelected = useCallback((row: Row) => selected.has(rowId(row, rowKey)), [selected, rowKey])

  return { focusIndex, focusedRow, selectedRows, isSelected, focusAt, move, toggle, toggleAll, selectRange, clear }
}
