// Reading the report from the rollups: every day of a range (days without activity as zeros), newest first, for the
// product or one agent's team, after folding the queued movements in. A year is 366 × 16 rows at most, whatever the volume of activity.
import type { Queryable } from '../db/db'
import { many } from '../db/db'
import { foldReports } from './fold'
import { AMOUNTS, COUNTS, METRICS, SUM_ROLLUP_TEXT, type DayFigures } from './metrics'

/** One day of the report for answers: counts as numbers, amounts in cents as bigints (exact at any size). */
export type ExactDay = { day: string } & Record<(typeof COUNTS)[number], number> & Record<(typeof AMOUNTS)[number], bigint>

export async function rollupDaysExact(db: Queryable, product: string, from: string, to: string, scope = 0): Promise<ExactDay[]> {
  // The movements queued since the last fold (migration 015) go in first, so the figures are those of every commit.
  await foldReports(db)
  // Amounts come as text: pg answers a bigint past 2^53 as a string and PGlite as a bigint, text is the same on both.
  const rows = await many<Record<string, unknown>>(db,
    `select to_char(d.day, 'YYYY-MM-DD') as day, ${SUM_ROLLUP_TEXT}
       from generate_series($2::date, $3::date, interval '1 day') as d(day)
       left join report_daily r on r.product = $1 and r.scope = $4 and r.day = d.day::date
      group by d.day order by d.day desc`, [product, from, to, scope])
  return rows.map((r) => Object.fromEntries([['day', r.day], ...COUNTS.map((m) => [m, Number(r[m])]),
    ...AMOUNTS.map((m) => [m, BigInt(r[m] as string)])]) as ExactDay)
}

/** The days as plain numbers (tools and checks; amounts past 2^53 cents lose precision: answers use rollupDaysExact). */
export async function rollupDays(db: Queryable, product: string, from: string, to: string, scope = 0): Promise<DayFigures[]> {
  const days = await rollupDaysExact(db, product, from, to, scope)
  return days.map((d) => Object.fromEntries([['day', d.day], ...METRICS.map((m) => [m, Number(d[m])])]) as DayFigures)
}
