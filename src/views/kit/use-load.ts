// One read for a panel or drawer: loading, error (with retry) or its data, reloaded when `deps` change; a stale answer
// (the deps changed meanwhile) is dropped.
import { useEffect, useState } from 'react'

export type LoadState = 'loading' | 'error' | 'ok'

export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): { state: LoadState; data: T | null; retry: () => void } {
  const [attempt, setAttempt] = useState(0)
  const [out, setOut] = useState<{ state: LoadState; data: T | null }>({ state: 'loading', data: null })
  useEffect(() => {
    let live = true
    setOut((o) => ({ state: 'loading', data: o.data }))
    load().then((data) => live && setOut({ state: 'ok', data }), () => live && setOut({ state: 'error', data: null }))
    return () => { live = false }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt])
  return { ...out, retry: () => setAttempt((n) => n + 1) }
}
