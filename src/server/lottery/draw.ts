// Draws (issues): the schedule of a room's day (issue_no = YYYYMMDD + the sequence of the day in Asia/Shanghai),
// creating issues ahead with their seeds, opening a due issue exactly once (row lock, status check), and the
// manual result (人工开奖) an operator may set before settlement.
import type { Queryable } from '../db/db'
import { one } from '../db/db'
import { conflict, notFound } from '../errors'
import { drawDigits, newSeed } from './fair'
import { PRODUCT_OFFSET_MINUTES } from '../db/constants'

const DAY = 86_400_000
/** The product's zone is UTC+8 all year (no daylight saving). */
const TZ_OFFSET = PRODUCT_OFFSET_MINUTES * 60_000

export const dayStart = (t: number): number => Math.floor((t + TZ_OFFSET) / DAY) * DAY - TZ_OFFSET
const ymd = (dayStartMs: number): string => new Date(dayStartMs + TZ_OFFSET).toISOString().slice(0, 10).replace(/-/g, '')

export interface Slot { issueNo: string; openAt: number }

/**
 * The draws of a room with this interval opening in (from, to]: the k-th draw of a day opens k × interval after
 * midnight (k from 1 while it is still that day, midnight itself being the day's last), numbered YYYYMMDD + k.
 */
export function slotsBetween(intervalSec: number, from: number, to: number): Slot[] {
  const step = intervalSec * 1000
  const perDay = Math.floor(86_400 / intervalSec)
  const out: Slot[] = []
  let d = dayStart(from)
  let k = Math.floor((from - d) / step) + 1
  if (from - d === 0) { d -= DAY; k = perDay + 1 }
  for (;;) {
    if (k > perDay) { d += DAY; k = 1 }
    const openAt = d + k * step
    if (openAt > to) return out
    if (openAt > from) out.push({ issueNo: `${ymd(d)}${String(k).padStart(4, '0')}`, openAt })
    k += 1
  }
}

/** How far ahead issues exist: ten minutes, or three draws of a slow room. */
export const horizonMs = (intervalSec: number): number => Math.max(600_000, 3 * intervalSec * 1000)

export interface ScheduledRoom { id: number; product: string; interval: number; lock: number; status: number }

/** Creates a room's missing future issues (betting not yet closed) with fresh seeds; answers how many it made. */
export async function fillRoom(db: Queryable, room: ScheduledRoom, now = Date.now()): Promise<number> {
  if (room.status !== 1) return 0
  const last = await one<{ t: string | null }>(db, 'select max(open_at) as t from lottery_issues where room_id = $1', [room.id])
  const from = Math.max(now + room.lock * 1000, last?.t ? new Date(last.t).getTime() : 0)
  return createIssues(db, room, slotsBetween(room.interval, from, now + horizonMs(room.interval)))
}

/** Inserts the room's issues for these slots, each with a fresh seed and its published hash (existing ones are kept). */
export async function createIssues(db: Queryable, room: ScheduledRoom, slots: Slot[]): Promise<number> {
  if (!slots.length) return 0
  const seeds = slots.map(() => newSeed())
  const r = await db.query(
    `insert into lottery_issues (product, room_id, issue_no, open_at, lock_at, seed, seed_hash, created_at)
     select $1, $2, s.no, to_timestamp(s.at / 1000.0), to_timestamp(s.at / 1000.0) - make_interval(secs => $3),
            decode(s.seed, 'hex'), s.hash, least(now(), to_timestamp(s.at / 1000.0) - make_interval(secs => $8))
       from unnest($4::text[], $5::bigint[], $6::text[], $7::text[]) as s(no, at, seed, hash)
     on conflict (room_id, issue_no) do nothing`,
    [room.product, room.id, room.lock, slots.map((s) => s.issueNo), slots.map((s) => s.openAt),
      seeds.map((s) => s.seed.toString('hex')), seeds.map((s) => s.hash), room.interval])
  return r.rowCount
}

/** Future issues nobody has bet on are dropped when a room closes or its schedule changes (the scheduler remakes them). */
export async function dropIdleIssues(db: Queryable, roomId: number): Promise<number> {
  const r = await db.query(
    `delete from lottery_issues i where i.room_id = $1 and i.status = 1 and i.open_at > now() and not i.is_manual
        and not exists (select 1 from lottery_bets b where b.issue_id = i.id)`, [roomId])
  return r.rowCount
}

export interface DueIssue { id: number; product: string; room_id: number; issue_no: string; result: number[] }

/**
 * Opens the earliest due issue nobody else is opening (for update skip locked; an issue with a bet in flight is
 * skipped this time): the seed's digits, or the manual result set before. Answers the opened issue, or null.
 */
export async function openDueIssue(db: Queryable, at?: Date, onlyId?: number): Promise<DueIssue | null> {
  const i = await one<{ id: number; product: string; room_id: number; issue_no: string; seed: Uint8Array; result: number[] | null; is_manual: boolean }>(db,
    `select id, product, room_id, issue_no, seed, result, is_manual from lottery_issues
      where status = 1 and open_at <= coalesce($1::timestamptz, now()) and ($2::bigint is null or id = $2)
      order by open_at, id limit 1 for update skip locked`, [at ?? null, onlyId ?? null])
  if (!i) return null
  const result = i.is_manual && i.result ? i.result.map(Number) : [...drawDigits(i.seed, i.issue_no).digits]
  const u = await db.query(
    `update lottery_issues set status = 2, result = $2::smallint[], opened_at = coalesce($3::timestamptz, now()) where id = $1 and status = 1`,
    [i.id, result, at ?? null])
  if (u.rowCount !== 1) throw conflict('状态已变更')
  return { id: Number(i.id), product: i.product, room_id: i.room_id, issue_no: i.issue_no, result }
}

export interface IssueRow {
  id: number; product: string; room_id: number; issue_no: string; status: number; result: number[] | null
  is_manual: boolean; open_at: string; remark: string
}

/** Locks one issue of the product (404 when it is another product's). */
export async function lockIssue(db: Queryable, product: string, id: number): Promise<IssueRow> {
  const i = await one<IssueRow>(db,
    `select id, product, room_id, issue_no, status::int as status, result, is_manual, open_at, remark
       from lottery_issues where id = $1 and product = $2 for update`, [id, product])
  if (!i) throw notFound('开奖记录不存在')
  return { ...i, id: Number(i.id), result: i.result?.map(Number) ?? null }
}

/** 人工开奖: only before settlement; an issue still waiting keeps its time and draws this result then. */
export async function setManualResult(db: Queryable, product: string, id: number, digits: number[], remark: string, admin: string): Promise<void> {
  const i = await lockIssue(db, product, id)
  if (i.status === 3) throw conflict(`第 ${i.issue_no} 期已结算，不能修改开奖结果，只能取消本期`)
  if (i.status === 4) throw conflict(`第 ${i.issue_no} 期已取消`)
  await db.query(
    `update lottery_issues set result = $2::smallint[], is_manual = true, manual_admin = $3, manual_at = now(), remark = $4
      where id = $1 and status in (1, 2)`, [id, digits, admin, remark])
}
