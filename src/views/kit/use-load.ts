// Loading one answer for a drawer section: loading, error (with retry) or the data. A change of `deps` (another
// record) shows loading again; a change of `quiet` (the record changed, e.g. after a command) keeps showing the old
// answer until the new one is there, so the drawer does not flash.
import { useEffect, useRef, useState } from 'react'

export interface Loaded<T> { state: 'loading' | 'error' | 'ok'; data: T | null; retry: () => void }

export function useLoad<T>(load: () => Promise<T>, deps: unknown[], quiet: unknown[] = []): Loaded<T> {
  const [attempt, setAttempt] = useState(0)
  const [out, setOut] = useState<{ state: 'loading' | 'error' | 'ok'; data: T | null }>({ state: 'loading', data: null })
  const key = JSON.stringify(deps)
  const shown = useRef(key)
  useEffect(() => {
    let live = true
    const same = shown.current === key
    shown.current = key
    setOut((o) => (same && o.state === 'ok' ? o : { state: 'loading', data: null }))
    load().then((data) => live && setOut({ state: 'ok', data }), () => live && setOut({ state: 'error', data: null }))
    return () => { live = false }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt, ...quiet])
  return { ...out, retry: () => setAttempt((n) => n + 1) }
}
