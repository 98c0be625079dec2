// Toasts: one at a time; a new one replaces the shown one; it stays until closed or a few seconds pass.
import { proxy } from 'valtio/vanilla'

export type ToastKind = 'success' | 'info' | 'error'
export interface Toast { id: number; kind: ToastKind; msg: string }

export const toastState = proxy<{ current: Toast | null; seq: number }>({ current: null, seq: 0 })

const DURATION: Record<ToastKind, number> = { success: 3000, info: 4000, error: 6000 }
let timer: ReturnType<typeof setTimeout> | undefined

function show(kind: ToastKind, msg: string): void {
  const id = ++toastState.seq
  toastState.current = { id, kind, msg }
  clearTimeout(timer)
  timer = setTimeout(() => closeToast(id), DURATION[kind])
}

/** Closes the shown toast (only `id` if given, so a late timer never closes a newer one). */
export function closeToast(id?: number): void {
  if (id === undefined || toastState.current?.id === id) toastState.current = null
}

/** Pauses auto-close while the pointer or focus is on the toast. */
export function holdToast(): void {
  clearTimeout(timer)
}

export function releaseToast(): void {
  const t = toastState.current
  if (!t) return
  clearTimeout(timer)
  timer = setTimeout(() => closeToast(t.id), DURATION[t.kind])
}

export const toast = {
  success: (msg: string) => show('success', msg),
  info: (msg: string) => show('info', msg),
  error: (msg: string) => show('error', msg),
}
