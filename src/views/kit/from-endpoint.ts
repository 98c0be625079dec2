// A list screen starts from its endpoint's declaration: the columns declared with it and the filters its query schema
// names (titles, choices, dates). A screen adds only what is its own: renderers, widths it prefers, extra fields.
import type { Endpoint } from '../../contract/endpoint'
import { HIDDEN_KEYWORD, LABELS_KEYWORD } from '../../contract/list'
import type { Labels } from '../../contract/enums'
import type { ColumnSpec, FilterSpec, Row } from './types'

const PAGING = new Set(['page', 'per_page', 'after', 'before'])

type Schema = { title?: string; pattern?: string; properties?: Record<string, Schema>; [k: string]: unknown }

/** The filter bar of a list: every titled field of its query but paging and hidden ones, in declaration order. */
export function filtersOf(ep: Endpoint<any, any>, only?: string[]): FilterSpec[] {
  const props = ((ep.input as Schema | undefined)?.properties ?? {}) as Record<string, Schema>
  const names = only ?? Object.keys(props).filter((n) => !PAGING.has(n) && props[n].title && !props[n][HIDDEN_KEYWORD])
  return names.filter((n) => props[n]).map((name) => {
    const s = props[name]
    const labels = s[LABELS_KEYWORD] as Labels | undefined
    if (labels) return { name, title: s.title!, type: 'select', options: labels }
    if (typeof s.pattern === 'string' && s.pattern.startsWith('^\\d{4}-')) {
      return { name, title: name === 'start_time' ? '开始日期' : name === 'end_time' ? '结束日期' : s.title!, type: 'date', ...(name === 'end_time' ? { endOfDay: true } : {}) }
    }
    return { name, title: s.title!, type: 'text' }
  })
}

/** The columns declared with the endpoint, each completed by what the screen gives for its key. */
export function columnsOf<R extends Row = Row>(ep: Endpoint<any, any>, own: Record<string, Partial<ColumnSpec<R>>> = {}): ColumnSpec<R>[] {
  return (ep.columns ?? []).map((c) => ({ ...c, ...own[c.key] }))
}
