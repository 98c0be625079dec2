// A part of the benchmark data set: one area's records at volume by INSERT … SELECT, its money staged as ledger legs
// (stage.ts) that the ledger posts once every section ran (ledger/history.ts), so every invariant holds (ledger:check and audit:verify pass
// afterwards). Sections run in order; an area adds its own in index.ts.
import type { Db } from '../db/db'
import type { Log } from './stage'

export interface BenchOptions {
  product: string
  /** How many of each thing, by option name (--members 1000000 → members: 1000000). */
  counts: Record<string, number>
  /** History spreads over this many days up to now. */
  days: number
  seed: number
  log: Log
  /** This run's tag (in transfer keys), the history's start and its span in seconds. */
  run: string
  start: Date
  span: number
  /** Connections a section may use at once: 2 on PostgreSQL with the load's foreign keys dropped, else 1. */
  lanes: number
  /** Members who may act (bench_members, by registration), known once the members section ran. */
  members: () => number
}

export interface BenchSection {
  name: string
  /** Bulk tables only this section writes (their indexes can be made again once it is done). */
  tables: string[]
  /** The count options this section reads, with their defaults. */
  options: Record<string, number>
  /** Answers how many rows it wrote (for the rate it prints). */
  run(db: Db, o: BenchOptions): Promise<number | void>
}

/** Runs `each` over `items` in order, `lanes` at a time: each lane takes the next item when its last is done. */
export async function inLanes<T>(items: readonly T[], lanes: number, each: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const lane = async () => { while (next < items.length) await each(items[next++]) }
  await Promise.all(Array.from({ length: lanes }, lane))
}
