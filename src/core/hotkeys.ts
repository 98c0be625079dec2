// The keyboard layer (hotkeys-js): one scope bound from the visible commands, rebound when that set changes; Ctrl/⌘+K anywhere.
import hotkeys from 'hotkeys-js'
import { subscribe } from 'valtio/vanilla'
import { consoleState } from './context'
import { currentCommands } from './registry'
import { invokeCommand } from './invoke'
import { holdKeys, startKeyGate } from './key-gate'
import { overlayState, togglePalette } from './overlays'
import { sessionState } from './session'

const SCOPE = 'console'

export function isComposing(e: KeyboardEvent): boolean {
  return e.isComposing || e.keyCode === 229
}

function isEditable(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false
  if (el.isContentEditable) return true
  if (el instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(el.type)
  return el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement
}

let bound = ''

function rebind(): void {
  if (!sessionState.token) {
    if (bound) { hotkeys.deleteScope(SCOPE); bound = '' }
    return
  }
  const cmds = currentCommands().filter((c) => c.hotkey)
  const signature = cmds.map((c) => `${c.id}=${c.hotkey}`).join('|')
  if (signature === bound) return
  hotkeys.deleteScope(SCOPE)
  for (const cmd of cmds) {
    hotkeys(cmd.hotkey!, { scope: SCOPE }, (event) => {
      event.preventDefault()
      void invokeCommand(cmd.id)
    })
  }
  hotkeys.setScope(SCOPE)
  bound = signature
}

function onKeyDown(e: KeyboardEvent): void {
  if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k' && !isComposing(e)) {
    if (!sessionState.token) return
    // A form or confirm dialog keeps the keyboard; the palette itself toggles closed.
    if (consoleState.dialogs > 0 && !overlayState.palette) return
    e.preventDefault()
    e.stopPropagation()
    // Opening the palette is an opening like any other: what is typed next goes into it, not to the list.
    const hold = holdKeys()
    togglePalette()
    hold.release()
  }
}

/** Starts the keyboard layer; returns a stop function. */
export function startHotkeys(): () => void {
  // First: the key gate's listener must see every key before the palette key and the hotkeys do.
  startKeyGate()
  hotkeys.filter = (e) => consoleState.dialogs === 0 && !isComposing(e) && !isEditable(e.target)
  window.addEventListener('keydown', onKeyDown, true)
  rebind()
  const stops = [subscribe(consoleState, rebind), subscribe(sessionState, rebind)]
  return () => {
    stops.forEach((s) => s())
    window.removeEventListener('keydown', onKeyDown, true)
    hotkeys.deleteScope(SCOPE)
    bound = ''
  }
}
