// The confirm dialog behind core/dialogs confirm(): title, preview lines, danger style; Enter confirms, Esc cancels.
// It confirms only once the operator can have seen it: an Enter, Space or click from before that never confirms.
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react'
import { useSnapshot } from 'valtio'
import { answerConfirm, confirmState } from '../../core/dialogs'
import type { ConfirmPreview } from '../../core/command'
import { trapTab, useModal } from '../../core/use-modal'

/** How long after the frame that first shows a confirm its OK starts to answer (a human cannot read it sooner). */
export const CONFIRM_ARM_MS = 400

const activates = (key: string) => key === 'Enter' || key === ' '

export function ConfirmHost() {
  const { pending } = useSnapshot(confirmState)
  if (!pending) return null
  return <ConfirmDialog key={pending.id} preview={pending.preview} />
}

/** When OK starts to answer, measured on the events' own timestamps (a key queued behind busy work keeps its time). */
function useArming() {
  const armAt = useRef(Infinity)
  const [armed, setArmed] = useState(false)
  useLayoutEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame((shownAt) => {
      armAt.current = shownAt + CONFIRM_ARM_MS
      timer = setTimeout(() => setArmed(true), Math.max(0, armAt.current - performance.now()))
    })
    return () => { cancelAnimationFrame(frame); clearTimeout(timer) }
  }, [])
  return { armed, accepts: (e: { timeStamp: number; repeat?: boolean }) => !e.repeat && e.timeStamp >= armAt.current }
}

function ConfirmDialog({ preview }: { preview: Readonly<Omit<ConfirmPreview, 'lines'>> & { lines: readonly string[] } }) {
  const box = useRef<HTMLDivElement>(null)
  const earlySpace = useRef(false)
  const { armed, accepts } = useArming()
  // Keys typed while it was on its way: Esc and Tab act on it, an Enter or Space is dropped.
  useModal(box, '[data-testid="confirm-ok"]', (k) => activates(k.key))

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.nativeEvent.isComposing) return
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); answerConfirm(false); return }
    const onCancel = (e.target as HTMLElement).matches('[data-testid="confirm-cancel"]')
    if (activates(e.key) && !onCancel && !accepts(e.nativeEvent)) {
      e.preventDefault()
      e.stopPropagation()
      if (e.key === ' ') earlySpace.current = true
    } else if (e.key === 'Enter' && !onCancel) {
      e.preventDefault(); e.stopPropagation(); answerConfirm(true)
    } else trapTab(e, box.current)
  }
  // A Space pressed too early must not click OK when it is let go.
  const onKeyUp = (e: KeyboardEvent) => {
    if (e.key === ' ' && earlySpace.current) { e.preventDefault(); earlySpace.current = false }
  }
  const onOk = (e: MouseEvent) => {
    if (accepts(e.nativeEvent)) answerConfirm(true)
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
        data-armed={armed}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        onKeyUp={onKeyUp}
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
            aria-disabled={!armed || undefined} style={armed ? undefined : { opacity: 0.6 }} onClick={onOk}>
            {preview.okText ?? '确定'} <kbd>Enter</kbd>
          </button>
        </div>
      </div>
    </div>
  )
}
