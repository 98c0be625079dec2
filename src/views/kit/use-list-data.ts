// Loads one page of a list from its endpoint; re-fetches when the query changes or the list's refresh counter bumps.
import { useCallback, useEffect, useRef, useState } from 'react'
import { useSnapshot } from 'valtio'
import { http, isCancelled } from '../../core/http'
import { consoleState } from '../../core/context'
import type { ListAnswer, Row } from './types'

export type LoadState = 'loading' | 'error' | 'ok'

/** Reads a paged answer whatever key holds its rows. */
export function readAnswer(raw: Record<string, unknown>, itemsKey: string, page: number, perPage: number): ListAnswer {
  const found = Array.isArray(raw[itemsKey]) ? raw[itemsKey] : Array.isArray(raw.items) ? raw.items : raw.data
  const rows = (Array.isArray(found) ? found : []) as Row[]
  return {
    rows,
    total: Number(raw.total ?? rows.length),
    totalExact: raw.total_exact !== false,
    perPage: Number(raw.per_page ?? perPage),
    page: Number(raw.current_page ?? page),
    cursors: 'cursor_next' in raw || 'cursor_prev' in raw
      ? { next: raw.cursor_next == null ? null : String(raw.cursor_next), prev: raw.cursor_prev == null ? null : String(raw.cursor_prev) }
      : null,
    raw,
  }
}

export function useListData(opts: {
  list: string
  endpoint: string
  itemsKey: string
  params: Record<string, string | number>
  page: number
  perPage: number
  /** The keyset position of the page (after or before a cursor), when the list pages by cursor. */
  cursor?: { after?: string; before?: string }
}) {
  const { list, endpoint, itemsKey, params, page, perPage, cursor } = opts
  const refresh = useSnapshot(consoleState).refresh[list] ?? 0
  const [state, setState] = useState<LoadState>('loading')
  const [answer, setAnswer] = useState<ListAnswer | null>(null)
  const [retry, setRetry] = useState(0)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const current = useRef('')

  const query = JSON.stringify({ ...params, page, per_page: perPage, after: cursor?.after, before: cursor?.before })
  useEffect(() => {
    // Identified by content, not by effect run: a duplicate request dropped by the client leaves the
    // first one to deliver the answer.
    const key = `${endpoint}?${query}#${refresh}.${retry}`
    current.current = key
    setState((s) => (s === 'ok' ? s : 'loading'))
    setBusy(true)
    const q = JSON.parse(query) as Record<string, unknown>
    http.get<Record<string, unknown>>(endpoint, q, { silent: true }).then(
      (raw) => {
        if (current.current !== key) return
        setAnswer(readAnswer(raw ?? {}, itemsKey, page, perPage))
        setState('ok')
        setBusy(false)
      },
      (e: unknown) => {
        if (isCancelled(e) || current.current !== key) return
        setAnswer(null)
        setError(e && typeof e === 'object' && 'msg' in e ? String((e as { msg: unknown }).msg) : '')
        setState('error')
        setBusy(false)
      },
    )
  }, [endpoint, query, refresh, retry, itemsKey, page, perPage])

  const reload = useCallback(() => {
    setState('loading')
    setRetry((n) => n + 1)
  }, [])
  return { state, answer, busy, error, reload }
}
