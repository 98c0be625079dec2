// The form dialog: openForm({ title, fields, initial, submit }) shows a modal form and resolves with the submit result (null on cancel).
import { useRef, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { trapTab, useModal } from '../../core/use-modal'
import { FormBody } from './form-body'
import type { FormSpec, FormValues } from './form-types'
import './kit.css'

export type { FieldSpec, FormSpec, FormValues } from './form-types'

/** What a modal focuses on open: its first field, else a marked element, else its first focusable. */
const FIRST_FIELD = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [data-autofocus]'

/** A modal shell: mask, titled panel, Tab kept inside, hotkeys off while open. */
export function Modal({ title, children, onClose, wide }: { title: string; children: ReactNode; onClose: () => void; wide?: boolean }) {
  const box = useRef<HTMLDivElement>(null)
  useModal(box, FIRST_FIELD)
  return (
    <div className="kit-modal-mask">
      <div
        ref={box}
        className={`kit-modal${wide ? ' kit-modal-wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
        data-testid="form-dialog"
        onKeyDown={(e) => {
          trapTab(e, box.current)
          if (e.key === 'Escape' && !e.nativeEvent.isComposing) { e.stopPropagation(); onClose() }
        }}
      >
        <header className="kit-modal-head">
          <h2>{title}</h2>
          <button type="button" className="kit-btn kit-btn-text" aria-label="关闭" onClick={onClose}>✕</button>
        </header>
        {children}
      </div>
    </div>
  )
}

/** Mounts a modal outside the app tree until `done` is called; resolves with what it was given. */
export function mountModal<T>(render: (done: (result: T) => void) => ReactNode): Promise<T> {
  return new Promise<T>((resolve) => {
    const host = document.createElement('div')
    document.body.append(host)
    const root = createRoot(host)
    const done = (result: T) => {
      root.unmount()
      host.remove()
      resolve(result)
    }
    root.render(render(done))
  })
}

/** Shows a form; resolves with submit's result after a successful submit, or null when cancelled. */
export function openForm<V extends FormValues = FormValues>(spec: FormSpec<V>): Promise<unknown | null> {
  return mountModal<unknown | null>((done) => (
    <Modal title={spec.title} onClose={() => done(null)}>
      <FormBody spec={spec as unknown as FormSpec} onDone={(r) => done(r ?? true)} onCancel={() => done(null)} />
    </Modal>
  ))
}
