// The activity simulator: stands in for the member site in the demo products, so a newcomer sees a living
// back office. One instance runs it (a job lease); each actor run is its own transaction through domain functions.
import type { Db } from '../db/db'
import { many } from '../db/db'
import { holdLease } from '../jobs/lease'
import { AppError } from '../errors'
import { DEMO_PRODUCTS } from '../seed/seed'
import { ACTORS } from './actors'
import { rng, type Rng } from './rng'
import { backfill } from './timeline'

export interface SimOptions {
  seed?: number
  /** Milliseconds between ticks (tests use a short one). */
  tickMs?: number
  log?: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void }
}

/** Fills each demo product once (first start): the actors' bootstraps, then a month of their history in time order. */
export async function bootstrapDemo(db: Db, seed: number, products = DEMO_PRODUCTS.map(([code]) => code)): Promise<string[]> {
  const done = new Set((await many<{ product: string }>(db, 'select product from sim_state')).map((r) => r.product))
  const filled: string[] = []
  for (const product of products) {
    if (done.has(product)) continue
    await backfill(db, product, rng(seed ^ hash(product)), ACTORS)
    await db.query('insert into sim_state (product) values ($1) on conflict do nothing', [product])
    filled.push(product)
  }
  return filled
}

export function startSimulator(db: Db, opts: SimOptions = {}): { stop: () => Promise<void> } {
  const seed = opts.seed ?? Date.now() % 2 ** 31
  const tickMs = opts.tickMs ?? 1000
  const products = DEMO_PRODUCTS.map(([code]) => code)
  const rngs = new Map<string, Rng>()
  const due = new Map<string, number>()
  let running: Promise<void> | null = null
  let stopped = false

  const next = (r: Rng, every: number) => Date.now() + Math.round(-Math.log(1 - r.next()) * every * 1000)

  async function tick(): Promise<void> {
    if (!(await holdLease(db, 'simulator', Math.max(10_000, tickMs * 5)))) return
    const filled = await bootstrapDemo(db, seed, products)
    if (filled.length) opts.log?.info({ products: filled }, 'simulator filled the demo products')
    for (const product of products) {
      for (const actor of ACTORS) {
        const key = `${product}:${actor.name}`
        const r = rngs.get(key) ?? rngs.set(key, rng(seed ^ hash(key))).get(key)!
        if (!due.has(key)) due.set(key, next(r, actor.every))
        if (stopped || Date.now() < due.get(key)!) continue
        due.set(key, next(r, actor.every))
        try {
          await db.tx((tx) => actor.run({ db: tx, root: db, product, r }))
        } catch (e) {
          // A member's act refused by a business rule (a payout cap reached, a limit) is what the demo plays; only a
          // failure of our own is a warning.
          if (e instanceof AppError && e.code < 500) opts.log?.info({ actor: actor.name, product, refused: e.message }, 'simulated activity refused')
          else opts.log?.warn({ err: e, actor: actor.name, product }, 'simulated activity failed')
        }
      }
    }
  }

  const timer = setInterval(() => {
    if (running || stopped) return
    running = tick().catch((e) => opts.log?.warn({ err: e }, 'simulator tick failed')).finally(() => { running = null })
  }, tickMs)
  return {
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}

function hash(s: string): number {
  let h = 2166136261
  for (const c of s) h = Math.imul(h ^ c.charCodeAt(0), 16777619)
  return h >>> 0
}
