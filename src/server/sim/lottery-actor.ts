// The member site's bets: members, virtual accounts and trial members who hold money bet in the demo rooms through
// placeBet (real members once their recharges give them money, staking a part of what they hold, so most play their
// deposits through); on first start a draw of each room on every day of the month is played and settled, and every
// draw of the last five minutes, so the lists and the 30-day charts are not empty.
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { placeBet } from '../lottery/bet'
import { createIssues, openDueIssue, slotsBetween, type Slot } from '../lottery/draw'
import { settleIssue } from '../lottery/settle'
import { daysAgo, pickRow, type SimActor, type SimContext, type Timeline } from './actor'
import type { Rng } from './rng'
import { signIn } from './identity'
import { attempt } from './timeline'

/** Stakes a virtual or trial member might pick, in 元. */
const STAKES = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000]

export interface Room { id: number; code: string; product: string; interval: number; lock: number; status: number; min_stake: number; max_stake: number; group_ids: number[] }

async function playway(db: Queryable, room: Room, r: Rng, code?: string) {
  const ways = await many<{ id: number; code: string }>(db,
    `select w.id, w.code from lottery_playways w join lottery_playgroups g on g.id = w.group_id
      where w.group_id = any($1::int[]) and w.status = 1 and g.status = 1 and ($2::text is null or w.code = $2) order by w.id`, [room.group_ids, code ?? null])
  return ways.length ? r.pick(ways) : null
}

/** Someone holding at least `min` by then: a real member three times in four when one can, else anyone. */
async function bettor(ctx: SimContext, min: number) {
  const among = (real: boolean) => pickRow<{ id: number; kind: number; balance: number }>(ctx,
    `select m.id, m.kind::int as kind, a.balance from members m
       join ledger_accounts a on a.product = m.product and a.money = m.kind and a.kind = 1 and a.owner_id = m.id
      where m.product = $1 and m.status = 1 and a.balance >= $2 and m.created_at < coalesce($3::timestamptz, now())
        and (not $4 or m.kind = 0)`, [ctx.product, min, ctx.at ?? null, real])
  return (ctx.r.chance(0.75) && await among(true)) || among(false)
}

/** One bet on the room's issue taking bets (or `issueId`), by a member whose balance allows it; false when none can. */
export async function simulateBet(ctx: SimContext, room: Room, issueId?: number): Promise<boolean> {
  const { r } = ctx
  const who = await bettor(ctx, room.min_stake)
  const way = await playway(ctx.db, room, r)
  if (!who || !way) return false
  const cap = Math.min(Number(room.max_stake), Number(who.balance))
  let amount: number
  if (who.kind === 0) {
    // A real member stakes a part of what it holds (whole 10 元), within the room's limits.
    amount = Math.min(cap, Math.max(room.min_stake, Math.round((Number(who.balance) * r.int(10, 40)) / 100 / 1000) * 1000))
  } else {
    const stakes = STAKES.map((y) => y * 100).filter((c) => c >= room.min_stake && c <= cap)
    amount = stakes.length ? r.pick(stakes.slice(0, Math.max(1, Math.ceil(stakes.length * 0.7)))) : Number(room.min_stake)
  }
  if (r.chance(0.3)) await signIn(ctx, who.id)
  // The member's stake on this issue must stay within the room's per-issue limit: a fresh issue or a small stake.
  await placeBet(ctx.db, {
    product: ctx.product, member_id: who.id, room_id: room.id, issue_id: issueId, playway_id: way.id,
    number: way.code === 'tema' ? r.int(3, 24) : null, amount, at: ctx.at,
  })
  return true
}

/** A bet of a chosen member on a chosen play way (the review-desk stories); the stake in cents. */
export async function betOn(ctx: SimContext, room: Room, issueId: number, memberId: number, code: string, amount: number): Promise<void> {
  const way = await playway(ctx.db, room, ctx.r, code)
  if (!way) return
  await placeBet(ctx.db, { product: ctx.product, member_id: memberId, room_id: room.id, issue_id: issueId, playway_id: way.id, amount, at: ctx.at })
}

