// React glue for modal surfaces: counts them in consoleState.dialogs (hotkeys off), traps Tab and restores focus on close.
import { useEffect, type KeyboardEvent, type RefObject } from 'react'
import { closeDialog, openDialog } from './context'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** While mounted: one open dialog; focuses `initial` (a selector inside `ref`) or the first focusable; restores focus after. */
export function useModal(ref: RefObject<HTMLElement | null>, initial?: string): void {
  useEffect(() => {
    openDialog()
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const box = ref.current
    const target = (initial && box?.querySelector<HTMLElement>(initial)) || box?.querySelector<HTMLElement>(FOCUSABLE) || box
    target?.focus()
    return () => {
      closeDialog()
      if (previous?.isConnected) previous.focus()
    }
    // Runs once per mount on purpose: the modal's lifetime is the component's.
  }, [])
}

/** Keeps Tab and Shift+Tab inside `box`. Call from the modal's onKeyDown. */
export function trapTab(e: KeyboardEvent, box: HTMLElement | null): void {
  if (e.key !== 'Tab' || !box) return
  const items = [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null)
  if (!items.length) { e.preventDefault(); return }
  const first = items[0]
  const last = items[items.length - 1]
  if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus() }
  else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus() }
}
