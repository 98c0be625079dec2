// Replaying held keys into a surface as the operator typed them: each key is offered to the surface's own handlers
// (a keydown on the focused element), and what no handler took does what the browser would have done.

export interface HeldKey {
  key: string
  code: string
  ctrlKey: boolean
  shiftKey: boolean
  altKey: boolean
  metaKey: boolean
  repeat: boolean
  /** When the key was pressed (the event's timestamp). */
  timeStamp: number
}

interface ReplayOptions {
  /** Marks a replayed event so the gate lets it through. */
  mark: (e: Event) => void
  /** Offers the keys not yet replayed to a hold that started meanwhile; true when it took them. */
  handOver: (rest: HeldKey[]) => boolean
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'
const TEXT_TYPES = ['text', 'search', 'password', 'email', 'tel', 'url', '']

function isTextField(el: Element | null): el is HTMLInputElement | HTMLTextAreaElement {
  if (el instanceof HTMLTextAreaElement) return !el.readOnly
  return el instanceof HTMLInputElement && TEXT_TYPES.includes(el.type) && !el.readOnly
}

function isActivatable(el: Element | null): el is HTMLElement {
  if (el instanceof HTMLButtonElement) return true
  return el instanceof HTMLInputElement && ['checkbox', 'radio', 'button', 'submit'].includes(el.type)
}

/** Tab inside the surface, wrapping at the ends (the surface keeps the keyboard, as its own Tab trap does). */
function moveFocus(surface: HTMLElement, from: Element | null, delta: 1 | -1): void {
  const items = [...surface.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null)
  if (!items.length) return
  const i = from instanceof HTMLElement ? items.indexOf(from) : -1
  const next = i < 0 ? (delta > 0 ? 0 : items.length - 1) : (i + delta + items.length) % items.length
  items[next].focus()
}

function moveCaret(el: HTMLInputElement | HTMLTextAreaElement, key: string, extend: boolean): void {
  const len = el.value.length
  const start = el.selectionStart ?? len
  const end = el.selectionEnd ?? len
  const to = key === 'Home' ? 0 : key === 'End' ? len
    : key === 'ArrowLeft' ? (start === end || extend ? Math.max(0, start - 1) : start)
    : (start === end || extend ? Math.min(len, end + 1) : end)
  if (extend) el.setSelectionRange(Math.min(start, to), Math.max(end, to))
  else el.setSelectionRange(to, to)
}

/** What the browser does with a key no handler prevented, for the keys an operator types into a form or a prompt. */
function defaultAction(surface: HTMLElement, el: Element | null, k: HeldKey): void {
  const plain = !k.ctrlKey && !k.metaKey && !k.altKey
  if (plain && k.key === 'Tab') return moveFocus(surface, el, k.shiftKey ? -1 : 1)
  if (isTextField(el)) {
    if (plain && [...k.key].length === 1) document.execCommand('insertText', false, k.key)
    else if (plain && k.key === 'Backspace') document.execCommand('delete')
    else if (plain && k.key === 'Delete') document.execCommand('forwardDelete')
    else if ((k.ctrlKey || k.metaKey) && !k.altKey && k.key.toLowerCase() === 'a') el.select()
    else if (plain && ['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(k.key) && el.selectionStart !== null) moveCaret(el, k.key, k.shiftKey)
    return
  }
  if (plain && (k.key === ' ' || k.key === 'Enter') && isActivatable(el)) el.click()
}

function dispatch(el: Element, type: 'keydown' | 'keyup', k: HeldKey, mark: (e: Event) => void): boolean {
  const e = new KeyboardEvent(type, {
    key: k.key, code: k.code, ctrlKey: k.ctrlKey, shiftKey: k.shiftKey, altKey: k.altKey, metaKey: k.metaKey,
    repeat: k.repeat, bubbles: true, cancelable: true, composed: true,
  })
  mark(e)
  return el.dispatchEvent(e)
}

/**
 * Replays `keys` into `surface` in order. Stops when the surface has gone (a replayed Esc or Enter closed it: the
 * rest is never handed to the screen behind) or when a new hold started (the rest is type-ahead for what opens next).
 */
export function replayKeys(surface: HTMLElement, keys: HeldKey[], opts: ReplayOptions): void {
  for (let i = 0; i < keys.length; i++) {
    if (opts.handOver(keys.slice(i))) return
    const active = document.activeElement
    if (!surface.isConnected || (active && !surface.contains(active) && active !== document.body)) return
    const target = active && surface.contains(active) ? active : surface
    const k = keys[i]
    if (dispatch(target, 'keydown', k, opts.mark)) defaultAction(surface, target, k)
    dispatch(document.activeElement ?? target, 'keyup', k, opts.mark)
  }
}
