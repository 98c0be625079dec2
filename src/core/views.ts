// Saved views in the console: the admin's views (loaded once per session, after each change), each a palette command
// `视图：name` that opens its list with its filters, sort, page size and columns; and the list that has the screen now
// (published by DataTable) whose state a new view saves and whose rows an export writes.
import { proxy } from 'valtio/vanilla'
import type { Command } from './command'
import { call } from './api'
import { defineCommands, unregisterCommands } from './registry'
import { navigate } from './nav'
import { API } from '../contract/api'
import type { SavedView, ViewState } from '../contract/view'
import type { CellFormat } from '../contract/format'

/** What the list on screen offers to views and exports. */
export interface ActiveList {
  list: string
  title: string
  state: () => ViewState
  /** The visible columns as an export writes them. */
  columns: () => { key: string; title: string; format?: CellFormat }[]
  /** The query of the rows shown (fixed parameters and filters). */
  filters: () => Record<string, string>
}

export const viewsState = proxy<{ items: SavedView[]; loaded: boolean; active: ActiveList | null }>({ items: [], loaded: false, active: null })

const PREFIX = 'view.open'
let registered: string[] = []

/** The URL that opens a view: its list with the filters, sort and page size in the query, and the view's id. */
export function viewUrl(v: SavedView): string {
  const q = new URLSearchParams(v.state.filters)
  if (v.state.sort) q.set('sort', v.state.sort)
  q.set('per_page', String(v.state.per_page))
  q.set('view', String(v.id))
  return `${v.list}?${q.toString()}`
}

function commandOf(v: SavedView): Command {
  return {
    id: `${PREFIX}${v.id}`, title: `视图：${v.name}`, keywords: ['view', 'shitu', v.name], group: '视图',
    run: () => navigate(viewUrl(v)),
  }
}

/** Loads the admin's views and registers one palette command per view (replacing the previous ones). */
export async function loadViews(): Promise<void> {
  const { items } = await call(API.view.index, {}, { silent: true })
  unregisterCommands(registered)
  registered = defineCommands(items.map(commandOf)).map((c) => c.id)
  viewsState.items = items
  viewsState.loaded = true
}

/** Forgets the views of an ended session. */
export function clearViews(): void {
  unregisterCommands(registered)
  registered = []
  viewsState.items = []
  viewsState.loaded = false
}
