// Reading the report from the rollups: every day of a range (days without activity as zeros), newest first, for the
// product or one agent's team, after folding the queued movements in. A year is 366 × 16 rows at most, whatever the volume of activity.
import type { Queryable } from '../db/db'
import { many } from '../db/db'
import { foldReports } from './fold'
import { METRICS, SUM_ROLLUP, type DayFigures } from './metrics'

export async function rollupDays(db: Queryable, product: string, from: string, to: string, scope = 0): Promise<DayFigures[]> {
  // The movements queued since the last fold (migration 015) go in first, so the figures are those of every commit.
  await foldReports(db)
  const rows = await many<Record<string, unknown>>(db,
    `select to_char(d.day, 'YYYY-MM-DD') as day, ${SUM_ROLLUP}
       from generate_series($2::date, $3::date, interval '1 day') as d(day)
       left join report_daily r on r.product = $1 and r.scope = $4 and r.day = d.day::date
      group by d.day order by d.day desc`, [product, from, to, scope])
  return rows.map((r) => Object.fromEntries([['day', r.day], ...METRICS.map((m) => [m, Number(r[m])])]) as DayFigures)
}
