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

/** A bulk operation's partial failures, shown by the shell's bulk result dialog until the operator closes it. */
export interface BulkReport { id: number; title: string; ok: number; failed: { id: number | string; msg: string }[]; names: Map<string, string>; done: () => void }
export const bulkState = proxy<{ report: BulkReport | null }>({ report: null })

/** Shows which rows of a bulk operation failed and why; resolves when the dialog is closed. */
export function showBulkResult(title: string, result: { ok: number; failed: { id: number | string; msg: string }[] }, names = new Map<string, string>()): Promise<void> {
  bulkState.report?.done()
  return new Promise<void>((resolve) => {
    const report: BulkReport = { id: ++seq, title, ok: result.ok, failed: result.failed, names, done: () => {
      if (bulkState.report?.id === report.id) bulkState.report = null
      resolve()
    } }
    bulkState.report = ref(report)
  })
}
