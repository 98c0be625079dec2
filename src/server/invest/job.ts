// The maturity job, one per server instance: every few seconds pays the 余额宝 plans that matured, a batch per
// transaction. Instances need no lease: matureDue takes plans `for update skip locked` and ends each only from state
// 1, with transfer keys derived from the plan, so two instances (or a retry after a crash) never pay a plan twice.
import type { Db } from '../db/db'
import { matureDue } from './plan'

export interface InvestJobOptions {
  tickMs?: number
  /** Plans per transaction. */
  batch?: number
  log?: { warn: (o: object, m: string) => void; info?: (o: object, m: string) => void }
}

export function startInvestJob(db: Db, opts: InvestJobOptions = {}): { stop: () => Promise<void>; tick: () => Promise<number> } {
  const tickMs = opts.tickMs ?? 5000
  const batch = opts.batch ?? 200
  let running: Promise<number> | null = null
  let stopped = false

  async function tick(): Promise<number> {
    let paid = 0
    for (;;) {
      const n = await db.tx((tx) => matureDue(tx, { limit: batch }))
      paid += n
      if (n < batch || stopped) return paid
    }
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
    },
  }
}
