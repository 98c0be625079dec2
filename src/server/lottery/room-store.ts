// Reading and checking rooms: the room as lists show it (limits in 元, offered groups, the issue taking bets, the
// last draw), the list in the rooms' order with the listed rooms' effective rates, and the field rules of create/edit.
import type { InputOf } from '../../contract/endpoint'
import type { Queryable } from '../db/db'
import { many } from '../db/db'
import { defineList } from '../db/list'
import { badRequest, notFound } from '../errors'
import { TIME } from '../http/format'
import type { Ctx } from '../http/route'
import type { room } from '../../contract/api/lottery'
import type { Room, RoomIndex, RoomRate } from '../../contract/lottery'
import { tagsOf, type Digits } from './rules'
import { cents } from './fields'
import { centsOrNull } from '../member/fields'

const COLS = `r.id, r.code, r.name, r.interval, r.lock, cents_text(r.min_stake) as min_stake, cents_text(r.max_stake) as max_stake,
  cents_text(r.max_issue_stake) as max_issue_stake, cents_text(r.max_payout_per_issue) as max_payout_per_issue, r.group_ids,
  array(select g.name from lottery_playgroups g where g.id = any(r.group_ids) order by g.sort, g.id) as group_names,
  r.status::int as status, r.sort, r.remark,
  cur.issue_no as current_issue, ${TIME('cur.open_at')} as next_open_at, ${TIME('cur.lock_at')} as lock_at,
  last.issue_no as last_no, last.result as last_result, last.is_manual as last_manual`
const FROM = `lottery_rooms r
  left join lateral (select issue_no, open_at, lock_at from lottery_issues i where i.room_id = r.id and i.status = 1 and i.open_at > now()
                      order by i.open_at limit 1) cur on true
  left join lateral (select issue_no, result, is_manual from lottery_issues i where i.room_id = r.id and i.status in (2, 3)
                      order by i.open_at desc limit 1) last on true`

type Raw = Omit<Room, 'last_issue'> & { last_no: string | null; last_result: number[] | null; last_manual: boolean | null }

const shape = ({ last_no, last_result, last_manual, ...r }: Raw): Room => ({
  ...r, group_ids: r.group_ids.map(Number),
  last_issue: last_no && last_result
    ? { issue_no: last_no, result: last_result.join(','), tags: tagsOf(last_result.map(Number) as unknown as Digits), is_manual: !!last_manual }
    : null,
})

const page = defineList<InputOf<typeof room.index>, Room>({
  from: FROM, countFrom: 'lottery_rooms r', select: COLS, id: 'r.id', table: 'lottery_rooms', product: 'r.product', base: 'r.deleted_at is null',
  order: { col: 'r.sort', dir: 'asc', type: 'int' }, filters: { status: 'r.status' }, rows: (rows) => rows.map(shape),
})

/** 交易房间: the product's rooms in their order, with the effective rates of the rooms listed (by room id). */
export async function listRooms(ctx: Ctx, q: InputOf<typeof room.index>): Promise<RoomIndex> {
  const rooms = await page(ctx, q)
  return { ...rooms, rates: await ratesOf(ctx.root, rooms.items.map((r) => r.id)) }
}

export async function roomsByIds(db: Queryable, product: string, ids: number[]): Promise<Room[]> {
  return (await many<Raw>(db, `select ${COLS} from ${FROM} where r.id = any($1::int[]) and r.product = $2 and r.deleted_at is null order by r.sort, r.id`,
    [ids, product])).map(shape)
}

export async function roomById(db: Queryable, product: string, id: number): Promise<Room> {
  const [r] = await roomsByIds(db, product, [id])
  if (!r) throw notFound('房间不存在')
  return r
}

/** Effective odds of the play ways each room offers (room rate, else the play way's default). */
export async function ratesOf(db: Queryable, roomIds: number[]): Promise<Record<string, RoomRate[]>> {
  const rows = await many<RoomRate & { room_id: number }>(db,
    `select r.id as room_id, w.id as playway_id, w.code, w.name, coalesce(rr.rate, w.rate)::text as rate, w.rate::text as default_rate
       from lottery_rooms r
       join lottery_playways w on w.product = r.product and w.group_id = any(r.group_ids)
       left join lottery_playgroups g on g.id = w.group_id
       left join lottery_room_rates rr on rr.room_id = r.id and rr.playway_id = w.id
      where r.id = any($1::int[]) order by r.id, g.sort, w.sort, w.id`, [roomIds])
  const out: Record<string, RoomRate[]> = Object.fromEntries(roomIds.map((id) => [String(id), []]))
  for (const { room_id, ...rate } of rows) out[String(room_id)].push(rate)
  return out
}

export interface RoomInput {
  code: string; name: string; interval: number; lock: number; min_stake: string | number; max_stake: string | number
  max_issue_stake: string | number; max_payout_per_issue?: string | number; group_ids: number[]; status: number; sort?: number; remark?: string
}

/** Checked values in column order: code, name, interval, lock, stakes (cents), group ids, status, sort, remark, payout cap (cents; null: absent). */
export async function roomValues(db: Queryable, product: string, b: RoomInput): Promise<unknown[]> {
  if (b.lock >= b.interval) throw badRequest('封盘时间必须小于开奖间隔', 'lock')
  const min = cents(b.min_stake, 'min_stake', '最低投注')
  const max = cents(b.max_stake, 'max_stake', '单注上限')
  const perIssue = cents(b.max_issue_stake, 'max_issue_stake', '每期上限')
  if (max < min) throw badRequest('单注上限不能低于最低投注', 'max_stake')
  if (perIssue < max) throw badRequest('每期上限不能低于单注上限', 'max_issue_stake')
  const groups = [...new Set(b.group_ids)]
  const found = await many<{ id: number }>(db, 'select id from lottery_playgroups where id = any($1::int[]) and product = $2', [groups, product])
  if (found.length !== groups.length) throw badRequest('玩法分组不存在', 'group_ids')
  const cap = centsOrNull(b.max_payout_per_issue, 'max_payout_per_issue', '每期赔付上限')
  return [b.code.trim(), b.name.trim(), b.interval, b.lock, min, max, perIssue, groups, b.status, b.sort ?? 0, (b.remark ?? '').trim(), cap]
}
