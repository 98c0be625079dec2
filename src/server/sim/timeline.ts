// The first start's backfill of a demo product: each actor's bootstrap (its own transaction), then every actor's
// history replayed in time order, each event in its own transaction as the member site's requests would be (a long
// transaction would make every later event walk the row versions of the house accounts the earlier ones updated); a
// refused event (a limit reached, a balance too small by then) is skipped like the site's refused request.
import type { Db, Queryable } from '../db/db'
import { AppError } from '../errors'
import type { SimActor, SimContext } from './actor'
import type { Rng } from './rng'

interface Event { t: number; n: number; run: (ctx: SimContext) => Promise<unknown> }

/** Runs `fn` under a savepoint within an event: a refusal (AppError) undoes only it and answers null. */
export async function attempt<T>(db: Queryable, fn: () => Promise<T>): Promise<T | null> {
  await db.query('savepoint sim_step')
  try {
    const out = await fn()
    await db.query('release savepoint sim_step')
    return out
  } catch (e) {
    await db.query('rollback to savepoint sim_step')
    if (e instanceof AppError) return null
    throw e
  }
}

/** Bootstraps the actors, then replays their history; answers how many events it replayed. */
export async function backfill(db: Db, product: string, r: Rng, actors: SimActor[]): Promise<number> {
  for (const actor of actors) {
    if (actor.bootstrap) await db.tx((tx) => actor.bootstrap!({ db: tx, root: db, product, r }))
  }
  const events: Event[] = []
  const plan = { at: (at: Date | number, run: Event['run']) => { events.push({ t: +at, n: events.length, run }) } }
  await db.tx(async (tx) => {
    for (const actor of actors) {
      if (actor.history) await actor.history({ db: tx, root: db, product, r }, plan)
    }
  })
  events.sort((a, b) => a.t - b.t || a.n - b.n)
  for (const e of events) {
    // PGlite answers in this thread: let the server's requests and jobs in between two events.
    await new Promise((resolve) => setImmediate(resolve))
    try {
      await db.tx((tx) => e.run({ db: tx, root: db, product, r, at: new Date(e.t) }))
    } catch (err) {
      if (!(err instanceof AppError)) throw err
    }
  }
  return events.length
}
