// React glue for modal surfaces: counts them in consoleState.dialogs (hotkeys off), takes focus and the held keys
// in the same commit that mounts them, traps Tab and restores focus on close; and holds keys while a surface loads.
import { useLayoutEffect, useRef, type KeyboardEvent, type RefObject } from 'react'
import { closeDialog, consoleState, openDialog } from './context'
import { claimKeys, joinKeys, type HeldKey } from './key-gate'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * While mounted: one open dialog; focuses `initial` (a selector inside `ref`; the box itself when nothing matches
 * yet), else the first focusable; then replays the keys typed since it was invoked (minus `drop`); restores focus after.
 * All of it in a layout effect, so no key event can fall between the mount and the focus.
 */
export function useModal(ref: RefObject<HTMLElement | null>, initial?: string, drop?: (key: HeldKey) => boolean): void {
  // What had focus before the surface: read in its first render, before a child's autoFocus (the palette's input)
  // takes focus in the commit, so closing it gives focus back to the list or drawer that opened it.
  const opener = useRef<HTMLElement | null | undefined>(undefined)
  if (opener.current === undefined) opener.current = typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null
  useLayoutEffect(() => {
    openDialog()
    const previous = opener.current
    const box = ref.current
    const target = initial ? box?.querySelector<HTMLElement>(initial) || box : box?.querySelector<HTMLElement>(FOCUSABLE) || box
    target?.focus()
    if (box) claimKeys(box, drop)
    return () => {
      closeDialog()
      if (previous?.isConnected && previous !== document.body) previous.focus()
      else if (!document.activeElement || document.activeElement === document.body || box?.contains(document.activeElement)) listGrid()?.focus()
    }
    // Runs once per mount on purpose: the modal's lifetime is the component's.
  }, [])
}

/**
 * The grid of the list that had the keyboard: where focus returns when what a modal came from is gone (the palette
 * that asked for a command's arguments and then opened its confirm step), so the row keys act again at once.
 */
function listGrid(): HTMLElement | null {
  const list = consoleState.list
  if (!list) return null
  return document.querySelector<HTMLElement>(`[data-list="${CSS.escape(list)}"] [data-testid="data-table"]`)
}

/** While `active` (a screen's chunk or a record still loading), keeps open a hold taken by whatever led here. */
export function useKeyHold(active = true): void {
  useLayoutEffect(() => {
    if (!active) return
    const hold = joinKeys()
    return () => hold.release()
  }, [active])
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
