// The maturity job, started in every server instance: every few seconds the instance holding the job's lease pays the
// 余额宝 plans that matured, a batch per transaction, renewing the lease between batches. A holder that dies loses the
// lease when it runs out and another instance goes on. Correctness never rests on the lease: matureDue takes plans
// `for update skip locked`, ends each only from state 1 and derives its transfer keys from the plan, so even two
// instances paying at once (a lease that ran out mid-batch) or a retry after a crash never pay a plan twice.
import type { Db } from '../db/db'
import { holdLease, INSTANCE_ID, releaseLease } from '../jobs/lease'
import { matureDue } from './plan'

export const INVEST_LEASE = 'invest-maturity'

export interface InvestJobOptions {
  tickMs?: number
  /** Plans per transaction. */
  batch?: number
  /** The lease holder's name (this process by default; tests run several jobs in one process). */
  holder?: string
  log?: { warn: (o: object, m: string) => void; info?: (o: object, m: string) => void }
}

export interface InvestJob {
  /** Stops the timer, waits for a tick under way and gives the lease back. */
  stop: () => Promise<void>
  /** One tick now (when this instance holds or takes the lease): answers how many plans it paid. */
  tick: () => Promise<number>
}

export function startInvestJob(db: Db, opts: InvestJobOptions = {}): InvestJob {
  const tickMs = opts.tickMs ?? 5000
  const batch = opts.batch ?? 200
  const holder = opts.holder ?? INSTANCE_ID
  // Long enough for a tick or two missed under load, short enough that a dead holder's work waits little.
  const ttlMs = Math.max(2_000, tickMs * 4)
  let running: Promise<number> | null = null
  let stopped = false

  async function tick(): Promise<number> {
    let paid = 0
    while (!stopped && (await holdLease(db, INVEST_LEASE, ttlMs, holder))) {
      const n = await db.tx((tx) => matureDue(tx, { limit: batch }))
      paid += n
      if (n < batch) break
    }
    return paid
  }
  function run(): void {
    if (running || stopped) return
    running = tick()
      .then((n) => { if (n) opts.log?.info?.({ paid: n }, 'invest plans matured'); return n })
      .catch((e) => { opts.log?.warn({ err: e }, 'invest maturity tick failed'); return 0 })
      .finally(() => { running = null })
  }
  const timer = setInterval(run, tickMs)
  timer.unref?.()
  run()
  return {
    tick,
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
      await releaseLease(db, INVEST_LEASE, holder).catch(() => undefined)
    },
  }
}
