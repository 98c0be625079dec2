// The detail drawer: a side panel listing a record's fields; Esc or the close button closes it and focus returns.
import { useLayoutEffect, useRef, type ReactNode } from 'react'
import { closeDialog, openDialog } from '../../core/context'
import { claimKeys } from '../../core/key-gate'
import { trapTab } from '../../core/use-modal'
import { field, formatValue } from '../../contract/format'
import type { DetailField, Row } from './types'
import './kit.css'

export function Drawer(props: { title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const { title, onClose, children, wide } = props
  const panel = useRef<HTMLDivElement>(null)

  // In the commit that mounts it: the keys pressed since Enter (an Esc, say) act on the drawer, not the list.
  useLayoutEffect(() => {
    const back = document.activeElement as HTMLElement | null
    openDialog()
    panel.current?.focus()
    if (panel.current) claimKeys(panel.current)
    return () => {
      closeDialog()
      back?.focus?.()
    }
  }, [])

  return (
    <div className="kit-drawer-mask" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        className={`kit-drawer${wide ? ' kit-drawer-wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
        data-testid="drawer"
        onKeyDown={(e) => {
          trapTab(e, panel.current)
          if (e.key === 'Escape' && !e.nativeEvent.isComposing) {
            e.preventDefault()
            e.stopPropagation()
            onClose()
          }
        }}
      >
        <header className="kit-drawer-head">
          <h2>{title}</h2>
          <button type="button" className="kit-btn kit-btn-text" onClick={onClose} aria-label="关闭">✕</button>
        </header>
        <div className="kit-drawer-body">{children}</div>
      </div>
    </div>
  )
}

/** A record's fields as a two-column list. */
export function FieldList<R extends Row>({ row, fields }: { row: R; fields: DetailField<R>[] }) {
  return (
    <dl className="kit-fields">
      {fields.map((f) => (
        <div key={f.key} className="kit-field-row">
          <dt>{f.title}</dt>
          <dd>{f.render ? f.render(row) : formatValue(field(row, f.key), f.format) || '—'}</dd>
        </div>
      ))}
    </dl>
  )
}
