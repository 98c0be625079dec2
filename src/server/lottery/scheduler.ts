// The draw scheduler, one per server instance: keeps the rooms' issues made ahead, opens due issues and settles
// opened ones, each in its own transaction. However many instances run, an issue is opened and settled once: each
// step takes its row `for update skip locked` and moves it only from the status it expects. An instance killed
// mid-way loses its transaction; the issue stays where it was and the next tick (here or elsewhere) finishes it.
import type { Db } from '../db/db'
import { INSTANCE_ID } from '../jobs/lease'
import { fillRoom, openDueIssue } from './draw'
import { settleIssue } from './settle'
import { one } from '../db/db'
import { acknowledge, heartbeat, reloadRuntime, ROOMS_CHANNEL, runtime } from './runtime'

export interface SchedulerOptions {
  /** Milliseconds between ticks. */
  tickMs?: number
  log?: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void; debug?: (o: object, m: string) => void }
}

const RELOAD_MS = 30_000
const FILL_MS = 5_000
const BEAT_MS = 5_000
/** Issues opened or settled per tick at most (the next tick goes on). */
const BATCH = 100
/** An issue whose settlement failed is left for this long before it is tried again (others go on meanwhile). */
const RETRY_MS = 60_000

export function startScheduler(db: Db, opts: SchedulerOptions = {}): { stop: () => Promise<void> } {
  const tickMs = opts.tickMs ?? 1000
  let lastReload = 0
  let lastFill = 0
  let lastBeat = 0
  let reloadWanted = false
  const flushes: string[] = []
  const failed = new Map<number, number>()
  let running: Promise<void> | null = null
  let stopped = false
  let unlisten: (() => Promise<void>) | null = null

  async function tick(): Promise<void> {
    const now = Date.now()
    const flush = flushes.shift()
    if (flush !== undefined || reloadWanted || now - lastReload > RELOAD_MS) {
      reloadWanted = false
      const loaded = await reloadRuntime(db)
      lastReload = now
      if (flush) {
        for (const room of loaded.rooms) await fillRoom(db, room)
        lastFill = now
        await acknowledge(db, flush, { rooms: loaded.rooms.length, rates: loaded.rates })
      }
    }
    if (now - lastFill > FILL_MS) {
      for (const room of runtime.rooms.values()) await fillRoom(db, room)
      lastFill = now
    }
    if (now - lastBeat > BEAT_MS) {
      await heartbeat(db)
      lastBeat = now
    }
    for (let i = 0; i < BATCH && !stopped; i++) {
      const opened = await db.tx((tx) => openDueIssue(tx))
      if (!opened) break
      opts.log?.debug?.({ issue: opened.issue_no, room: opened.room_id, result: opened.result.join(',') }, 'issue opened')
    }
    for (let i = 0; i < BATCH && !stopped; i++) {
      const skip = [...failed].filter(([, t]) => t > Date.now()).map(([id]) => id)
      let picked = 0
      try {
        const done = await db.tx(async (tx) => {
          const due = await one<{ id: number }>(tx,
            'select id from lottery_issues where status = 2 and id <> all($1::bigint[]) order by open_at, id limit 1 for update skip locked', [skip])
          if (!due) return null
          picked = Number(due.id)
          return settleIssue(tx, picked)
        })
        if (!done) break
        opts.log?.debug?.({ issue: done.issue_no, bets: done.bets, winners: done.winners }, 'issue settled')
      } catch (e) {
        if (!picked) throw e
        failed.set(picked, Date.now() + RETRY_MS)
        opts.log?.warn({ err: e, issue: picked }, 'settlement failed; will retry')
      }
    }
  }

  void db.listen(ROOMS_CHANNEL, (payload) => {
    if (payload) flushes.push(payload)
    else reloadWanted = true
  }).then((stop) => {
    if (stopped) void stop()
    else unlisten = stop
  }, (e) => opts.log?.warn({ err: e }, 'room notifications unavailable; rooms reload every 30 s'))

  const timer = setInterval(() => {
    if (running || stopped) return
    running = tick().catch((e) => opts.log?.warn({ err: e }, 'scheduler tick failed')).finally(() => { running = null })
  }, tickMs)
  opts.log?.info({ instance: INSTANCE_ID }, 'draw scheduler started')

  return {
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
      await unlisten?.()
    },
  }
}
