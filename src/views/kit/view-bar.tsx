// The list toolbar's saved views and export: pick one of the admin's views of this list, save the current state as a
// view (the palette asks its name), and start a background export of the filtered set (progress in the export panel).
import { useEffect, useRef } from 'react'
import { useSnapshot } from 'valtio'
import { invokeCommand } from '../../core/invoke'
import { navigate } from '../../core/nav'
import { viewsState, viewUrl, type ActiveList } from '../../core/views'
import type { SavedView } from '../../contract/view'
import { CommandButton } from './screen'

/** Publishes the list on screen to the view and export commands while it is mounted. */
export function useActiveList(active: ActiveList): void {
  const latest = useRef(active)
  latest.current = active
  useEffect(() => {
    const mine: ActiveList = {
      list: active.list, title: active.title,
      state: () => latest.current.state(), columns: () => latest.current.columns(), filters: () => latest.current.filters(),
    }
    viewsState.active = mine
    return () => { if (viewsState.active === mine) viewsState.active = null }
  }, [active.list, active.title])
}

/** Applies a view's columns once when the list is opened from it (`view` in the query). */
export function useViewColumns(list: string, viewId: string | null, apply: (v: SavedView) => void): void {
  const { items, loaded } = useSnapshot(viewsState)
  const done = useRef<string | null>(null)
  useEffect(() => {
    if (!viewId || !loaded || done.current === viewId) return
    const v = viewsState.items.find((x) => String(x.id) === viewId && x.list === list)
    if (!v) return
    done.current = viewId
    apply(v)
  }, [viewId, loaded, items, list, apply])
}

/** The admin's views of this list and 保存视图. */
export function ViewPicker({ list, current }: { list: string; current: string | null }) {
  const { items } = useSnapshot(viewsState)
  const mine = items.filter((v) => v.list === list)
  return (
    <>
      <select
        className="kit-select"
        aria-label="视图"
        value={mine.some((v) => String(v.id) === current) ? current! : ''}
        onChange={(e) => {
          const v = viewsState.items.find((x) => String(x.id) === e.target.value)
          if (v) navigate(viewUrl(v))
        }}
      >
        <option value="">{mine.length ? '选择视图…' : '暂无视图'}</option>
        {mine.map((v) => <option key={v.id} value={v.id}>{v.name}</option>)}
      </select>
      <CommandButton id="view.saveView" label="保存视图" />
    </>
  )
}

/** 导出 CSV and 导出 Excel: background exports of the filtered set. */
export function ExportButtons({ ready }: { ready: boolean }) {
  return (
    <>
      <button type="button" className="kit-btn" disabled={!ready} onClick={() => void invokeCommand('view.exportCsv')}>导出 CSV</button>
      <button type="button" className="kit-btn" disabled={!ready} onClick={() => void invokeCommand('view.exportXlsx')}>导出 Excel</button>
    </>
  )
}
