// Draw exposure, 限红 tiers and big wins (RISK.md §6): the answers' shapes, each row a schema its endpoint declares.
import { Type, type Static } from '@sinclair/typebox'
import type { Cursors, Paged } from './common'
import { Money, Nullable, TimeText } from './schema'

const Int = Type.Integer()
const Str = Type.String()
const closed = { additionalProperties: false } as const

export const ResultCostItem = Type.Object({ digits: Str, payout: Money, house_net: Money }, closed)
export const ExposureIssue = Type.Object({
  id: Int, issue_no: Str, room_id: Int, room_name: Str, status: Int, open_at: TimeText, lock_at: TimeText,
  /** The room's cap (0.00 = none). */
  max_payout_per_issue: Money,
}, closed)

/** What an unsettled issue could cost the house, over all 1,000 results (real members' open bets only). */
export const ExposureAnswer = Type.Object({
  issue: ExposureIssue, bets: Int, stake: Money,
  worst: Type.Array(ResultCostItem), best: Type.Array(ResultCostItem),
  by_sum: Type.Array(Type.Object({ sum: Int, payout_max: Money }, closed)),
  by_playway: Type.Array(Type.Object({ code: Str, name: Str, bets: Int, stake: Money, payout_max: Money }, closed)),
  top_members: Type.Array(Type.Object({ member_id: Int, username: Str, bets: Int, stake: Money, payout_max: Money }, closed)),
}, closed)
export type Exposure = Static<typeof ExposureAnswer>

/** One open room's current issue as the 风险敞口 screen's overview lists it. */
export const ExposureRoomItem = Type.Object({
  room_id: Int, room_name: Str, issue_id: Nullable(Int), issue_no: Nullable(Str), lock_at: Nullable(TimeText), bets: Int, stake: Money,
  worst_digits: Nullable(Str), worst_payout: Money, max_payout_per_issue: Money,
}, closed)
export type ExposureRoom = Static<typeof ExposureRoomItem>

export const LimitItem = Type.Object({
  id: Int, name: Str, single_max: Money, issue_max: Money, remark: Str, member_count: Int, created_at: TimeText,
}, closed)
export type Limit = Static<typeof LimitItem>
export interface LimitIndex extends Paged<Limit>, Cursors {}

export const BigWinItem = Type.Object({
  id: Int, order_no: Str, member_id: Int, username: Str, room_id: Int, room_name: Str, issue_id: Int, issue_no: Str,
  content: Str, amount: Money, payout: Money, ratio: Str, settled_at: Nullable(TimeText),
}, closed)
export type BigWin = Static<typeof BigWinItem>
export interface BigWinIndex extends Paged<BigWin>, Cursors {}
