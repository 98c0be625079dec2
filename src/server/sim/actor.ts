// What the activity simulator runs: actors, each standing in for one kind of member-site activity and calling the
// same domain functions a member API would. An area adds its actor to ACTORS in actors.ts.
import type { Db, Queryable } from '../db/db'
import { one } from '../db/db'
import type { Rng } from './rng'

export interface SimContext {
  /** The actor's own transaction. */
  db: Queryable
  /** The whole database (for actors that need several transactions). */
  root: Db
  product: string
  r: Rng
  /** Backfilled history: when the activity happened; undefined = now. */
  at?: Date
}

/** The first start's history: every actor schedules what happened when, and all of it is replayed in time order. */
export interface Timeline {
  /** `run` happens at `at` (replayed with ctx.at = at, after everything scheduled earlier). */
  at(at: Date | number, run: (ctx: SimContext) => Promise<unknown>): void
}

export interface SimActor {
  name: string
  /** Mean seconds between two runs (exponentially distributed, so activity arrives unevenly, as it does). */
  every: number
  run(ctx: SimContext): Promise<void>
  /** First start: set the demo product up (members, merchants, tags...), before any history. */
  bootstrap?(ctx: SimContext): Promise<void>
  /**
   * First start, after every bootstrap: the weeks of history this actor adds. Recharges, withdrawals, bets and logins
   * of every actor are replayed together in time order, so a member bets with money it has by then, and withdraws
   * after it played (or not).
   */
  history?(ctx: SimContext, plan: Timeline): Promise<void>
}

/** A moment `daysAgo` days before `now` plus a random part of that day (never later than a minute ago). */
export const daysAgo = (r: Rng, days: number, now = Date.now()): number => Math.min(now - 60_000, now - days * 86_400_000 + r.int(0, 86_000) * 1000)

/**
 * One row of `candidates` (SQL answering rows with a unique `id`; `params` are its $1…$n), chosen by the run's seeded
 * generator in id order, never by the database's random(): the same SIMULATE_SEED on the same data repeats a run.
 * Undefined when there is none.
 */
export function pickRow<T>(ctx: { db: Queryable; r: Rng }, candidates: string, params: unknown[]): Promise<T | undefined> {
  return one<T>(ctx.db, `with c as materialized (${candidates})
    select * from c order by id offset floor($${params.length + 1}::float8 * (select count(*) from c)) limit 1`, [...params, ctx.r.next()])
}
