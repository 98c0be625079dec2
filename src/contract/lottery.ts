// The lottery area's vocabulary shared by browser and server: play way codes with their
// labels, statuses, the API shapes, and the provably-fair digit mapping (the browser's 验证 recomputes it).
import type { Labels } from './enums'
import type { Paged } from './common'

export const LOTTERY_API = {
  playway: '/api/playway', playgroup: '/api/playgroup', room: '/api/room', issue: '/api/issue', order: '/api/order',
} as const

export const LOTTERY_PATHS = {
  room: '/layout/lottery/traderoom', playway: '/layout/lottery/playway', playgroup: '/layout/lottery/playgroup',
  bets: '/layout/lottery/index', demo: '/layout/lottery/demo', record: '/layout/lottery/record',
} as const

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

export const ISSUE_STATUS: Labels = { 1: '待开奖', 2: '已开奖', 3: '已结算', 4: '已取消' }
/** The specification's bet statuses, plus 4 for the bets of a cancelled draw (stake refunded). */
export const LOTTERY_BET_STATUS: Labels = { 1: '匹配成功', 2: '匹配失败', 3: '匹配中', 4: '已撤单' }
export const ROOM_STATUS: Labels = { 1: '开启', 0: '关闭' }
export const ENABLED: Labels = { 1: '启用', 0: '停用' }
/** Which draws the draw list shows: the default is every draw that has come due plus each room's next one. */
export const ISSUE_SCOPE: Labels = { recent: '已到期与下一期', upcoming: '仅未来各期', all: '含未来各期' }

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

export interface Playgroup { id: number; name: string; sort: number; status: 0 | 1; remark: string; playway_count: number }
export interface Playway {
  id: number; code: PlaywayCode; name: string; group_id: number | null; group_name: string; rate: string
  status: 0 | 1; sort: number; remark: string
}
export interface RoomRate { playway_id: number; code: PlaywayCode; name: string; rate: string; default_rate: string }
export interface Room {
  id: number; code: string; name: string; interval: number; lock: number
  min_stake: string; max_stake: string; max_issue_stake: string; group_ids: number[]; group_names: string[]
  status: 0 | 1; sort: number; remark: string
  /** The issue now taking bets (or the next one once betting closed), null when none is scheduled. */
  current_issue: string | null; next_open_at: string | null; lock_at: string | null
  last_issue: { issue_no: string; result: string; tags: string[]; is_manual: boolean } | null
}
export interface RoomIndex extends Paged<Room> { rates: Record<string, RoomRate[]> }
export interface FlushAnswer {
  /** What this instance reloaded. */
  rooms: { id: number; product: string; name: string; status: 0 | 1; interval: number }[]
  rates: number
  issues_created: number
  /** Every running instance that reloaded (PostgreSQL: each answered the notification; PGlite: this one). */
  instances: { instance: string; reloaded_at: string; rooms: number; rates: number }[]
}

export interface Issue {
  id: number; room_id: number; room_name: string; issue_no: string; open_at: string; lock_at: string; status: 1 | 2 | 3 | 4
  /** "3,5,8", '' before the draw. */
  result: string; sum: number | null; tags: string[]; seed_hash: string
  /** Revealed once the issue is drawn; '' before. */
  seed: string; is_manual: boolean; remark: string
  bet_count: number; bet_amount: string; payout_amount: string; settled_at: string | null
}
export interface IssueIndex extends Paged<Issue> { cursor_next: string | null; cursor_prev: string | null }
/** Sums per play way (特码 per number) of one issue's bets, real members only, and what a result would pay. */
export interface IssueLine {
  playway_id: number; code: PlaywayCode; name: string; number: number | null
  bet_count: number; stake: string; payout: string; would_pay?: string; wins?: boolean
}
export interface MoneyLine { money: 0 | 1 | 2; bet_count: number; stake: string; payout: string; would_pay?: string }
export interface IssueDetail extends Issue {
  lines: IssueLine[]
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

export interface Bet {
  id: number; order_no: string; member_id: number; username: string; is_virtual: boolean; room_id: number; room_name: string
  issue_id: number; issue_no: string
  /** The draw's result was set by hand (人工开奖). */
  issue_manual: boolean
  playway_id: number; playway_name: string; content: string
  amount: string; rate: string; payout: string; win_loss: string; status: 1 | 2 | 3 | 4; created_at: string; settled_at: string | null
}
export interface BetIndex extends Paged<Bet> {
  cursor_next: number | null; cursor_prev: number | null
  /** Sums over the filtered set; null when they could not be computed within the time budget. */
  subscribe_money_stat: string | null
  losing_wonning_stat: string | null
}
