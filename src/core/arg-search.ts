// A palette argument's choices as the operator types: the local matcher for loaded choices, and the debounced,
// latest-answer-wins, IME-aware search for an argument that asks the server (CommandArg.search).
import type { ArgChoice } from './command'

/** Choices whose label, value or hint contain the query (case-insensitive); all of them for an empty query. */
export function filterChoices(items: readonly ArgChoice[], query: string): ArgChoice[] {
  const s = query.trim().toLowerCase()
  if (!s) return [...items]
  return items.filter((c) => [c.label, c.value, c.hint ?? ''].some((t) => t.toLowerCase().includes(s)))
}

export type SearchStatus = 'loading' | 'ready' | 'failed'

/** What the prompt shows: the answer for `query` (the latest query answered), and whether a newer one is pending. */
export interface SearchState {
  status: SearchStatus
  /** The query `items` answer. */
  query: string
  items: ArgChoice[]
}

export const SEARCH_DEBOUNCE_MS = 200

export interface ArgSearch {
  /** The text changed: search it after the debounce (not while an IME composition is open). */
  input(query: string): void
  /** An IME composition started or ended; its end searches the composed text. */
  composing(on: boolean): void
  /** Whether the shown items answer exactly this text (nothing pending, nothing composing). */
  settled(query: string): boolean
  dispose(): void
}

/**
 * Runs `search` for the text typed: at once for the first query, then `delay` ms after the last keystroke; only the
 * answer to the latest query is shown, older answers arriving late are ignored.
 */
export function createArgSearch(
  search: (query: string) => Promise<ArgChoice[]>,
  onChange: (state: SearchState) => void,
  delay = SEARCH_DEBOUNCE_MS,
): ArgSearch {
  let latest = ''
  let timer: ReturnType<typeof setTimeout> | undefined
  let seq = 0
  let composing = false
  let pending = false
  let state: SearchState = { status: 'loading', query: '', items: [] }
  let live = true

  // The same text asked again while its answer is on the way (typed, erased, typed) waits for that answer.
  const flying = new Map<string, Promise<ArgChoice[]>>()
  const ask = (q: string) => {
    let p = flying.get(q)
    if (!p) {
      p = search(q)
      flying.set(q, p)
      const forget = () => { flying.delete(q) }
      p.then(forget, forget)
    }
    return p
  }
  const set = (next: SearchState) => { state = next; if (live) onChange(next) }
  const run = (q: string, mine: number) => {
    timer = undefined
    ask(q).then(
      (items) => { if (mine === seq) { pending = false; set({ status: 'ready', query: q, items }) } },
      () => { if (mine === seq) { pending = false; set({ status: 'failed', query: q, items: [] }) } },
    )
  }
  const schedule = (q: string, now: boolean) => {
    latest = q
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    // Any answer still on its way is for older text from now on.
    const mine = ++seq
    pending = true
    if (composing) return
    if (state.status !== 'loading') set({ ...state, status: 'loading' })
    if (now) run(q, mine)
    else timer = setTimeout(() => run(q, mine), delay)
  }

  schedule('', true)
  return {
    input: (q) => { if (q !== latest || composing) schedule(q, false) },
    composing: (on) => {
      composing = on
      if (on) { if (timer !== undefined) clearTimeout(timer); timer = undefined }
      else schedule(latest, false)
    },
    settled: (q) => !composing && !pending && state.status !== 'loading' && state.query === q,
    dispose: () => { live = false; if (timer !== undefined) clearTimeout(timer); seq += 1 },
  }
}
