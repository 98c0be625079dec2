// Live events (GET /api/events, Server-Sent Events): their names, payloads and the list each belongs to. An event
// reaches an admin only when he holds its list's menu, and only for his session's current product.
import { Type, type Static } from '@sinclair/typebox'
import { MENU, type MenuPath } from './menus'
import type { HomeIndex } from './report'

export const EVENT = {
  withdrawCreated: 'withdraw.created',
  withdrawDecided: 'withdraw.decided',
  rechargeCreated: 'recharge.created',
  rechargeDecided: 'recharge.decided',
  bigWin: 'bet.big_win',
  counts: 'counts',
} as const

export type EventName = (typeof EVENT)[keyof typeof EVENT]

/** A withdrawal's or a recharge's event: the record as its list shows it. */
export const RecordEvent = Type.Object({
  id: Type.Integer(), order_no: Type.String(), member_id: Type.Integer(), username: Type.String(),
  amount: Type.String(), status: Type.Integer(),
}, { additionalProperties: false })
export type RecordEvent = Static<typeof RecordEvent>

/** A settled real bet whose payout reached the finance setting big_win_amount. */
export const BigWinEvent = Type.Object({
  id: Type.Integer(), order_no: Type.String(), member_id: Type.Integer(), username: Type.String(),
  stake: Type.String(), payout: Type.String(), issue_no: Type.String(),
}, { additionalProperties: false })
export type BigWinEvent = Static<typeof BigWinEvent>

/** Work waiting, counted as 首页 counts it; null where the admin does not hold the list's menu. */
export type CountsEvent = HomeIndex['waiting']

export interface EventPayloads {
  'withdraw.created': RecordEvent
  'withdraw.decided': RecordEvent
  'recharge.created': RecordEvent
  'recharge.decided': RecordEvent
  'bet.big_win': BigWinEvent
  counts: CountsEvent
}

/** The resource an event is about: the part of its name before the dot. */
export type EventResource = 'withdraw' | 'recharge' | 'bet'

export const resourceOf = (name: string): EventResource | null => {
  const r = name.split('.')[0]
  return r === 'withdraw' || r === 'recharge' || r === 'bet' ? r : null
}

/** The list whose menu an admin must hold (with R) to receive a resource's events. */
export const EVENT_MENU: Record<EventResource, MenuPath> = {
  withdraw: MENU.withdraw,
  recharge: MENU.recharge,
  bet: MENU.bets,
}

/** A comment line is written this often, so proxies keep the stream open and a dead session is noticed. */
export const HEARTBEAT_MS = 15_000
