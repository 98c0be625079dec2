// The confirm dialog behind core/dialogs confirm(): title, preview lines, danger style; Enter confirms, Esc cancels.
import { useRef, type KeyboardEvent } from 'react'
import { useSnapshot } from 'valtio'
import { answerConfirm, confirmState } from '../../core/dialogs'
import type { ConfirmPreview } from '../../core/command'
import { trapTab, useModal } from '../../core/use-modal'

export function ConfirmHost() {
  const { pending } = useSnapshot(confirmState)
  if (!pending) return null
  return <ConfirmDialog key={pending.id} preview={pending.preview} />
}

function ConfirmDialog({ preview }: { preview: Readonly<Omit<ConfirmPreview, 'lines'>> & { lines: readonly string[] } }) {
  const box = useRef<HTMLDivElement>(null)
  useModal(box, '[data-testid="confirm-ok"]')

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.nativeEvent.isComposing) return
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); answerConfirm(false) }
    else if (e.key === 'Enter' && !(e.target as HTMLElement).matches('[data-testid="confirm-cancel"]')) {
      e.preventDefault(); e.stopPropagation(); answerConfirm(true)
    } else trapTab(e, box.current)
  }

  return (
    <div className="modal-backdrop" onMouseDown={(e) => { if (e.target === e.currentTarget) answerConfirm(false) }}>
      <div
        ref={box}
        className={`modal confirm${preview.danger ? ' danger' : ''}`}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-lines"
        data-testid="confirm-dialog"
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id="confirm-title" className="modal-title">{preview.title}</h2>
        <ul id="confirm-lines" className="confirm-lines">
          {preview.lines.map((line, i) => <li key={i}>{line}</li>)}
        </ul>
        <div className="modal-actions">
          <button type="button" className="btn" data-testid="confirm-cancel" onClick={() => answerConfirm(false)}>
            取消 <kbd>Esc</kbd>
          </button>
          <button type="button" className={`btn ${preview.danger ? 'btn-danger' : 'btn-primary'}`} data-testid="confirm-ok"
            onClick={() => answerConfirm(true)}>
            {preview.okText ?? '确定'} <kbd>Enter</kbd>
          </button>
        </div>
      </div>
    </div>
  )
}
