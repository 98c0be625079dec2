// Lists declared once. A ListDef names a list's tables and joins, its columns as SQL, how each filter of its query
// narrows it, its time column, its keyset order and where its totals and sums come from; `defineList` derives the
// handler: keyset paging both ways, bounded totals (total_exact), sums and the paged answer. A list route is then
// `listRoute(endpoint, {...})`. The same definition walks the whole filtered set along its keyset for an export (`rows`,
// `csvOf`).
import type { Db, Queryable } from './db'
import { one as oneRow } from './db'
import { badRequest } from '../errors'
import { toCents } from '../../contract/money'
import { countWithin, keyset, keysetPaged, pageRows, Where, type Keyset, type OrderKey, type Totals } from './paging'
import { csvCell, field, formatValue } from '../../contract/format'
import type { ListColumn } from '../../contract/list'
import { route, type Ctx, type RouteSpec } from '../http/route'
import type { Static, TSchema } from '@sinclair/typebox'
import type { Endpoint } from '../../contract/endpoint'

export { Where }

/** What a filter sees besides its value: the database and the caller's product. */
export interface FilterCtx { db: Queryable; product: string; ctx: Ctx }
/** A filter adds its condition when its value is present ('' and null count as absent). */
export type Filter<V = any> = (w: Where, v: V, f: FilterCtx) => void | Promise<void>

export interface ListDef<Q extends object, R extends object = Record<string, unknown>, X extends object = object> {
  /** The table of the rows with its alias, and its joins: `withdrawals w join members m on m.id = w.member_id`. */
  from: string
  /** The answer's columns as SQL. */
  select: string
  /** The tables the count and sums need, when fewer than `from` (joins that only add columns). */
  countFrom?: string
  /** The row id (the keyset cursor), e.g. `w.id`, and the table it belongs to. */
  id: string
  table: string
  /** The product column: the list shows the caller's product only. Absent: a platform list (admins, menus). */
  product?: string
  /** The table's list indexes lead with product_key(product) (migration 031), so the product is matched by its key. */
  productKey?: boolean
  /** Conditions always present (virtual members out, a fixed kind); SQL, `?` takes `params`. */
  base?: string
  params?: unknown[]
  /** The time column `start_time`/`end_time` bound; such a page is ordered by (time, id) on the table's index unless `order` chose another. */
  time?: string
  /**
   * Another order than newest first: a column of `table`, ties broken by the id (`type` its SQL type); or a function of
   * the query choosing one (a `sort` field), undefined keeping newest first. An order chosen wins over the time range's.
   */
  order?: ListOrder | ((q: Q) => ListOrder | undefined)
  /** How each query field narrows the list: a column it equals, or a function adding its condition. */
  filters?: { [K in keyof Q]?: string | Filter<NonNullable<Q[K]>> }
  /** SQL sums computed with the count, answered under `statsKey` (null when over budget). */
  sums?: string
  statsKey?: string
  /** Totals kept elsewhere (a rollup), asked first; null falls back to the bounded count. */
  totals?: (db: Db, w: Where, q: Q, f: FilterCtx & { baseOnly: boolean }) => Promise<Totals<object> | null>
  /** The page size when the query names none. */
  perPage?: number
  /** Rows as answered (masking, computed fields). */
  rows?: (rows: any[], q: Q, f: FilterCtx) => R[] | Promise<R[]>
  /** Further fields of the answer (label maps, pending counts), fetched beside the page. */
  extra?: (q: Q, f: FilterCtx) => X | Promise<X>
}

/** A list's keyset order: a column of its table, ties broken by the id in the same direction. */
export interface ListOrder { col: string; dir: 'asc' | 'desc'; type: string }

const PAGING = new Set(['page', 'per_page', 'after', 'before', 'start_time', 'end_time'])
const present = (v: unknown) => v !== undefined && v !== null && v !== ''

/** The handler of a declared list, with `rows` walking its whole filtered set for an export. */
export function defineList<Q extends object, R extends object = Record<string, unknown>, X extends object = object>(def: ListDef<Q, R, X>) {
  const where = async (q: Q, f: FilterCtx) => {
    const query = q as Record<string, unknown>
    const w = new Where()
    if (def.product) w.add(def.productKey ? `product_key(${def.product}) = product_key(?)` : `${def.product} = ?`, f.product)
    if (def.base) w.add(def.base, ...(def.params ?? []))
    const base = w.parts.length
    for (const [name, how] of Object.entries(def.filters ?? {}) as [string, string | Filter][]) {
      const v = query[name]
      if (!present(v) || PAGING.has(name)) continue
      if (typeof how === 'string') w.add(`${how} = ?`, v)
      else await how(w, v, f)
    }
    if (def.time) w.timeRange(def.time, query)
    // A held column (Where.held) that is the only filter leads the page's order; beside another filter the planner
    // weighs the two indexes (a member's or an agent's few rows are better found by theirs).
    const lead = w.holds.length === 1 && w.parts.length === base + 1
    return { w, base, lead }
  }
  const orderOf = (q: Q): OrderKey | undefined => {
    const o = typeof def.order === 'function' ? def.order(q) : def.order
    return o && { ...o, table: def.table }
  }
  const page = async (f: FilterCtx, w: Where, p: Keyset, q: Q, lead: boolean) =>
    pageRows<Record<string, unknown>>(f.db, p, { select: def.select, from: def.from, where: w, idCol: def.id, timeTable: def.time ? def.table : undefined, order: orderOf(q), lead })

  const handler = async (ctx: Ctx, q: Q) => {
    const f: FilterCtx = { db: ctx.root, product: ctx.caller?.product, ctx }
    const p = keyset(q as Record<string, unknown>, def.perPage)
    const { w, base, lead } = await where(q, f)
    const counted = async (): Promise<Totals<object>> => {
      const kept = def.totals ? await def.totals(ctx.root, w, q, { ...f, baseOnly: w.onlyBase(base) }) : null
      return kept ?? countWithin(ctx.root, { from: def.countFrom ?? def.from, where: w, stats: def.sums })
    }
    const [one, totals, extra] = await Promise.all([page(f, w, p, q, lead), counted(), def.extra ? def.extra(q, f) : ({} as X)])
    const rows = def.rows ? await def.rows(one.rows, q, f) : (one.rows as unknown as R[])
    return { ...keysetPaged(rows, p, totals, one), ...(def.statsKey ? { [def.statsKey]: totals.stats } : {}), ...extra }
  }

  /** Every row of the filtered list, `batch` at a time along its keyset: memory stays one batch whatever the size. */
  async function* rows(ctx: Ctx, q: Q, batch = 1000): AsyncGenerator<R[]> {
    const f: FilterCtx = { db: ctx.root, product: ctx.caller?.product, ctx }
    const { w, lead } = await where(q, f)
    let after: number | undefined
    for (;;) {
      const one = await page(f, w, { per_page: batch, page: 1, after }, q, lead)
      if (one.rows.length) yield def.rows ? await def.rows(one.rows, q, f) : (one.rows as unknown as R[])
      if (one.cursor_next === null) return
      after = one.cursor_next
    }
  }
  return Object.assign(handler, { rows })
}

