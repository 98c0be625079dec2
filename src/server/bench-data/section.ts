// A part of the benchmark data set: one area's rows at volume, written so every invariant holds (ledger:check and
// audit:verify pass afterwards). Sections run in order; an area adds its own in index.ts.
import type { Db } from '../db/db'

export interface BenchOptions {
  product: string
  /** How many of each thing, by option name (--members 1000000 → members: 1000000). */
  counts: Record<string, number>
  /** History spreads over this many days up to now. */
  days: number
  seed: number
  log: (msg: string) => void
}

export interface BenchSection {
  name: string
  /** The count options this section reads, with their defaults. */
  options: Record<string, number>
  run(db: Db, o: BenchOptions): Promise<void>
}
