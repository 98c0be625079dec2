// The choices of the palette argument being asked: a list loaded once and matched locally (CommandArg.choices),
// or asked of the server as the operator types (CommandArg.search); and whether they answer the typed text yet.
import { useEffect, useMemo, useRef, useState } from 'react'
import type { ArgChoice, Command, CommandArg } from '../../core/command'
import { createArgSearch, filterChoices, type ArgSearch, type SearchState } from '../../core/arg-search'
import { commandContext } from '../../core/registry'

export interface ArgChoicesView {
  /** none: free text; list: loaded choices; search: the server's answer for the typed text. */
  kind: 'none' | 'list' | 'search'
  status: 'loading' | 'ready' | 'failed'
  /** What to show for the typed text. */
  items: ArgChoice[]
  /** The items answer the text as typed: an Enter may pick from them now. */
  settled: boolean
  /** IME composition on the prompt's input started or ended. */
  composing: (on: boolean) => void
}

type Loaded = { status: 'loading' | 'ready' | 'failed'; items: ArgChoice[] }

export function useArgChoices(cmd: Command, arg: CommandArg | undefined, values: Record<string, string>, text: string): ArgChoicesView {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading', items: [] })
  const [found, setFound] = useState<SearchState>({ status: 'loading', query: '', items: [] })
  const searcher = useRef<ArgSearch | null>(null)
  const query = text.trim()

  // Choices load once per step; earlier answers are fixed by then.
  useEffect(() => {
    if (!arg?.choices) return
    let live = true
    setLoaded({ status: 'loading', items: [] })
    Promise.resolve(arg.choices(commandContext(values, cmd))).then(
      (items) => { if (live) setLoaded({ status: 'ready', items }) },
      () => { if (live) setLoaded({ status: 'failed', items: [] }) },
    )
    return () => { live = false }
  }, [arg])

  useEffect(() => {
    if (!arg?.search) return
    const search = arg.search
    setFound({ status: 'loading', query: '', items: [] })
    const s = createArgSearch((q) => search(q, commandContext(values, cmd)), setFound)
    searcher.current = s
    return () => { s.dispose(); searcher.current = null }
  }, [arg])

  useEffect(() => { searcher.current?.input(query) }, [query, arg])

  const shown = useMemo(() => filterChoices(loaded.items, text), [loaded, text])
  const composing = (on: boolean) => searcher.current?.composing(on)

  if (arg?.search) {
    const settled = found.query === query && (searcher.current?.settled(query) ?? false)
    return { kind: 'search', status: settled ? found.status : 'loading', items: found.items, settled, composing }
  }
  if (arg?.choices) return { kind: 'list', status: loaded.status, items: shown, settled: loaded.status !== 'loading', composing }
  return { kind: 'none', status: 'ready', items: [], settled: true, composing }
}
