// Lists that hold at millions of rows: filters as bound SQL, keyset pages (after/before an id) instead of a deep
// OFFSET, and totals and sums that are exact when they come back within a time budget, otherwise an estimate
// marked total_exact: false (the console shows 约 N). Never a silently wrong number.
import { Type } from '@sinclair/typebox'
import type { Db, Queryable } from './db'
import { many, one } from './db'
import { badRequest } from '../errors'
import { parseTime } from '../http/format'
import { INT53 } from '../http/validator'
import { DEFAULT_PER_PAGE, MAX_OFFSET, MAX_PER_PAGE } from '../../contract/common'

export { MAX_OFFSET }
/**
 * How long an exact count or sum may take before it is answered as an estimate; run it beside the page query
 * (Promise.all) so a list answers within its budget either way.
 */
export const COUNT_BUDGET_MS = 30

export const KeysetQuery = {
  page: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 1000000 })),
  per_page: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: MAX_PER_PAGE })),
  // Cursors are bigint row ids (a list over an integer id narrows them, see member.ts).
  after: Type.Optional(Type.Integer({ title: '翻页位置', ...INT53 })),
  before: Type.Optional(Type.Integer({ title: '翻页位置', ...INT53 })),
}

/** WHERE conditions with bound parameters; a filter whose value is absent adds nothing. */
export class Where {
  readonly parts: string[] = []
  readonly params: unknown[] = []
  /** The column of a bounded time range (timeRange), which lists with a (…, time, id) index page by. */
  timed?: string
  /** Columns held to one value by `held`: the part of each and its value's placeholder. */
  readonly holds: { col: string; part: number; param: string }[] = []

