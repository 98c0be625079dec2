// The single toast and the thin top progress bar.
import { useSnapshot } from 'valtio'
import { closeToast, holdToast, releaseToast, toastState } from '../../core/toast'
import { progressState } from '../../core/progress'

export function Toaster() {
  const { current } = useSnapshot(toastState)
  if (!current) return null
  return (
    <div
      className={`toast toast-${current.kind}`}
      role={current.kind === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      data-kind={current.kind}
      onMouseEnter={holdToast}
      onMouseLeave={releaseToast}
    >
      <span className="toast-msg">{current.msg}</span>
      <button type="button" className="toast-close" aria-label="关闭" data-testid="toast-close" onClick={() => closeToast(current.id)}>×</button>
    </div>
  )
}

export function ProgressBar() {
  const { pending } = useSnapshot(progressState)
  return pending > 0 ? <div className="progress" data-testid="progress" role="progressbar" aria-label="加载中" /> : null
}