export async function openRooms(db: Queryable, product: string): Promise<Room[]> {
  return (await many<Room>(db,
    `select id, code, product, interval, lock, status::int as status, min_stake, max_stake, group_ids from lottery_rooms
      where product = $1 and status = 1 and deleted_at is null order by sort, id`, [product]))
    .map((x) => ({ ...x, min_stake: Number(x.min_stake), max_stake: Number(x.max_stake), group_ids: x.group_ids.map(Number) }))
}

/**
 * A past draw of the room, replayed as one event at its time: the issue made, the bets placed at their own moments in
 * its betting window (`bets` by whoever holds money then, and `play` if given), then opened and settled. One
 * transaction, so the draw scheduler never sees the past issue still open (it would draw it before the bets).
 */
export function planDraw(ctx: SimContext, plan: Timeline, room: Room, slot: Slot, bets: number, play?: (c: SimContext, issueId: number) => Promise<unknown>): void {
  const window = () => slot.openAt - (room.lock + ctx.r.int(1, room.interval - room.lock - 1)) * 1000
  const times = Array.from({ length: bets }, window).sort((a, b) => a - b)
  const playAt = play ? window() : 0
  plan.at(slot.openAt + 1000, async (c) => {
    await createIssues(c.db, room, [slot])
    const i = await one<{ id: number; status: number }>(c.db,
      'select id, status::int as status from lottery_issues where room_id = $1 and issue_no = $2', [room.id, slot.issueNo])
    // Already drawn (the scheduler made and drew this slot before the first start reached it): nothing to replay.
    if (!i || i.status !== 1) return
    const id = Number(i.id)
    for (const t of times) await attempt(c.db, () => simulateBet({ ...c, at: new Date(t) }, room, id))
    if (play) await attempt(c.db, () => play({ ...c, at: new Date(playAt) }, id))
    if (await openDueIssue(c.db, new Date(slot.openAt), id)) await settleIssue(c.db, id, c.at)
  })
}

/** The room's next draw after a moment. */
export const slotAfter = (room: Room, t: number): Slot => slotsBetween(room.interval, t, t + room.interval * 1000)[0]

/**
 * The crowded room: a few more bets on its coming draw at every turn, so 风险敞口 has a picture to show, under a payout
 * cap per issue (set on first start) that the crowd reaches now and then — a refused bet writes nothing, as on the
 * member site.
 */
export const CROWDED = { code: 'BZ', cap: 20_000_00 }

export const lotteryActor: SimActor = {
  name: 'lottery',
  every: 1.5,
  async run(ctx) {
    const rooms = await openRooms(ctx.db, ctx.product)
    if (rooms.length) await simulateBet(ctx, ctx.r.pick(rooms))
    const crowded = rooms.find((x) => x.code === CROWDED.code)
    if (crowded) for (let n = ctx.r.int(1, 4); n > 0; n--) await attempt(ctx.db, () => simulateBet(ctx, crowded))
  },
  async history(ctx, plan) {
    const now = Date.now()
    await ctx.db.query('update lottery_rooms set max_payout_per_issue = $3 where product = $1 and code = $2 and max_payout_per_issue = 0',
      [ctx.product, CROWDED.code, CROWDED.cap])
    for (const room of await openRooms(ctx.db, ctx.product)) {
      // A month of days: a draw a day, played by whoever holds money by then.
      for (let day = 30; day >= 1; day--) planDraw(ctx, plan, room, slotAfter(room, daysAgo(ctx.r, day, now)), ctx.r.int(1, 4))
      // Every draw of the last five minutes.
      for (const slot of slotsBetween(room.interval, now - 300_000, now - 30_000)) planDraw(ctx, plan, room, slot, ctx.r.int(0, 2))
    }
  },
}
