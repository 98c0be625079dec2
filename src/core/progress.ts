// The thin top progress bar: counts calls in flight that have no spinner of their own.
import { proxy } from 'valtio/vanilla'

export const progressState = proxy({ pending: 0 })

export function startProgress(): () => void {
  progressState.pending += 1
  let done = false
  return () => {
    if (done) return
    done = true
    progressState.pending = Math.max(0, progressState.pending - 1)
  }
}
