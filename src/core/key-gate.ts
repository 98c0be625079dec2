// The key gate: from the moment something that opens a surface is invoked until that surface has focus, keys are
// held back from the screen behind (and its hotkeys), then replayed into the surface in order, or dropped when
// nothing opens (README: "How the console keeps the keyboard safe").
import { replayKeys, type HeldKey } from './key-replay'

export type { HeldKey } from './key-replay'

interface Session { holds: number; buffer: HeldKey[]; limit: ReturnType<typeof setTimeout> }

/** A hold that outlives this (something never opened: a chunk that never loaded) lets the keyboard go. */
export const HOLD_LIMIT_MS = 20_000

/** The open hold, if any: keys are being buffered for a surface that is on its way. */
let session: Session | null = null
const replayed = new WeakSet<Event>()
let started = false

export interface KeyHold {
  /** The invoker is done; when no one else holds and no surface claimed the keys, they are dropped. */
  release(): void
}

const NO_HOLD: KeyHold = { release() {} }
const MODIFIER_KEYS = ['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'Fn', 'OS', 'Hyper', 'Super']

function holdOn(s: Session): KeyHold {
  s.holds += 1
  let done = false
  return {
    release() {
      if (done) return
      done = true
      // After the current task: a surface rendered by what the invoker just did (a navigation, a state change)
      // has committed by then and has claimed, or joined the hold while it loads.
      setTimeout(() => {
        s.holds -= 1
        if (session === s && s.holds <= 0) drop(s)
      }, 0)
    },
  }
}

/**
 * Holds the keyboard for a surface about to open; joins the open hold if there is one. Take it synchronously at
 * invocation (in the key or click handler, before any await) and release it when the invocation settles.
 */
export function holdKeys(): KeyHold {
  if (!session) {
    const s: Session = { holds: 0, buffer: [], limit: setTimeout(() => { if (session === s) drop(s) }, HOLD_LIMIT_MS) }
    session = s
  }
  return holdOn(session)
}

/** Extends an open hold while something on the way is still loading (a screen chunk, a record); no-op otherwise. */
export function joinKeys(): KeyHold {
  return session ? holdOn(session) : NO_HOLD
}

/**
 * Called by a surface once it has focused its first field (in a layout effect): the held keys go to it, in order,
 * and the hold ends. `drop` discards keys that must not act on it (a confirm step drops an early Enter or Space).
 */
export function claimKeys(surface: HTMLElement, drop?: (key: HeldKey) => boolean): void {
  const s = session
  if (!s) return
  session = null
  clearTimeout(s.limit)
  const keys = drop ? s.buffer.filter((k) => !drop(k)) : s.buffer
  // After the commit that mounted the surface, before the next key event (a microtask runs before any task).
  if (keys.length) queueMicrotask(() => replayKeys(surface, keys, { mark: (e) => replayed.add(e), handOver }))
}

const isPaletteKey = (k: HeldKey) => (k.ctrlKey || k.metaKey) && !k.altKey && !k.shiftKey && k.key.toLowerCase() === 'k'

/**
 * Nothing opened: the held keys are dropped, never handed to the screen behind. Except Ctrl/⌘+K, which works from
 * anywhere: it opens the palette now, and what was typed after it is type-ahead for the palette.
 */
function drop(s: Session): void {
  session = null
  clearTimeout(s.limit)
  const at = s.buffer.findIndex(isPaletteKey)
  if (at < 0 || typeof window === 'undefined') return
  const k = s.buffer[at]
  const e = new KeyboardEvent('keydown', { key: k.key, code: k.code, ctrlKey: k.ctrlKey, metaKey: k.metaKey, bubbles: true, cancelable: true })
  replayed.add(e)
  ;(document.activeElement ?? document.body).dispatchEvent(e)
  if (session) (session as Session).buffer.push(...s.buffer.slice(at + 1))
}

/** A new hold started while replaying (e.g. Enter in the palette ran a command): the rest is type-ahead for it. */
function handOver(rest: HeldKey[]): boolean {
  if (!session) return false
  session.buffer.unshift(...rest)
  return true
}

function onKeyDown(e: KeyboardEvent): void {
  if (!session || replayed.has(e)) return
  e.preventDefault()
  e.stopImmediatePropagation()
  // IME keys cannot be replayed; a bare modifier is only part of a combination recorded with its key.
  if (e.isComposing || e.keyCode === 229 || MODIFIER_KEYS.includes(e.key)) return
  session.buffer.push({
    key: e.key, code: e.code, ctrlKey: e.ctrlKey, shiftKey: e.shiftKey, altKey: e.altKey, metaKey: e.metaKey,
    repeat: e.repeat, timeStamp: e.timeStamp,
  })
}

/** Installs the gate's listener; it must run before every other key listener (window, capture phase, first). */
export function startKeyGate(): void {
  if (started || typeof window === 'undefined') return
  started = true
  window.addEventListener('keydown', onKeyDown, true)
}
