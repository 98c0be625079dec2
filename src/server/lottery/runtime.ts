// Each server instance's runtime view of the rooms (schedules and effective rates), reloaded at start, every half
// minute, when a room changes and on 刷新房间 (flush). Instances hear of changes through PostgreSQL LISTEN/NOTIFY
// (PGlite: its own in-process channel); a flush also waits for the other live instances to say they reloaded.
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { INSTANCE_ID } from '../jobs/lease'
import { TIME } from '../http/format'

export interface RuntimeRoom {
  id: number; product: string; code: string; name: string; interval: number; lock: number; status: 0 | 1
  group_ids: number[]
  /** Effective odds of the play ways the room offers: playway id → rate text. */
  rates: Map<number, string>
}

/** This process's rooms (every product). */
export const runtime = { rooms: new Map<number, RuntimeRoom>(), rates: 0, loadedAt: 0 }

/** Room changes (payload ''), or a flush (payload = its id, which instances acknowledge in lottery_instances). */
export const ROOMS_CHANNEL = 'lottery_rooms'
/** An instance whose heartbeat is older than this is not waited for. */
export const LIVE_MS = 15_000

export async function reloadRuntime(db: Queryable): Promise<{ rooms: RuntimeRoom[]; rates: number }> {
  const rooms = await many<Omit<RuntimeRoom, 'rates'>>(db,
    `select id, product, code, name, interval, lock, status::int as status, group_ids from lottery_rooms where deleted_at is null order by product, sort, id`)
  const rates = await many<{ room_id: number; playway_id: number; rate: string }>(db,
    `select r.id as room_id, w.id as playway_id, coalesce(rr.rate, w.rate)::text as rate
       from lottery_rooms r
       join lottery_playways w on w.product = r.product and w.group_id = any(r.group_ids) and w.status = 1
       join lottery_playgroups g on g.id = w.group_id and g.status = 1
       left join lottery_room_rates rr on rr.room_id = r.id and rr.playway_id = w.id
      where r.deleted_at is null`)
  const next = new Map<number, RuntimeRoom>()
  for (const r of rooms) next.set(r.id, { ...r, group_ids: r.group_ids.map(Number), rates: new Map() })
  for (const x of rates) next.get(x.room_id)?.rates.set(x.playway_id, x.rate)
  runtime.rooms = next
  runtime.rates = rates.length
  runtime.loadedAt = Date.now()
  return { rooms: [...next.values()], rates: rates.length }
}

/** Tells every instance (on commit of the caller's transaction) that rooms changed. */
export async function notifyRooms(db: Queryable, payload = ''): Promise<void> {
  await db.query('select pg_notify($1, $2)', [ROOMS_CHANNEL, payload])
}

export async function heartbeat(db: Queryable, instance = INSTANCE_ID): Promise<void> {
  await db.query(
    `insert into lottery_instances (instance, heartbeat_at) values ($1, now())
     on conflict (instance) do update set heartbeat_at = now()`, [instance])
  // Instances gone for a day (restarts, crashes) are forgotten.
  await db.query(`delete from lottery_instances where heartbeat_at < now() - interval '1 day'`)
}

/** Records that this instance reloaded for a flush. */
export async function acknowledge(db: Queryable, flushId: string, counts: { rooms: number; rates: number }, instance = INSTANCE_ID): Promise<void> {
  await db.query(
    `insert into lottery_instances (instance, heartbeat_at, flush_id, reloaded_at, rooms, rates) values ($1, now(), $2, now(), $3, $4)
     on conflict (instance) do update set heartbeat_at = now(), flush_id = $2, reloaded_at = now(), rooms = $3, rates = $4`,
    [instance, flushId, counts.rooms, counts.rates])
}

export interface InstanceAck { instance: string; reloaded_at: string; rooms: number; rates: number }

/** The instances that answered a flush, waiting up to `waitMs` for every live one. */
export async function acknowledgements(db: Queryable, flushId: string, waitMs: number): Promise<InstanceAck[]> {
  const deadline = Date.now() + waitMs
  for (;;) {
    const r = await one<{ live: number; acked: number }>(db,
      `select count(*) filter (where heartbeat_at > now() - make_interval(secs => $2))::int as live,
              count(*) filter (where flush_id = $1)::int as acked from lottery_instances`, [flushId, LIVE_MS / 1000])
    if (r!.acked >= r!.live || Date.now() >= deadline) break
    await new Promise((res) => setTimeout(res, 50))
  }
  return many<InstanceAck>(db,
    `select instance, ${TIME('reloaded_at')} as reloaded_at, rooms, rates from lottery_instances where flush_id = $1 order by instance`, [flushId])
}
