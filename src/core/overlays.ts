// Which shell overlays are open: the command palette (optionally asking a command's arguments) and the shortcut sheet.
import { proxy } from 'valtio/vanilla'

export const overlayState = proxy<{ palette: boolean; argsFor: string | null; shortcuts: boolean }>({
  palette: false,
  argsFor: null,
  shortcuts: false,
})

/** Opens the palette; with a command id it goes straight to asking that command's arguments. */
export function openPalette(argsFor: string | null = null): void {
  overlayState.shortcuts = false
  overlayState.argsFor = argsFor
  overlayState.palette = true
}

export function closePalette(): void {
  overlayState.palette = false
  overlayState.argsFor = null
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
