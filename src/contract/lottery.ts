// The lottery area's vocabulary shared by browser and server: play way codes with their labels, statuses, the answer
// shapes (each row a schema the endpoints declare, its type derived from it), and the provably-fair digit mapping
// (the browser's 验证 recomputes it).
import { Type, type Static } from '@sinclair/typebox'
import type { Labels } from './enums'
import type { Cursors, Paged } from './common'
import { Money, Nullable, TimeText } from './schema'

/** The fixed catalogue of winning rules; a play way's `code` is one of these. */
export const PLAYWAY_CODES = [
  'da', 'xiao', 'dan', 'shuang', 'dadan', 'dashuang', 'xiaodan', 'xiaoshuang', 'jida', 'jixiao', 'tema', 'duizi', 'shunzi', 'baozi',
] as const
export type PlaywayCode = (typeof PLAYWAY_CODES)[number]
export const PLAYWAY_CODE: Labels = {
  da: '大', xiao: '小', dan: '单', shuang: '双', dadan: '大单', dashuang: '大双', xiaodan: '小单', xiaoshuang: '小双',
  jida: '极大', jixiao: '极小', tema: '特码', duizi: '对子', shunzi: '顺子', baozi: '豹子',
}
/** 特码 bets name a sum, 0–27. */
export const TEMA_MAX = 27

export const DRAW_STATUS: Labels = { 1: '待开奖', 2: '已开奖', 3: '已结算', 4: '已取消' }
/** The specification's bet statuses, plus 4 for the bets of a cancelled draw (stake refunded). */
export const LOTTERY_BET_STATUS: Labels = { 1: '匹配成功', 2: '匹配失败', 3: '匹配中', 4: '已撤单' }
export const ROOM_STATUS: Labels = { 1: '开启', 0: '关闭' }
export const ENABLED: Labels = { 1: '启用', 0: '停用' }
/** Which draws the draw list shows: the default is every draw that has come due plus each room's next one. */
export const DRAW_SCOPE: Labels = { recent: '已到期与下一期', upcoming: '仅未来各期', all: '含未来各期' }

/** Room limits: interval 30–3600 seconds, betting closes `lock` seconds before the draw. */
export const ROOM_INTERVAL = { min: 30, max: 3600 } as const
/** Odds bounds (a decimal string with at most two places). */
export const RATE_BOUNDS = { min: '1.01', max: '1000.00' } as const

// ---- Provably fair draws -------------------------------------------------------------------------------------------
// seed: 32 random bytes drawn when the issue is created; seed_hash = hex(SHA-256(seed)) is published at once.
// At open time: stream = HMAC-SHA256(key = seed, message = issue_no) ‖ HMAC-SHA256(seed, issue_no + ":1") ‖ …
// Each byte b < 250 gives the digit b mod 10; bytes 250–255 are skipped (250 = 25 × 10, so every digit has exactly
// 25 of the 250 accepted values: no modulo bias). The first three digits are the result.

/** The HMAC message of round n (0 = the issue number itself). */
export const fairMessage = (issueNo: string, round: number): string => (round === 0 ? issueNo : `${issueNo}:${round}`)

/** Digits from a byte stream by rejection sampling; null when the stream ran out before `need` digits. */
export function digitsFromBytes(bytes: ArrayLike<number>, need = 3): number[] | null {
  const out: number[] = []
  for (let i = 0; i < bytes.length && out.length < need; i++) if (bytes[i] < 250) out.push(bytes[i] % 10)
  return out.length === need ? out : null
}

/** "3,5,8" → [3, 5, 8]; null unless exactly three digits 0–9. */
export function parseResult(text: string | null | undefined): [number, number, number] | null {
  const m = /^\s*(\d)\s*[,，\s]\s*(\d)\s*[,，\s]\s*(\d)\s*$/.exec(text ?? '') ?? /^\s*(\d)(\d)(\d)\s*$/.exec(text ?? '')
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null
}

export const hex = (bytes: ArrayLike<number>): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
export function fromHex(text: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(text.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(i * 2, i * 2 + 2), 16)
  return out
}

// ---- Shapes --------------------------------------------------------------------------------------------------------

const Str = Type.String()
const Int = Type.Integer()
const Strict = { additionalProperties: false } as const
/** Odds in an answer: a decimal string with two places ("1.98"). */
const Rate = Type.String({ pattern: '^\\d+\\.\\d{2}$' })
const Code = Type.Union(PLAYWAY_CODES.map((c) => Type.Literal(c)))

export const PlaygroupItem = Type.Object({ id: Int, name: Str, sort: Int, status: Int, remark: Str, playway_count: Int }, Strict)
export type Playgroup = Static<typeof PlaygroupItem>
export interface PlaygroupIndex extends Paged<Playgroup>, Cursors {}

