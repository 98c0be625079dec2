// This machine's speed at the database's own kind of work, printed beside the load's time and the scale benchmark's
// table, so that figures measured on different machines of the same kind (which differ by up to twice) can be compared.
import type { Db } from '../db/db'
import { one } from '../db/db'

const ROWS = 500_000

/**
 * Milliseconds, the best of three, for one core (no parallel workers) to hash 500,000 short texts with sha256 and sort
 * the hashes in memory: the two things the load does most of (the transfers' chains, the sorts of windows and indexes).
 */
export async function machineReference(db: Db): Promise<number> {
  let best = Infinity
  for (let i = 0; i < 3; i++) {
    const ms = await db.tx(async (tx) => {
      if (db.kind === 'pg') await tx.query('set local max_parallel_workers_per_gather = 0')
      await tx.query(`set local work_mem = '256MB'`)
      const t = performance.now()
      const r = await one<{ n: number }>(tx, `select count(distinct sha256(('reference:' || g)::bytea))::int as n from generate_series(1, ${ROWS}) g`)
      if (Number(r!.n) !== ROWS) throw new Error('machine reference: the hashes are not all different')
      return performance.now() - t
    })
    best = Math.min(best, ms)
  }
  return Math.round(best)
}

export const REFERENCE_LABEL = `machine reference (one core: sha256 of ${ROWS} texts, sorted)`
