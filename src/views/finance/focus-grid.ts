// Screens an operator opens to work through (pending withdrawals, recharges): once the first page is on screen and
// nothing else holds the keyboard, the grid takes focus with its first row focused, so the row keys act at once.
// (The table kit leaves focus where it is; this is the finance screens' own choice.)
import { useEffect, type RefObject } from 'react'

export function useFocusGrid(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    let done = false
    const tryFocus = () => {
      const grid = root.current?.querySelector<HTMLElement>('[data-testid="data-table"]')
      if (done || !grid || grid.getAttribute('data-state') !== 'ok') return
      done = true
      const idle = !document.activeElement || document.activeElement === document.body
      if (idle && grid.querySelector('[data-testid="row"]')) grid.focus()
    }
    const observer = new MutationObserver(tryFocus)
    if (root.current) observer.observe(root.current, { attributes: true, subtree: true, attributeFilter: ['data-state'], childList: true })
    tryFocus()
    return () => observer.disconnect()
  }, [root])
}
