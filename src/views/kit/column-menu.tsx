// The column menu and its memory: which columns a list shows and how wide, remembered per admin on the server
// (/api/view/columns), so they follow the admin to another browser; this browser keeps a copy to paint at once.
import { useCallback, useEffect, useRef, useState } from 'react'
import { call } from '../../core/api'
import { sessionState } from '../../core/session'
import { API } from '../../contract/api'
import type { ColumnSetting } from '../../contract/view'
import type { ColumnSpec } from './types'

type Visibility = Record<string, boolean>
type Widths = Record<string, number>
interface Settings { visibility: Visibility; widths: Widths }

const storageKey = (list: string) => `kit.columns:${sessionState.login?.username ?? ''}:${list}`
const WIDTH = { min: 40, max: 800, step: 20 }

function fromServer(defaults: Visibility, saved: ColumnSetting[]): Settings {
  const visibility = { ...defaults }
  const widths: Widths = {}
  for (const c of saved) {
    if (!(c.key in defaults)) continue
    visibility[c.key] = !c.hidden
    if (c.width) widths[c.key] = c.width
  }
  return { visibility, widths }
}

const toServer = (s: Settings): ColumnSetting[] =>
  Object.entries(s.visibility).map(([key, shown]) => ({ key, width: s.widths[key] ?? null, hidden: !shown }))

/** A list's column visibility and widths: declared defaults, then this browser's copy, then the server's answer. */
export function useColumnSettings(list: string, columns: ColumnSpec<never>[]) {
  const defaults = useRef<Visibility>({})
  defaults.current = Object.fromEntries(columns.map((c) => [c.key, !c.hidden]))
  const [settings, setSettings] = useState<Settings>(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(storageKey(list)) ?? 'null') as ColumnSetting[] | null
      return fromServer(defaults.current, saved ?? [])
    } catch {
      return fromServer(defaults.current, []) // unreadable copy: the declared columns until the server answers
    }
  })
  const touched = useRef(false)
  useEffect(() => {
    let live = true
    call(API.view.columns, { list }, { silent: true, spinner: true }).then((r) => {
      if (!live || touched.current) return
      localStorage.setItem(storageKey(list), JSON.stringify(r.columns))
      setSettings(fromServer(defaults.current, r.columns))
    }, () => undefined)
    return () => { live = false }
  }, [list])

  const change = useCallback((next: (s: Settings) => Settings) => {
    touched.current = true
    setSettings((prev) => {
      const s = next(prev)
      const columns = toServer(s)
      localStorage.setItem(storageKey(list), JSON.stringify(columns))
      void call(API.view.saveColumns, { list, columns }, { spinner: true }).catch(() => undefined)
      return s
    })
  }, [list])
  const setVisibility = useCallback((next: Visibility | ((v: Visibility) => Visibility)) =>
    change((s) => ({ ...s, visibility: typeof next === 'function' ? next(s.visibility) : next })), [change])
  /** Widens (+1) or narrows (-1) a column by one step. */
  const nudgeWidth = useCallback((key: string, by: 1 | -1, from: number) =>
    change((s) => ({ ...s, widths: { ...s.widths, [key]: Math.min(WIDTH.max, Math.max(WIDTH.min, (s.widths[key] ?? from) + by * WIDTH.step)) } })), [change])
  return { visibility: settings.visibility, widths: settings.widths, setVisibility, nudgeWidth }
}

interface Props {
  columns: { id: string; title: string; visible: boolean; width: number; toggle: () => void; nudge: (by: 1 | -1) => void }[]
}

export function ColumnMenu({ columns }: Props) {
  const [open, setOpen] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    box.current?.querySelector('input')?.focus()
    const away = (e: MouseEvent) => { if (!box.current?.parentElement?.contains(e.target as Node)) setOpen(false) }
    document.addEventListener('mousedown', away)
    return () => document.removeEventListener('mousedown', away)
  }, [open])

  return (
    <div className="kit-popover-anchor">
      <button ref={button} type="button" className="kit-btn" aria-expanded={open} aria-haspopup="true" onClick={() => setOpen(!open)}>
        列
      </button>
      {open && (
        <div
          ref={box}
          className="kit-popover"
          role="group"
          aria-label="显示的列"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation()
              setOpen(false)
              button.current?.focus()
            }
          }}
        >
          {columns.map((c) => (
            <label key={c.id} className="kit-check" title={`列宽 ${c.width}px（Alt+← / Alt+→ 调整）`}>
              <input
                type="checkbox"
                checked={c.visible}
                disabled={c.visible && columns.filter((x) => x.visible).length === 1}
                onChange={c.toggle}
                onKeyDown={(e) => {
                  if (!e.altKey || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return
                  e.preventDefault()
                  c.nudge(e.key === 'ArrowRight' ? 1 : -1)
                }}
              />
              {c.title}
            </label>
          ))}
        </div>
      )}
    </div>
  )
}
