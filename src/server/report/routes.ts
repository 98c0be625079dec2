// 报表统计 and 首页, both read from the daily rollups: a year is at most 366 × 16 rows
// whatever the volume of activity. The report is per day, newest first, with zeros for quiet days, a total and the
// agents for the filter (an agent means its whole team). Home answers only the parts the admin's menus allow.
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { route } from '../http/route'
import { badRequest, notFound } from '../errors'
import { PRODUCT_TZ } from '../http/format'
import type { Caller } from '../rbac/access'
import { heldReads, waitingCounts } from './waiting'
import { rollupDaysExact, type ExactDay } from './read'
import { AMOUNTS, COUNTS } from './metrics'
import { centsText } from '../../contract/money'
import { MENU } from '../../contract/menus'
import { report as endpoints } from '../../contract/api/report'
import { REPORT_MAX_DAYS, type HomeIndex, type ReportDay, type ReportIndex } from '../../contract/report'

const DAY_MS = 86_400_000
/** Today in the product's time zone, as YYYY-MM-DD, `offset` days away. */
export const productDay = (offset = 0, now = Date.now()) =>
  new Date(now + offset * DAY_MS).toLocaleDateString('sv-SE', { timeZone: PRODUCT_TZ })

// Amounts stay bigints from the database to the text (sums of a year's days can pass 2^53 cents); counts are numbers.
function shown(d: Omit<ExactDay, 'day'>): Omit<ReportDay, 'date'> {
  const out: Record<string, string | number> = {}
  for (const m of COUNTS) out[m] = d[m]
  for (const m of AMOUNTS) out[m] = centsText(d[m])
  out.profit = centsText(d.bet_amount - d.payout_amount)
  return out as unknown as Omit<ReportDay, 'date'>
}

const dayOf = (d: ExactDay): ReportDay => ({ date: d.day, ...shown(d) })

function sumDays(days: ExactDay[]): Omit<ExactDay, 'day'> {
  const t = { ...Object.fromEntries(COUNTS.map((m) => [m, 0])), ...Object.fromEntries(AMOUNTS.map((m) => [m, 0n])) } as Omit<ExactDay, 'day'>
  for (const d of days) {
    for (const m of COUNTS) t[m] += d[m]
    for (const m of AMOUNTS) t[m] += d[m]
  }
  return t
}

function parseDay(v: string | undefined, field: string, title: string): string | undefined {
  if (v === undefined || v === '') return undefined
  // A day, or a day with a time as the other lists' start_time/end_time carry it (the time is ignored: reports are days).
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: \d{2}:\d{2}:\d{2})?$/.exec(v.trim())
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null
  if (!m || !d || Number(m[1]) < 1970 || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) throw badRequest(`${title}格式不正确，应为 YYYY-MM-DD`, field)
  return `${m[1]}-${m[2]}-${m[3]}`
}

async function agentsOf(db: Queryable, product: string): Promise<{ id: number; username: string }[]> {
  return many(db, `select id, username from members where product = $1 and kind = 0 and is_agent order by lower(username) limit 2000`, [product])
}

export async function report(db: Queryable, product: string, q: { start_time?: string; end_time?: string; agent_id?: number }): Promise<ReportIndex> {
  const to = parseDay(q.end_time, 'end_time', '结束日期') ?? productDay()
  const from = parseDay(q.start_time, 'start_time', '开始日期') ?? `${to.slice(0, 8)}01`
  if (from > to) throw badRequest('开始日期不能晚于结束日期', 'start_time')
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1
  if (days > REPORT_MAX_DAYS) throw badRequest(`报表最多查询 ${REPORT_MAX_DAYS} 天（当前 ${days} 天）`, 'start_time')
  if (q.agent_id !== undefined) {
    const a = await one(db, 'select 1 from members where id = $1 and product = $2 and kind = 0 and is_agent', [q.agent_id, product])
    if (!a) throw notFound('代理不存在')
  }
  const [rows, agents] = await Promise.all([rollupDaysExact(db, product, from, to, q.agent_id ?? 0), agentsOf(db, product)])
  return { start_time: from, end_time: to, agent_id: q.agent_id ?? null, items: rows.map(dayOf), total: shown(sumDays(rows)), agent_list: agents }
}

export async function home(db: Queryable, caller: Caller, now = Date.now()): Promise<HomeIndex> {
  const product = caller.product
  const may = await heldReads(db, caller, [MENU.report, MENU.withdraw, MENU.recharge])
  let days: HomeIndex['days'] = null
  let series: HomeIndex['series'] = null
  if (may.has(MENU.report)) {
    const rows = await rollupDaysExact(db, product, productDay(-29, now), productDay(0, now))
    days = { today: dayOf(rows[0]), yesterday: dayOf(rows[1]) }
    series = rows.slice().reverse().map((d) => ({
      date: d.day, recharge: centsText(d.recharge_amount), withdraw: centsText(d.withdraw_amount), profit: centsText(d.bet_amount - d.payout_amount),
    }))
  }
  const waiting = await waitingCounts(db, product, may)
  return { days, series, waiting }
}

export default [
  route(endpoints.index, (ctx, q) => report(ctx.root, ctx.caller.product, q)),
  route(endpoints.home, (ctx) => home(ctx.root, ctx.caller)),
]
