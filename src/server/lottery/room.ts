// /api/room routes (交易房间): list with rates, create, edit (open/close), delete (409 with open bets), update_rate
// (logged before/after) and flush (every instance reloads rooms, schedules and rates; missing issues are made).
import { randomUUID } from 'node:crypto'
import type { Db, Queryable } from '../db/db'
import { many, one } from '../db/db'
import { route } from '../http/route'
import { badRequest, conflict, notFound } from '../errors'
import { room } from '../../contract/api/lottery'
import type { FlushAnswer } from '../../contract/lottery'
import { logged, rateText } from './fields'
import { listRooms, ratesOf, roomById, roomValues } from './room-store'
import { dropIdleIssues, fillRoom } from './draw'
import { acknowledge, acknowledgements, notifyRooms, reloadRuntime } from './runtime'

/** How long a flush waits for the other live instances to say they reloaded. */
const FLUSH_WAIT_MS = 3000

async function codeFree(db: Queryable, product: string, code: string, exceptId = 0): Promise<void> {
  if (await one(db, 'select 1 from lottery_rooms where product = $1 and lower(code) = lower($2) and deleted_at is null and id <> $3',
    [product, code.trim(), exceptId])) throw conflict(`房间代码 ${code.trim()} 已存在`)
}

/**
 * This instance reloads and makes missing issues; with PostgreSQL the others are told and their answers awaited.
 * On PostgreSQL the work runs outside the route's transaction: other instances must see the acknowledgement and must
 * not wait on issues this one is inserting. PGlite is one process with one connection: the route's transaction.
 */
async function flush(tx: Queryable, root: Db, product: string): Promise<FlushAnswer> {
  const db = root.kind === 'pg' ? root : tx
  const flushId = randomUUID()
  const loaded = await reloadRuntime(db)
  let created = 0
  for (const r of loaded.rooms) created += await fillRoom(db, r)
  await acknowledge(db, flushId, { rooms: loaded.rooms.length, rates: loaded.rates })
  if (root.kind === 'pg') await notifyRooms(db, flushId)
  const rooms = loaded.rooms.filter((r) => r.product === product)
    .map(({ id, product: p, name, status, interval }) => ({ id, product: p, name, status, interval }))
  return { rooms, rates: loaded.rates, issues_created: created, instances: await acknowledgements(db, flushId, root.kind === 'pg' ? FLUSH_WAIT_MS : 0) }
}

export default [
  route(room.index, listRooms),
  route(room.create, async (ctx, b) => {
    const values = await roomValues(ctx.db, ctx.caller.product, b)
    await codeFree(ctx.db, ctx.caller.product, b.code)
    const r = await one<{ id: number }>(ctx.db,
      `insert into lottery_rooms (product, code, name, interval, lock, min_stake, max_stake, max_issue_stake, group_ids, status, sort, remark,
                                 max_payout_per_issue)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, coalesce($13::bigint, 0)) returning id`, [ctx.caller.product, ...values])
    await notifyRooms(ctx.db)
    const after = await roomById(ctx.db, ctx.caller.product, r!.id)
    ctx.audit.target_ids = [String(r!.id)]
    ctx.audit.after = logged(after, 'room')
    return after
  }),
  route(room.edit, async (ctx, b) => {
    const before = await roomById(ctx.db, ctx.caller.product, b.id)
    await ctx.db.query('select 1 from lottery_rooms where id = $1 for update', [b.id])
    const values = await roomValues(ctx.db, ctx.caller.product, b)
    await codeFree(ctx.db, ctx.caller.product, b.code, b.id)
    await ctx.db.query(
      `update lottery_rooms set code = $2, name = $3, interval = $4, lock = $5, min_stake = $6, max_stake = $7, max_issue_stake = $8,
              group_ids = $9, status = $10, sort = $11, remark = $12, max_payout_per_issue = coalesce($13::bigint, max_payout_per_issue),
              updated_at = now() where id = $1`, [b.id, ...values])
    if (b.status === 0 || b.interval !== before.interval || b.lock !== before.lock) await dropIdleIssues(ctx.db, b.id)
    await notifyRooms(ctx.db)
    const after = await roomById(ctx.db, ctx.caller.product, b.id)
    ctx.audit.before = logged(before, 'room')
    ctx.audit.after = logged(after, 'room')
    return after
  }),
  route(room.delete, async (ctx, b) => {
    const ids = [...new Set(b.ids)]
    const rooms = await many<{ id: number; name: string }>(ctx.db,
      'select id, name from lottery_rooms where id = any($1::int[]) and product = $2 and deleted_at is null for update', [ids, ctx.caller.product])
    if (rooms.length !== ids.length) throw notFound('房间不存在')
    const open = await many<{ name: string; n: number }>(ctx.db,
      `select r.name, count(*)::int as n from lottery_bets b join lottery_rooms r on r.id = b.room_id
        where b.room_id = any($1::int[]) and b.status = 3 group by r.name order by r.name`, [ids])
    if (open.length) throw conflict(`${open.map((o) => `「${o.name}」有 ${o.n} 笔未结算投注`).join('，')}，不能删除，请先关闭房间，待开奖结算后再删除`)
    for (const id of ids) await dropIdleIssues(ctx.db, id)
    await ctx.db.query('update lottery_rooms set deleted_at = now(), status = 0, updated_at = now() where id = any($1::int[])', [ids])
    await notifyRooms(ctx.db)
    ctx.audit.before = logged(rooms, 'room')
    return { ids }
  }),
  route(room.update_rate, async (ctx, b) => {
    const r = await roomById(ctx.db, ctx.caller.product, b.room_id)
    await ctx.db.query('select 1 from lottery_rooms where id = $1 for update', [r.id])
    const before = (await ratesOf(ctx.db, [r.id]))[String(r.id)]
    const offered = new Map(before.map((x) => [x.playway_id, x]))
    for (const [n, x] of b.rates.entries()) {
      const pw = offered.get(x.playway_id)
      if (!pw) throw badRequest(`房间「${r.name}」未开放该玩法（ID ${x.playway_id}）`, 'rates')
      const rate = x.rate === null || x.rate === undefined || x.rate === '' ? null : rateText(x.rate, 'rates', `第 ${n + 1} 项赔率`)
      if (rate === null || rate === pw.default_rate) {
        await ctx.db.query('delete from lottery_room_rates where room_id = $1 and playway_id = $2', [r.id, x.playway_id])
      } else {
        await ctx.db.query(
          `insert into lottery_room_rates (room_id, playway_id, rate) values ($1, $2, $3::numeric)
           on conflict (room_id, playway_id) do update set rate = excluded.rate`, [r.id, x.playway_id, rate])
      }
    }
    await notifyRooms(ctx.db)
    const after = (await ratesOf(ctx.db, [r.id]))[String(r.id)]
    ctx.audit.target_ids = [String(r.id)]
    ctx.audit.before = logged({ room: r.name, rates: before }, 'room')
    ctx.audit.after = logged({ room: r.name, rates: after }, 'room')
    return { room_id: r.id, rates: after }
  }),
  route(room.flush, async (ctx) => {
    const out = await flush(ctx.db, ctx.root, ctx.caller.product)
    ctx.audit.after = { rooms: out.rooms.length, rates: out.rates, issues_created: out.issues_created, instances: out.instances.map((i) => i.instance) }
    return out
  }),
]
