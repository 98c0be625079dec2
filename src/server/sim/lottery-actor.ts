// The member site's bets: members, virtual accounts and trial members who hold money bet in the demo rooms through
// placeBet (real members only once recharges give them money); on first start, the last half hour of each room's
// draws is played and settled, so the lists are not empty.
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { placeBet } from '../lottery/bet'
import { createIssues, openDueIssue, slotsBetween } from '../lottery/draw'
import { settleIssue } from '../lottery/settle'
import type { SimActor, SimContext } from './actor'
import type { Rng } from './rng'

/** Stakes a member might pick, in 元. */
const STAKES = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]

interface Room { id: number; min_stake: number; max_stake: number; group_ids: number[] }

async function playway(db: Queryable, room: Room, r: Rng) {
  const ways = await many<{ id: number; code: string }>(db,
    `select w.id, w.code from lottery_playways w join lottery_playgroups g on g.id = w.group_id
      where w.group_id = any($1::int[]) and w.status = 1 and g.status = 1 order by w.id`, [room.group_ids])
  return ways.length ? r.pick(ways) : null
}

/** One bet on the room's issue taking bets (or `issueId`), by a member whose balance allows it; false when none can. */
export async function simulateBet(ctx: SimContext, room: Room, issueId?: number): Promise<boolean> {
  const { r } = ctx
  const who = await one<{ id: number; balance: number }>(ctx.db,
    `select m.id, a.balance from members m
       join ledger_accounts a on a.product = m.product and a.money = m.kind and a.kind = 1 and a.owner_id = m.id
      where m.product = $1 and m.status = 1 and a.balance >= $2 order by random() limit 1`, [ctx.product, room.min_stake])
  const way = await playway(ctx.db, room, r)
  if (!who || !way) return false
  const cap = Math.min(Number(room.max_stake), Number(who.balance))
  const stakes = STAKES.map((y) => y * 100).filter((c) => c >= room.min_stake && c <= cap)
  const amount = stakes.length ? r.pick(stakes.slice(0, Math.max(1, Math.ceil(stakes.length * 0.7)))) : Number(room.min_stake)
  // The member's stake on this issue must stay within the room's per-issue limit: a fresh issue or a small stake.
  await placeBet(ctx.db, {
    product: ctx.product, member_id: who.id, room_id: room.id, issue_id: issueId, playway_id: way.id,
    number: way.code === 'tema' ? r.int(3, 24) : null, amount, at: ctx.at,
  })
  return true
}

async function openRooms(db: Queryable, product: string): Promise<Room[]> {
  return (await many<Room>(db,
    `select id, min_stake, max_stake, group_ids from lottery_rooms where product = $1 and status = 1 and deleted_at is null order by sort, id`,
    [product])).map((x) => ({ ...x, min_stake: Number(x.min_stake), max_stake: Number(x.max_stake), group_ids: x.group_ids.map(Number) }))
}

export const lotteryActor: SimActor = {
  name: 'lottery',
  every: 1.5,
  async run(ctx) {
    const rooms = await openRooms(ctx.db, ctx.product)
    if (rooms.length) await simulateBet(ctx, ctx.r.pick(rooms))
  },
  async bootstrap(ctx) {
    const now = Date.now()
    for (const room of await many<{ id: number; product: string; interval: number; lock: number; status: number }>(ctx.db,
      'select id, product, interval, lock, status::int as status from lottery_rooms where product = $1 and status = 1 and deleted_at is null', [ctx.product])) {
      await createIssues(ctx.db, room, slotsBetween(room.interval, now - 1_800_000, now - 60_000))
      const past = await many<{ id: number; open_at: string }>(ctx.db,
        `select id, open_at from lottery_issues where room_id = $1 and status = 1 and open_at < now() order by open_at`, [room.id])
      const [full] = await openRooms(ctx.db, ctx.product).then((rs) => rs.filter((x) => x.id === room.id))
      for (const issue of past) {
        const openAt = new Date(issue.open_at).getTime()
        for (let i = ctx.r.int(0, 4); i > 0; i--) {
          const at = new Date(openAt - (room.lock + ctx.r.int(1, room.interval - room.lock - 1)) * 1000)
          if (!(await simulateBet({ ...ctx, at }, full, Number(issue.id)))) break
        }
        await openDueIssue(ctx.db, new Date(openAt), Number(issue.id))
        await settleIssue(ctx.db, Number(issue.id), new Date(openAt + 1000))
      }
    }
  },
}