/** A list's whole filtered set as CSV (UTF-8 with BOM, CRLF; labels, not codes), line batch by line batch. */
export async function* csvOf<R extends object>(columns: ListColumn[], batches: AsyncIterable<R[]>): AsyncGenerator<string> {
  yield '\uFEFF' + columns.map((c) => csvCell(c.title)).join(',') + '\r\n'
  for await (const rows of batches) {
    yield rows.map((r) => columns.map((c) => csvCell(formatValue(field(r as Record<string, unknown>, c.key), c.format, true))).join(',') + '\r\n').join('')
  }
}

/** A list declared for an endpoint: its query is the endpoint's (to route it and walk it for an export). */
export function listOf<I extends TSchema, O, R extends object = Record<string, unknown>, X extends object = object>(_ep: Endpoint<I, O>, def: ListDef<Static<I> & object, R, X>) {
  return defineList(def)
}

export type DefinedList<Q extends object> = ReturnType<typeof defineList<Q>>

/** Rows of a list's whole filtered set, a batch at a time. */
export type Walk = (ctx: Ctx, q: any, batch?: number) => AsyncGenerator<object[]>
/** A routed list an export can walk: its endpoint, its handler (for the total) and its walk. */
export interface Walkable { ep: Endpoint<TSchema, unknown>; handler: (ctx: Ctx, q: any) => Promise<unknown>; rows: Walk }

/** Every routed list by its endpoint's URL: what a background export finds and walks (src/server/view/exports.ts). */
export const LISTS = new Map<string, Walkable>()

/** The route of a list whose handler adapts its query (or adds to its answer): `rows` walks the same set for an export. */
export function walkableRoute<I extends TSchema, O>(ep: Endpoint<I, O>, handler: (ctx: Ctx, q: Static<I>) => Promise<O>, rows: Walk): RouteSpec {
  LISTS.set(ep.url, { ep, handler: handler as Walkable['handler'], rows })
  return route(ep, handler)
}

/** The route of a declared list (a definition, or a list made by listOf). */
export function listRoute<I extends TSchema, O, R extends object = Record<string, unknown>, X extends object = object>(ep: Endpoint<I, O>, def: ListDef<Static<I> & object, R, X>): RouteSpec
export function listRoute<I extends TSchema, O>(ep: Endpoint<I, O>, list: DefinedList<Static<I> & object>): RouteSpec
export function listRoute(ep: Endpoint<TSchema, unknown>, def: ListDef<object> | DefinedList<object>): RouteSpec {
  const handler = typeof def === 'function' ? def : defineList(def)
  LISTS.set(ep.url, { ep, handler, rows: (handler as DefinedList<object>).rows })
  return route(ep, handler as (ctx: Ctx, q: unknown) => Promise<unknown>)
}

/** Filters the lists share. */
export const by = {
  /** Case-insensitive prefix of a text column (a lower(...) text_pattern_ops index serves it). */
  prefix: (col: string): Filter<string> => (w, v) => { w.prefix(col, v) },
  /** One value of a column of few values with an index (…, col, id desc) of its own (Where.held). */
  held: (col: string): Filter<unknown> => (w, v) => { w.held(col, v) },
  /** The exact text, trimmed. */
  text: (col: string): Filter<string> => (w, v) => { if (v.trim()) w.add(`${col} = ?`, v.trim()) },
  /** A member of the product named by username (exact, case-insensitive); none: an empty page. */
  member: (col: string, kind = 0): Filter<string> => async (w, v, f) => {
    const u = v.trim()
    if (!u) return
    const m = await oneRow<{ id: number }>(f.db, 'select id from members where product = $1 and kind = $2 and lower(username) = lower($3)', [f.product, kind, u])
    w.add(`${col} = ?`, m?.id ?? 0)
  },
  /** A money bound in yuan ("12.50") against a cents column; a malformed bound is a 400 naming the field. */
  cents: (col: string, op: '>=' | '<=', field: string, title: string): Filter<string> => (w, v) => {
    const c = toCents(v)
    if (c === null || c < 0) throw badRequest(`${title}格式不正确`, field)
    w.add(`${col} ${op} ?`, c)
  },
}
