// The live events of one server process: one listener on the events channel (PostgreSQL: a dedicated connection with
// LISTEN; PGlite: its in-process listen), and every open stream. A note is handled in arrival order: its record is
// loaded once and sent to the streams of its product whose admin holds its list's menu; withdrawal and recharge
// events are followed (debounced per product) by fresh counts. A heartbeat comment goes out every `heartbeatMs`, and
// with it every stream's session is checked again and changed counts are sent (which also covers notes missed while
// a lost LISTEN connection was being reopened). A session's note (logout, ended by an admin, product switched)
// closes or moves its streams at once.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../db/db'
import type { Caller } from '../rbac/access'
import { waitingCounts } from '../report/waiting'
import { EVENT_MENU, EVENT, resourceOf, type CountsEvent } from '../../contract/events'
import { MENU } from '../../contract/menus'
import { EVENTS_CHANNEL, parseNote, type Note } from './channel'
import { loadRecord } from './records'
import { Stream } from './stream'
import { viewers, type Viewer } from './viewers'

export interface HubOptions {
  heartbeatMs: number
  /** Session idle lifetime in seconds (a stream is no activity: an idle session ends as it would elsewhere). */
  sessionIdle: number
  /** How long counts wait for more events of the same product before they are counted. */
  countsDelayMs?: number
  log?: { warn: (o: object, msg: string) => void }
}

const ALL_LISTS: ReadonlySet<string> = new Set(Object.values(EVENT_MENU))

/** The counts one admin may see: the parts of lists he does not hold are null. */
function masked(c: CountsEvent, menus: ReadonlySet<string>): CountsEvent {
  const w = menus.has(MENU.withdraw)
  return {
    withdraw_pending: w ? c.withdraw_pending : null,
    withdraw_second: w ? c.withdraw_second : null,
    recharge_pending: menus.has(MENU.recharge) ? c.recharge_pending : null,
  }
}

export class EventHub {
  private readonly streams = new Set<Stream>()
  private listening: Promise<void> | null = null
  private unlisten: (() => Promise<void>) | null = null
  private chain: Promise<void> = Promise.resolve()
  private readonly countsDue = new Map<string, ReturnType<typeof setTimeout>>()
  private heartbeat: ReturnType<typeof setInterval> | null = null
  private closed = false

  constructor(private readonly db: Db, private readonly opts: HubOptions) {}

  /** Opens the caller's stream: listening first, then the headers and the first counts. */
  async open(caller: Caller, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.listen()
    const viewer = (await viewers(this.db, [caller.sessionId], this.opts.sessionIdle)).get(caller.sessionId)
    const s = Stream.open(req, reply, viewer ?? { sessionId: caller.sessionId, adminId: caller.adminId, product: caller.product, menus: new Set() },
      (gone) => this.streams.delete(gone))
    if (!viewer || this.closed) return s.close()
    this.streams.add(s)
    this.heartbeat ??= setInterval(() => this.queue(() => this.beat()), this.opts.heartbeatMs).unref()
    await this.sendCounts(viewer.product, [s], true)
  }

  /** How many streams are open (tests, diagnostics). */
  get size(): number {
    return this.streams.size
  }

  /** Closes every stream and stops listening (the server is shutting down). */
  async close(): Promise<void> {
    this.closed = true
    if (this.heartbeat) clearInterval(this.heartbeat)
    for (const t of this.countsDue.values()) clearTimeout(t)
    this.countsDue.clear()
    for (const s of this.streams) s.close()
    this.streams.clear()
    await this.listening?.catch(() => undefined)
    await this.unlisten?.()
  }

  private listen(): Promise<void> {
    this.listening ??= this.db.listen(EVENTS_CHANNEL, (payload) => {
      const note = parseNote(payload)
      if (note) this.queue(() => this.handle(note))
    }).then((stop) => {
      if (this.closed) return void stop()
      this.unlisten = stop
    }, (err) => {
      // Without notifications the heartbeat still brings counts; the next stream tries again.
      this.listening = null
      this.opts.log?.warn({ err }, 'events: LISTEN failed')
    })
    return this.listening
  }

  /** Runs `fn` after everything queued before it, so events leave in the order their notes arrived. */
  private queue(fn: () => Promise<void>): void {
    this.chain = this.chain.then(fn).catch((err) => this.opts.log?.warn({ err }, 'events: handling failed'))
  }

  private of(product: string): Stream[] {
    return [...this.streams].filter((s) => s.open && s.viewer.product === product)
  }

  private async handle(n: Note): Promise<void> {
    if (n.kind === 'session') return this.recheck([...this.streams].filter((s) => s.viewer.sessionId === n.id))
    if (!n.product) return
    if (n.kind === 'counts') return this.countsSoon(n.product)
    const resource = resourceOf(n.kind)
    const to = this.of(n.product).filter((s) => resource && s.viewer.menus.has(EVENT_MENU[resource]))
    if (resource && to.length && n.id !== undefined) {
      const record = await loadRecord(this.db, resource, n.product, n.id)
      if (record) for (const s of to) s.send(n.kind, record)
    }
    if (resource === 'withdraw' || resource === 'recharge') this.countsSoon(n.product)
  }

  private countsSoon(product: string): void {
    if (this.countsDue.has(product) || !this.of(product).length) return
    this.countsDue.set(product, setTimeout(() => {
      this.countsDue.delete(product)
      this.queue(() => this.sendCounts(product, this.of(product)))
    }, this.opts.countsDelayMs ?? 200).unref())
  }

  /** Counts the product's waiting work once and sends each stream its part (only when changed, unless `always`). */
  private async sendCounts(product: string, to: Stream[], always = false): Promise<void> {
    if (!to.length) return
    const counts = await waitingCounts(this.db, product, ALL_LISTS)
    for (const s of to) {
      const mine = masked(counts, s.viewer.menus)
      const text = JSON.stringify(mine)
      if (!always && text === s.lastCounts) continue
      s.lastCounts = text
      s.send(EVENT.counts, mine)
    }
  }

  /** Checks the streams' sessions again: gone ones close, the others follow their product and menus. */
  private async recheck(list: Stream[]): Promise<void> {
    if (!list.length) return
    const live = await viewers(this.db, [...new Set(list.map((s) => s.viewer.sessionId))], this.opts.sessionIdle)
    for (const s of list) {
      const v: Viewer | undefined = live.get(s.viewer.sessionId)
      if (!v) { s.close(); continue }
      const moved = v.product !== s.viewer.product
      s.viewer = v
      if (moved) await this.sendCounts(v.product, [s], true)
    }
  }

  private async beat(): Promise<void> {
    for (const s of this.streams) s.comment('ping')
    await this.recheck([...this.streams])
    if (!this.streams.size && this.heartbeat) {
      clearInterval(this.heartbeat)
      this.heartbeat = null
      return
    }
    for (const product of new Set([...this.streams].map((s) => s.viewer.product))) await this.sendCounts(product, this.of(product))
  }
}

const HUBS = new WeakMap<Db, EventHub>()

/** The hub serving a database's app (buildApp attaches one). */
export function hubOf(db: Db): EventHub {
  const hub = HUBS.get(db)
  if (!hub) throw new Error('events: no hub for this database')
  return hub
}

export function attachHub(db: Db, hub: EventHub): void {
  HUBS.set(db, hub)
}