export const PlaywayItem = Type.Object({
  id: Int, code: Code, name: Str, group_id: Nullable(Int), group_name: Str, rate: Rate, status: Int, sort: Int, remark: Str,
}, Strict)
export type Playway = Static<typeof PlaywayItem>
export interface PlaywayIndex extends Paged<Playway>, Cursors { codes: Labels }

export const RoomRateItem = Type.Object({ playway_id: Int, code: Code, name: Str, rate: Rate, default_rate: Rate }, Strict)
export type RoomRate = Static<typeof RoomRateItem>
/** Each listed room's effective odds, by room id. */
export const RoomRates = Type.Record(Type.String(), Type.Array(RoomRateItem))

export const RoomItem = Type.Object({
  id: Int, code: Str, name: Str, interval: Int, lock: Int, min_stake: Money, max_stake: Money, max_issue_stake: Money, max_payout_per_issue: Money,
  group_ids: Type.Array(Int), group_names: Type.Array(Str), status: Int, sort: Int, remark: Str,
  /** The issue now taking bets (or the next one once betting closed), null when none is scheduled. */
  current_issue: Nullable(Str), next_open_at: Nullable(TimeText), lock_at: Nullable(TimeText),
  last_issue: Nullable(Type.Object({ issue_no: Str, result: Str, tags: Type.Array(Str), is_manual: Type.Boolean() }, Strict)),
}, Strict)
export type Room = Static<typeof RoomItem>
export interface RoomIndex extends Paged<Room>, Cursors { rates: Record<string, RoomRate[]> }

export interface FlushAnswer {
  /** What this instance reloaded. */
  rooms: { id: number; product: string; name: string; status: 0 | 1; interval: number }[]
  rates: number
  issues_created: number
  /** Every running instance that reloaded (PostgreSQL: each answered the notification; PGlite: this one). */
  instances: { instance: string; reloaded_at: string; rooms: number; rates: number }[]
}

export const DrawItem = Type.Object({
  id: Int, room_id: Int, room_name: Str, issue_no: Str, open_at: TimeText, lock_at: TimeText, status: Int,
  /** "3,5,8", '' before the draw. */
  result: Str, sum: Nullable(Int), tags: Type.Array(Str), seed_hash: Str,
  /** Revealed once the issue is drawn; '' before. */
  seed: Str, is_manual: Type.Boolean(), remark: Str,
  bet_count: Int, bet_amount: Money, payout_amount: Money, settled_at: Nullable(TimeText),
}, Strict)
export type Draw = Static<typeof DrawItem>
export interface DrawIndex extends Paged<Draw>, Cursors {}
/** Sums per play way (特码 per number) of one draw's bets, real members only, and what a result would pay. */
export interface DrawLine {
  playway_id: number; code: PlaywayCode; name: string; number: number | null
  bet_count: number; stake: string; payout: string; would_pay?: string; wins?: boolean
}
export interface MoneyLine { money: 0 | 1 | 2; bet_count: number; stake: string; payout: string; would_pay?: string }
export interface DrawDetail extends Draw {
  lines: DrawLine[]
  by_money: MoneyLine[]
  verify: {
    method: string; seed: string; seed_hash: string; message: string; hmac: string; digits: number[] | null
    /** The digits the seed gives (may differ from `result` for a manual result). */
    computed: string
  } | null
  preview?: { result: string; sum: number; tags: string[]; payout: string; winners: number }
  cancel_preview?: {
    refund: string; reverse: string; bets: number
    /** Members whose balance cannot give back their payout (cancellation would be refused). */
    short: { member_id: number; username: string; need: string; balance: string }[]
  }
  manual: { admin: string; at: string | null } | null
}
/** A cancelled draw (edit with status 4): what went back to real members. */
export interface DrawEdit extends Draw { refunded?: string; reversed?: string; cancelled_bets?: number }

export const BetItem = Type.Object({
  id: Int, order_no: Str, member_id: Int, username: Str, is_virtual: Type.Boolean(), room_id: Int, room_name: Str,
  issue_id: Int, issue_no: Str,
  /** The draw's result was set by hand (人工开奖). */
  issue_manual: Type.Boolean(),
  playway_id: Int, playway_name: Str, content: Str,
  amount: Money, rate: Rate, payout: Money, win_loss: Money, status: Int, created_at: TimeText, settled_at: Nullable(TimeText),
}, Strict)
export type Bet = Static<typeof BetItem>
/** Sums over the filtered set; null when they could not be computed within the time budget. */
export const BetSums = { subscribe_money_stat: Nullable(Money), losing_wonning_stat: Nullable(Money) }
export interface BetIndex extends Paged<Bet>, Cursors { subscribe_money_stat: string | null; losing_wonning_stat: string | null }
