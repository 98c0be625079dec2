// Which shell overlays are open: the command palette (optionally asking a command's arguments) and the shortcut sheet.
import { proxy, ref } from 'valtio/vanilla'

export const overlayState = proxy<{ palette: boolean; argsFor: string | null; given: Record<string, unknown> | null; shortcuts: boolean }>({
  palette: false,
  argsFor: null,
  given: null,
  shortcuts: false,
})

/**
 * Opens the palette; with a command id it goes straight to asking that command's arguments, and runs it with what it
 * was already given besides them (`rows` of a drawer's record, say).
 */
export function openPalette(argsFor: string | null = null, given: Record<string, unknown> | null = null): void {
  overlayState.shortcuts = false
  overlayState.argsFor = argsFor
  overlayState.given = given && ref(given)
  overlayState.palette = true
}

export function closePalette(): void {
  overlayState.palette = false
  overlayState.argsFor = null
  overlayState.given = null
}

export function togglePalette(): void {
  if (overlayState.palette) closePalette()
  else openPalette()
}

export function openShortcuts(): void {
  closePalette()
  overlayState.shortcuts = true
}

export function closeShortcuts(): void {
  overlayState.shortcuts = false
}
