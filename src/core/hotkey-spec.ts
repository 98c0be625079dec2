// Hotkey specs (hotkeys-js syntax): normalisation for duplicate detection, and the label shown beside a command.

/** Keys the shell and the table kit own; a command may not take them. */
export const RESERVED_HOTKEYS = [
  'ctrl+k', 'meta+k', 'j', 'k', 'x', 'enter', '/', 'esc', 'up', 'down',
  // the table kit's and the menu tree's own keys
  'shift+j', 'shift+k', 'shift+up', 'shift+down', 'home', 'end', 'pageup', 'pagedown', 'ctrl+a', 'alt+up', 'alt+down', 'space',
]

const ALIASES: Record<string, string> = {
  control: 'ctrl', '⌃': 'ctrl', cmd: 'meta', command: 'meta', '⌘': 'meta', option: 'alt', '⌥': 'alt', '⇧': 'shift',
  escape: 'esc', return: 'enter', '?': 'shift+/',
}
const MODIFIERS = ['ctrl', 'alt', 'shift', 'meta']

/** 'Shift+D, ?' → ['shift+d', 'shift+/']. */
export function normalizeHotkey(spec: string): string[] {
  return spec.split(',').map((combo) => {
    const parts = combo.trim().toLowerCase().split('+').filter(Boolean)
      .flatMap((p) => (ALIASES[p] ?? p).split('+'))
    const mods = MODIFIERS.filter((m) => parts.includes(m))
    const keys = parts.filter((p) => !MODIFIERS.includes(p))
    return [...mods, ...keys].join('+')
  }).filter(Boolean)
}

const LABELS: Record<string, string> = {
  ctrl: 'Ctrl', alt: 'Alt', shift: 'Shift', meta: '⌘', enter: 'Enter', esc: 'Esc', up: '↑', down: '↓',
  left: '←', right: '→', space: 'Space', backspace: 'Backspace', delete: 'Del', tab: 'Tab',
}

/** 'shift+/' → '?', 'alt+a' → 'Alt+A'; only the first combo of a list. */
export function formatHotkey(spec: string | undefined | null): string {
  if (!spec) return ''
  const combo = normalizeHotkey(spec)[0] ?? ''
  if (combo === 'shift+/') return '?'
  return combo.split('+').map((p) => LABELS[p] ?? p.toUpperCase()).join('+')
}
