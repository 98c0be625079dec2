// The report queue's fold (migration 015), run by every server instance every second so the queue of single
// transfers' report deltas stays short; readers fold before they read, so reports never wait for this timer to be
// exact. Folds in several instances take turns on the fold's lock; each queued delta is folded once.
import type { Db, Queryable } from '../db/db'
import { one } from '../db/db'

export interface FoldJob { stop: () => Promise<void> }

/** Deltas per fold call: a reader calls again until a call folds fewer. */
export const FOLD_LIMIT = 50_000

/** Folds everything queued now; answers how many deltas it folded. */
export async function foldReports(db: Queryable): Promise<number> {
  let total = 0
  for (;;) {
    const n = (await one<{ n: number }>(db, 'select report_fold($1) as n', [FOLD_LIMIT]))!.n
    total += n
    if (n < FOLD_LIMIT) return total
  }
}

export function startFoldJob(db: Db, opts: { tickMs?: number; log?: { warn: (o: object, m: string) => void } } = {}): FoldJob {
  let running: Promise<unknown> | null = null
  const timer = setInterval(() => {
    if (running) return
    running = foldReports(db).catch((e) => opts.log?.warn({ err: e }, 'report fold failed')).finally(() => { running = null })
  }, opts.tickMs ?? 1000)
  timer.unref?.()
  return { async stop() { clearInterval(timer); await running } }
}
