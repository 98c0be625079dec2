// The ? sheet: every key the console answers to right now.
import { useRef, type KeyboardEvent } from 'react'
import { useSnapshot } from 'valtio'
import { closeShortcuts, overlayState } from '../../core/overlays'
import { trapTab, useModal } from '../../core/use-modal'
import { KeyList } from './key-list'

export function Shortcuts() {
  const { shortcuts } = useSnapshot(overlayState)
  return shortcuts ? <Sheet /> : null
}

function Sheet() {
  const box = useRef<HTMLDivElement>(null)
  useModal(box)
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' || e.key === '?') { e.preventDefault(); closeShortcuts() }
    else trapTab(e, box.current)
  }
  return (
    <div className="modal-backdrop" onMouseDown={(e) => { if (e.target === e.currentTarget) closeShortcuts() }}>
      <div ref={box} className="modal sheet" role="dialog" aria-modal="true" aria-labelledby="shortcuts-title"
        data-testid="shortcuts" tabIndex={-1} onKeyDown={onKeyDown}>
        <div className="modal-head">
          <h2 id="shortcuts-title" className="modal-title">快捷键一览</h2>
          <button type="button" className="icon-btn" aria-label="关闭" onClick={closeShortcuts}>×</button>
        </div>
        <KeyList />
      </div>
    </div>
  )
}