  /** Binds a value and answers its placeholder ($n). */
  bind(v: unknown): string {
    this.params.push(v)
    return `$${this.params.length}`
  }
  /** A raw condition; `?` placeholders take the given values in order. */
  add(sql: string, ...values: unknown[]): this {
    this.parts.push(sql.replace(/\?/g, () => this.bind(values.shift())))
    return this
  }
  eq(col: string, v: unknown): this {
    return present(v) ? this.add(`${col} = ?`, v) : this
  }
  /**
   * `col = v` where an index (…, col, id desc) serves it, a column of few values (a type, a status). A page in id
   * order with no other filter reads through that index (pageRows: `lead`): PostgreSQL's LIMIT costing assumes the
   * matching rows spread evenly over the ids, and a common value absent from the newest rows would otherwise be found by
   * walking the id order past all of them (a burst of payouts before a page of recharges: 150 ms instead of 1 ms).
   */
  held(col: string, v: unknown): this {
    if (!present(v)) return this
    this.add(`${col} = ?`, v)
    this.holds.push({ col, part: this.parts.length - 1, param: `$${this.params.length}` })
    return this
  }
  /** Case-insensitive prefix (uses a lower(...) text_pattern_ops index). */
  prefix(col: string, v: string | undefined): this {
    const s = v?.trim().toLowerCase()
    return s ? this.add(`lower(${col}) like ?`, `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : this
  }
  /** start_time/end_time in the product time zone. */
  timeRange(col: string, q: { start_time?: string; end_time?: string }): this {
    const from = parseTime(q.start_time, { field: 'start_time', title: '开始时间' })
    const to = parseTime(q.end_time, { field: 'end_time', title: '结束时间', endOfDay: true })
    if (from && to && from > to) throw badRequest('开始时间不能晚于结束时间', 'start_time')
    if (from) this.add(`${col} >= ?::timestamptz`, from)
    if (to) this.add(`${col} <= ?::timestamptz`, to)
    if (from || to) this.timed = col
    return this
  }
  get sql(): string {
    return this.parts.length ? this.parts.join(' and ') : 'true'
  }
  /** True when only the always-present conditions (the first `base` parts) are set. */
  onlyBase(base: number): boolean {
    return this.parts.length <= base
  }
}

function present(v: unknown): boolean {
  return v !== undefined && v !== null && v !== ''
}

export interface Keyset { per_page: number; page: number; after?: number; before?: number }

export function keyset(q: { page?: number; per_page?: number; after?: number; before?: number }, defaultPerPage = DEFAULT_PER_PAGE): Keyset {
  const per_page = q.per_page ?? defaultPerPage
  const page = q.page ?? 1
  if (q.after === undefined && q.before === undefined && (page - 1) * per_page > MAX_OFFSET) {
    throw badRequest(`页码过深：直接跳页最多到第 ${Math.floor(MAX_OFFSET / per_page) + 1} 页，请逐页翻动或用筛选条件缩小范围`, 'page')
  }
  return { per_page, page, after: q.after, before: q.before }
}

/** A list's order other than its id: a column of the id's table, ties broken by the id in the same direction. */
export interface OrderKey { col: string; table: string; dir: 'asc' | 'desc'; type: string }

/**
 * One page of rows ordered by `idCol` descending (or by `order`, then the id): after=N gives the rows following row
 * N (next page), before=N the rows preceding it (previous page), neither the page by a bounded OFFSET. `select` and
 * `from` are SQL; `w` binds the values.
 *
 * Without `order`, with `timeTable` (the table of `idCol`, whose index is (…, time, id)) and a time range in the
 * filter, the page is ordered by (time, id) descending instead, so an old range is read from its place in that index rather than by
 * walking every newer id; the cursor stays the row's id and its key is looked up in its table. A cursor row deleted
 * meanwhile takes the key of its nearest neighbour in id order.
 */
export async function pageRows<T extends object>(db: Queryable, p: Keyset, q: {
  select: string; from: string; where: Where; idCol: string; timeTable?: string; order?: OrderKey; lead?: boolean
}): Promise<{ rows: T[]; cursor_next: number | null; cursor_prev: number | null }> {
  const key: OrderKey | undefined = q.order ?? (q.timeTable && q.where.timed
    ? { col: q.where.timed, table: q.timeTable, dir: 'desc', type: 'timestamptz' }
    : undefined)
  const dir = key?.dir ?? 'desc'
  const w = new Where()
  w.parts.push(...q.where.parts)
  w.params.push(...q.where.params)
  // A held column (Where.held) leads the id order, bound as a range: the planner drops from an order a column equal
  // to a constant, not one bounded so, and only its index (…, col, id desc) gives that order without sorting every match.
  const lead = !key && q.lead ? q.where.holds[0] : undefined
  if (lead) w.parts[lead.part] = `${lead.col} between ${lead.param} and ${lead.param}`
  const back = p.before !== undefined && p.after === undefined
  const order = back ? (dir === 'desc' ? 'asc' : 'desc') : dir
  const cursor = p.after ?? p.before
  if (cursor !== undefined) {
    const cmp = order === 'desc' ? '<' : '>'
    if (key) {
      const at = await cursorKey(db, key, cursor, p.after !== undefined)
      if (at === null) return { rows: [], cursor_next: null, cursor_prev: null }
      w.add(`(${key.col}, ${q.idCol}) ${cmp} (?::${key.type}, ?)`, at, cursor)
    } else {
      w.add(`${q.idCol} ${cmp} ?`, cursor)
    }
  }
  // The index holds the id descending after the held column: its order read forwards is (col asc, id desc).
  const orderBy = key ? `${key.col} ${order}, ${q.idCol} ${order}`
    : `${lead ? `${lead.col} ${order === 'desc' ? 'asc' : 'desc'}, ` : ''}${q.idCol} ${order}`
  const offset = cursor === undefined ? (p.page - 1) * p.per_page : 0
  const rows = await many<T & { __id: number }>(db,
    `select ${q.select}, ${q.idCol} as __id from ${q.from} where ${w.sql} order by ${orderBy}
     limit ${w.bind(p.per_page + 1)} offset ${w.bind(offset)}`, w.params)
  const more = rows.length > p.per_page
  const page = rows.slice(0, p.per_page)
  if (back) page.reverse()
  const firstPage = back ? !more : p.page === 1 && p.after === undefined
  const lastPage = back ? false : !more
  const ids = page.map((r) => Number(r.__id))
  return {
    rows: page.map(({ __id, ...r }) => r as unknown as T),
    cursor_next: lastPage || !ids.length ? null : ids[ids.length - 1],
    cursor_prev: firstPage || !ids.length ? null : ids[0],
  }
}

/** The order key of the cursor row (or, deleted, of its nearest neighbour on the side being read) as text; null: none. */
async function cursorKey(db: Queryable, key: OrderKey, id: number, next: boolean): Promise<string | null> {
  const col = key.col.split('.').pop()!
  const towards = next === (key.dir === 'desc')
  const row = await one<{ t: string | null }>(db,
    `select coalesce((select ${col} from ${key.table} where id = $1),
                     (select ${col} from ${key.table} where id ${towards ? '<' : '>'} $1 order by id ${towards ? 'desc' : 'asc'} limit 1))::text as t`, [id])
  return row?.t ?? null
}

export interface Totals<S> { total: number; total_exact: boolean; stats: S | null }

/**
 * Above this many rows (the planner's estimate) a count could not finish within the budget: the estimate is answered
 * at once instead of after a count bound to be cut short. PGlite (WebAssembly, one thread, no statement timeout)
 * counts far fewer rows within the budget than PostgreSQL, so its bound is lower and also caps its count; it sums
 * (one index look-up per joined account) only sets of up to PGLITE_SUM_ROWS rows, an exact total otherwise coming
 * without its sums (stats null, shown as over budget).
 */
export const ESTIMATE_ABOVE = { pg: 300_000, pglite: 5_000 } as const
export const PGLITE_SUM_ROWS = 1_000

/**
 * A set whose count just ran past the budget is answered as that estimate, flagged inexact, for OVER_BUDGET_MS without
 * counting again (an operator paging or refreshing the same filter waits for no count bound to fail; a list answering
 * within its budget then needs no 30 ms beside it). Keyed by the count's SQL and parameters; at most OVER_BUDGET_KEEP.
 */
export const OVER_BUDGET_MS = 10_000
const OVER_BUDGET_KEEP = 500
const overBudget = new Map<string, { until: number; total: number }>()

function recallOver(key: string): number | null {
  const hit = overBudget.get(key)
  if (!hit) return null
  if (hit.until > Date.now()) return hit.total
  overBudget.delete(key)
  return null
}

function rememberOver(key: string, total: number): void {
  if (overBudget.size >= OVER_BUDGET_KEEP) overBudget.delete(overBudget.keys().next().value!)
  overBudget.set(key, { until: Date.now() + OVER_BUDGET_MS, total })
}

/**
 * Counts (and sums, with `stats` SQL expressions) over the filtered set within COUNT_BUDGET_MS; past the budget the
 * total is the planner's estimate and the sums are left out (stats null), both flagged inexact.
 */
export async function countWithin<S extends object>(root: Db, q: { from: string; where: Where; stats?: string }): Promise<Totals<S>> {
  const key = `${root.kind}\u0000${q.from}\u0000${q.where.sql}\u0000${q.stats ?? ''}\u0000${JSON.stringify(q.where.params, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}`
  const known = recallOver(key)
  if (known !== null) return { total: known, total_exact: false, stats: null }
  const est = await estimate(root, q.from, q.where)
  const inexact = { total: est, total_exact: false, stats: null }
  if (est > ESTIMATE_ABOVE[root.kind]) { rememberOver(key, est); return inexact }
  const sql = `select count(*)::bigint as __n${q.stats ? `, ${q.stats}` : ''} from ${q.from} where ${q.where.sql}`
  if (root.kind === 'pg') {
    try {
      const row = await root.tx(async (tx) => {
        await tx.query(`set local statement_timeout = ${COUNT_BUDGET_MS}`)
        return one<Record<string, unknown>>(tx, sql, q.where.params)
      })
      return exact<S>(row!)
    } catch (e) {
      if ((e as { code?: string }).code !== '57014') throw e
      rememberOver(key, est)
      return inexact
    }
  }
  // PGlite: a capped count (the planner may have underestimated) decides whether the exact figures are affordable.
  const cap = ESTIMATE_ABOVE.pglite
  const n = await one<{ n: number }>(root, `select count(*)::int as n from (select 1 from ${q.from} where ${q.where.sql} limit ${cap + 1}) s`, q.where.params)
  if (n!.n > cap) { rememberOver(key, est); return inexact }
  if (q.stats && n!.n > PGLITE_SUM_ROWS) return { total: n!.n, total_exact: true, stats: null }
  return exact<S>((await one<Record<string, unknown>>(root, sql, q.where.params))!)
}

function exact<S>(row: Record<string, unknown>): Totals<S> {
  const { __n, ...stats } = row
  return { total: Number(__n), total_exact: true, stats: stats as S }
}

async function estimate(db: Queryable, from: string, w: Where): Promise<number> {
  const plan = await one<{ 'QUERY PLAN': unknown }>(db, `explain (format json) select 1 from ${from} where ${w.sql}`, w.params)
  const json = plan?.['QUERY PLAN']
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: { 'Plan Rows': number } }[]
  return Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0)
}

/** The paged answer with keyset cursors and the exactness flag. */
export function keysetPaged<T>(rows: T[], p: Keyset, t: { total: number; total_exact: boolean }, cur: { cursor_next: number | null; cursor_prev: number | null }) {
  return {
    items: rows, total: t.total, total_exact: t.total_exact, per_page: p.per_page, current_page: p.page,
    cursor_next: cur.cursor_next, cursor_prev: cur.cursor_prev,
  }
}

