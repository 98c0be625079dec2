// What the activity simulator runs: actors, each standing in for one kind of member-site activity and calling the
// same domain functions a member API would. An area adds its actor to ACTORS in actors.ts.
import type { Db, Queryable } from '../db/db'
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

export interface SimActor {
  name: string
  /** Mean seconds between two runs (exponentially distributed, so activity arrives unevenly, as it does). */
  every: number
  run(ctx: SimContext): Promise<void>
  /** First start: populate the demo product (members, cards, history...). */
  bootstrap?(ctx: SimContext): Promise<void>
}
