// Placing a bet (the member site's path; the simulator and the benchmark call it): an open room, an issue still
// taking bets (row shared-locked, so its opening waits for the bet), a play way switched on and offered by the room,
// the room's stake limits, the member's 限红 tier and the room's payout cap per issue (src/server/exposure), and the stake
// leaving the member's balance as type 1 认购 in the same transaction.
import type { Queryable } from '../db/db'
import { one } from '../db/db'
import { badRequest, conflict, notFound } from '../errors'
import { KIND, MONEY, TRANSFER, type MoneyClass } from '../../contract/ledger'
import { centsText } from '../../contract/money'
import type { PlaywayCode } from '../../contract/lottery'
import { insufficient, transfer } from '../ledger/ledger'
import { contentOf, validTemaNumber } from './rules'
import { ORDER_NO } from './sql'
import { betPlaced } from './totals'
import { addExposure, checkTier, tierOf } from '../exposure/store'

export interface BetInput {
  product: string
  member_id: number
  room_id: number
  /** A particular issue; otherwise the room's issue now taking bets. */
  issue_id?: number
  playway_id: number
  /** 特码: the sum bet on, 0–27. */
  number?: number | null
  /** Stake in cents. */
  amount: number
  /** The clock (backfilled demo history); defaults to the database's now. */
  at?: Date
}

export interface PlacedBet { id: number; order_no: string; issue_id: number; issue_no: string; rate: string; amount: number; content: string }

interface RoomRow { id: number; name: string; status: number; group_ids: number[]; min_stake: number; max_stake: number; max_issue_stake: number; max_payout_per_issue: string }

export async function placeBet(db: Queryable, b: BetInput): Promise<PlacedBet> {
  if (!Number.isSafeInteger(b.amount) || b.amount <= 0) throw badRequest('投注金额必须大于 0', 'amount')
  const at = b.at ?? null
  const m = await one<{ id: number; kind: MoneyClass; status: number }>(db,
    'select id, kind::int as kind, status::int as status from members where id = $1 and product = $2', [b.member_id, b.product])
  if (!m) throw notFound('会员不存在')
  if (m.status !== 1) throw conflict('会员已禁用，不能投注')
  const room = await one<RoomRow>(db,
    `select id, name, status::int as status, group_ids, min_stake, max_stake, max_issue_stake, max_payout_per_issue
       from lottery_rooms where id = $1 and product = $2 and deleted_at is null`, [b.room_id, b.product])
  if (!room) throw notFound('房间不存在')
  if (room.status !== 1) throw conflict(`房间「${room.name}」已关闭，暂停投注`)

  // FOR KEY SHARE: bets do not block each other, but opening the issue (FOR UPDATE) waits for this one to finish.
  const issue = await one<{ id: number; issue_no: string }>(db,
    `select id, issue_no from lottery_issues
      where room_id = $1 and status = 1 and lock_at > coalesce($3::timestamptz, now()) and ($2::bigint is null or id = $2)
      order by open_at limit 1 for key share`, [room.id, b.issue_id ?? null, at])
  if (!issue) {
    const named = b.issue_id ? await one<{ issue_no: string; status: number }>(db,
      'select issue_no, status::int as status from lottery_issues where id = $1 and room_id = $2', [b.issue_id, room.id]) : undefined
    if (b.issue_id && !named) throw notFound('期号不存在')
    throw conflict(named ? `第 ${named.issue_no} 期${named.status === 1 ? '已封盘' : '已开奖'}，不能再投注` : `房间「${room.name}」当前没有可投注的期号`)
  }

  const pw = await one<{ id: number; code: PlaywayCode; name: string; status: number; group_id: number | null; group_status: number | null; rate: string }>(db,
    `select w.id, w.code, w.name, w.status::int as status, w.group_id, g.status::int as group_status, coalesce(rr.rate, w.rate)::text as rate
       from lottery_playways w left join lottery_playgroups g on g.id = w.group_id
       left join lottery_room_rates rr on rr.room_id = $3 and rr.playway_id = w.id
      where w.id = $1 and w.product = $2`, [b.playway_id, b.product, room.id])
  if (!pw) throw notFound('玩法不存在')
  if (pw.status !== 1 || pw.group_status === 0) throw conflict(`玩法「${pw.name}」已停用`)
  if (pw.group_id === null || !room.group_ids.map(Number).includes(pw.group_id)) throw conflict(`房间「${room.name}」未开放玩法「${pw.name}」`)
  let number: number | null = null
  if (pw.code === 'tema') {
    if (!validTemaNumber(b.number)) throw badRequest('特码须为 0-27 之间的整数', 'number')
    number = b.number
  }
  if (b.amount < Number(room.min_stake)) throw badRequest(`投注金额不能少于 ${centsText(room.min_stake)} 元`, 'amount')
  if (b.amount > Number(room.max_stake)) throw badRequest(`单注金额不能超过 ${centsText(room.max_stake)} 元`, 'amount')

  // The member's account row serialises the member's own bets, so the per-issue limit holds under concurrency.
  await db.query('select 1 from ledger_accounts where product = $1 and money = $2 and kind = $3 and owner_id = $4 for update',
    [b.product, m.kind, KIND.available, m.id])
  const spent = Number((await one<{ s: number }>(db,
    'select coalesce(sum(amount), 0)::bigint as s from lottery_bets where issue_id = $1 and member_id = $2 and status = 3', [issue.id, m.id]))!.s)
  if (spent + b.amount > Number(room.max_issue_stake)) {
    throw conflict(`每期投注上限 ${centsText(room.max_issue_stake)} 元，本期已投 ${centsText(spent)} 元`)
  }
  // The member's 限红 tier (under the same account lock).
  checkTier({ tier: await tierOf(db, m.id), spent, amount: b.amount })

  const bet = await one<{ id: number; order_no: string }>(db,
    `insert into lottery_bets as b (product, money, member_id, room_id, issue_id, playway_id, code, number, amount, rate, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::numeric, coalesce($11::timestamptz, now()))
     returning b.id, ${ORDER_NO('b')} as order_no`,
    [b.product, m.kind, m.id, room.id, issue.id, pw.id, pw.code, number, b.amount, pw.rate, at])
  await betPlaced(db, b.product, m.kind, room.id, b.amount)
  const content = contentOf(pw.code, number)
  try {
    await transfer(db, {
      key: `bet:${bet!.id}:stake`, product: b.product, money: m.kind, from: { kind: KIND.available, owner: m.id }, to: { kind: KIND.gaming },
      amount: b.amount, type: TRANSFER.bet, ref: bet!.order_no, remark: `${room.name} 第${issue.issue_no}期 ${content}`, at: at ?? undefined,
    })
  } catch (e) {
    throw insufficient(e, (available) => `余额不足，可用余额 ${available} 元`)
  }
  // Last, so a capped issue's lock is held the shortest time: real stakes join the issue's exposure, within the cap.
  await addExposure(db, {
    member_id: m.id, issue_id: Number(issue.id), code: pw.code, number, amount: b.amount, rate: pw.rate,
    real: m.kind === MONEY.real, cap: Number(room.max_payout_per_issue),
  })
  return { id: Number(bet!.id), order_no: bet!.order_no, issue_id: Number(issue.id), issue_no: issue.issue_no, rate: pw.rate, amount: b.amount, content }
}
