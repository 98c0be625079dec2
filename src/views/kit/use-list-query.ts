// The list's view state kept in the URL query (filters, page, per_page, sort, the saved view) so a copied link reopens the same view.
import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'wouter'
import type { FilterSpec } from './types'

export interface ListQuery {
  filters: Record<string, string>
  page: number
  perPage: number
  /** Where the page starts when reached by cursor (kept in the URL like the page). */
  cursor: { after?: string; before?: string }
  /** The order a list offers besides its default (`sort`), and the saved view the query came from (`view`). */
  sort: string | null
  view: string | null
  setFilters: (next: Record<string, string>) => void
  /** Goes to a page; with a cursor for the next/previous page of a list that pages by id. */
  setPage: (page: number, cursor?: { after?: string; before?: string }) => void
  setPerPage: (perPage: number) => void
}

export function useListQuery(filters: FilterSpec[], defaultPerPage: number): ListQuery {
  const [params, setParams] = useSearchParams()
  const search = params.toString()

  const values = useMemo(() => {
    const f: Record<string, string> = {}
    for (const spec of filters) {
      const v = params.get(spec.name)
      if (v) f[spec.name] = v
    }
    return f
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, filters])
  const page = Math.max(1, Number(params.get('page')) || 1)
  const after = params.get('after') ?? undefined
  const before = params.get('before') ?? undefined
  const cursor = useMemo(() => (after ? { after } : before ? { before } : {}), [after, before])
  const sort = params.get('sort')
  const view = params.get('view')
  const perPage = Math.min(1000, Math.max(1, Number(params.get('per_page')) || defaultPerPage))

  const update = useCallback(
    (patch: Record<string, string | null>) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev)
        for (const [k, v] of Object.entries(patch)) {
          if (v === null || v === '') next.delete(k)
          else next.set(k, v)
        }
        return next
      }, { replace: true }),
    [setParams],
  )

  const setFilters = useCallback(
    (next: Record<string, string>) => {
      const patch: Record<string, string | null> = { page: null, after: null, before: null, view: null }
      for (const spec of filters) patch[spec.name] = next[spec.name] || null
      update(patch)
    },
    [filters, update],
  )
  const setPage = useCallback((p: number, c: { after?: string; before?: string } = {}) =>
    update({ page: p > 1 ? String(p) : null, after: p > 1 ? c.after ?? null : null, before: p > 1 ? c.before ?? null : null }), [update])
  const setPerPage = useCallback(
    (n: number) => update({ per_page: n === defaultPerPage ? null : String(n), page: null, after: null, before: null, view: null }),
    [update, defaultPerPage],
  )

  return { filters: values, page, perPage, cursor, sort, view, setFilters, setPage, setPerPage }
}

/** The query parameters a filter set sends: dates become the start or end of that day. */
export function filterParams(filters: FilterSpec[], values: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const spec of filters) {
    const v = values[spec.name]
    if (!v) continue
    out[spec.name] = spec.type === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v} ${spec.endOfDay ? '23:59:59' : '00:00:00'}` : v
  }
  return out
}
