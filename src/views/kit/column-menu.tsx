// The column visibility menu and its memory: which columns a list shows, remembered in localStorage per list.
import { useCallback, useEffect, useRef, useState } from 'react'
import type { ColumnSpec } from './types'

type Visibility = Record<string, boolean>

function storageKey(list: string): string {
  return `kit.columns:${list}`
}

export function useColumnVisibility(list: string, columns: ColumnSpec<never>[]) {
  const [visibility, setVisibility] = useState<Visibility>(() => {
    const defaults: Visibility = Object.fromEntries(columns.map((c) => [c.key, !c.hidden]))
    try {
      const saved = JSON.parse(localStorage.getItem(storageKey(list)) ?? 'null') as Visibility | null
      return saved ? { ...defaults, ...saved } : defaults
    } catch {
      return defaults // unreadable memory: fall back to the declared columns
    }
  })
  const update = useCallback((next: Visibility | ((v: Visibility) => Visibility)) => {
    setVisibility((prev) => {
      const v = typeof next === 'function' ? next(prev) : next
      localStorage.setItem(storageKey(list), JSON.stringify(v))
      return v
    })
  }, [list])
  return [visibility, update] as const
}

interface Props {
  columns: { id: string; title: string; visible: boolean; toggle: () => void }[]
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
            <label key={c.id} className="kit-check">
              <input type="checkbox" checked={c.visible} disabled={c.visible && columns.filter((x) => x.visible).length === 1} onChange={c.toggle} />
              {c.title}
            </label>
          ))}
        </div>
      )}
    </div>
  )
}
