// A form as a routed page (e.g. 新增管理员): same fields and flow as the dialog; done or Esc goes back.
import type { ReactNode } from 'react'
import { navigate } from '../../core/nav'
import { useKeyHold } from '../../core/use-modal'
import { FormBody } from './form-body'
import type { FormSpec, FormValues } from './form-types'
import './kit.css'

interface Props<V extends FormValues> {
  spec: FormSpec<V>
  /** Where done and cancel lead (the list). */
  backTo: string
  onDone?: (result: unknown) => void
}

/** The list view the page was opened from (`?back=`, kept with its filters), when it is that list. */
function backTarget(backTo: string): string {
  const back = new URLSearchParams(window.location.search).get('back')
  return back && (back === backTo || back.startsWith(`${backTo}?`)) ? back : backTo
}

export function FormPage<V extends FormValues>({ spec, backTo: list, onDone }: Props<V>) {
  const backTo = backTarget(list)
  return (
    <section className="kit-form-page" aria-label={spec.title}>
      <header className="kit-page-head">
        <button type="button" className="kit-btn kit-btn-text" onClick={() => navigate(backTo)}>← 返回</button>
        <h1>{spec.title}</h1>
      </header>
      <FormBody
        spec={spec as unknown as FormSpec}
        onDone={(r) => { onDone?.(r); navigate(backTo) }}
        onCancel={() => navigate(backTo)}
      />
    </section>
  )
}

/** Loading and failure placeholders for a page waiting for its record. */
export function PageState({ state, onRetry, children }: { state: 'loading' | 'error' | 'ok'; onRetry?: () => void; children?: ReactNode }) {
  // Keys typed since the page was opened wait for its form rather than going to whatever has focus.
  useKeyHold(state === 'loading')
  if (state === 'loading') return <div className="kit-state" role="status">加载中…</div>
  if (state === 'error') {
    return (
      <div className="kit-state" role="alert">
        加载失败 {onRetry && <button type="button" className="kit-btn" onClick={onRetry}>重试</button>}
      </div>
    )
  }
  return <>{children}</>
}
