// Imperative confirm(): a promise the shell's confirm dialog resolves; one at a time, a newer one cancels the older.
import { proxy, ref } from 'valtio/vanilla'
import type { ConfirmPreview } from './command'

interface Pending { id: number; preview: ConfirmPreview; resolve: (ok: boolean) => void }

export const confirmState = proxy<{ pending: Pending | null }>({ pending: null })
let seq = 0

/** Shows the preview and resolves true when the operator confirms, false on cancel or Esc. */
export function confirm(preview: ConfirmPreview): Promise<boolean> {
  confirmState.pending?.resolve(false)
  return new Promise<boolean>((resolve) => {
    confirmState.pending = ref({ id: ++seq, preview, resolve })
  })
}

/** Called by the dialog with the operator's answer. */
export function answerConfirm(ok: boolean): void {
  const p = confirmState.pending
  if (!p) return
  confirmState.pending = null
  p.resolve(ok)
}
