// Shapes of the member area (and the agents): members, levels, virtual accounts, bank cards, digital wallets and
// agents. A list's row is declared once as a schema (its answer is checked against it) and its type derived from it.
// Money is a decimal string with two places.
import { Type, type Static } from '@sinclair/typebox'
import type { Labels } from './enums'
import type { Cursors, Paged } from './common'
import { Money, Nullable, TimeText } from './schema'
import { MemberTagItem, type Note } from './risk'

/** URL prefixes still used by other areas' screens (the member area itself calls its endpoints, contract/api/member.ts). */
export const MEMBER_STATUS: Labels = { 1: '正常', 0: '禁用' }
export const CARD_STATUS: Labels = { 1: '正常', 0: '禁用' }
export const WALLET_CHAIN: Labels = { TRC20: 'TRC20', ERC20: 'ERC20' }
export const YES_NO: Labels = { 1: '是', 0: '否' }

const Int = Type.Integer()
const Str = Type.String()
const Status = Type.Union([Type.Literal(0), Type.Literal(1)])
const closed = { additionalProperties: false }

/**
 * A real member as the list shows it; the phone is masked (138****5678) everywhere but show. Its risk level is the
 * highest of its tags'; withdraw_blocked: its withdrawals are frozen (a rejection with freeze).
 */
export const MemberItem = Type.Object({
  id: Int, username: Str, nickname: Str, real_name: Str, phone: Str,
  level_id: Nullable(Int), level_name: Str, agent_id: Nullable(Int), agent_name: Str, is_agent: Type.Boolean(),
  rebate_rate: Str, invite_code: Str, status: Status,
  balance: Money, frozen: Money, interest_balance: Money, total_recharge: Money, total_withdraw: Money,
  register_ip: Str, last_login_ip: Str, last_login_time: Nullable(TimeText), remark: Str, avatar: Str, created_at: TimeText,
  risk_level: Int, tags: Type.Array(MemberTagItem), withdraw_blocked: Type.Boolean(),
  /** Its 限红 tier (stake per bet and per issue), if any. */
  limit_id: Nullable(Int), limit_name: Str,
}, closed)
export type Member = Static<typeof MemberItem>

export const BalanceStatSchema = Type.Object({ balance: Money, frozen: Money, interest_balance: Money }, closed)
export type BalanceStat = Static<typeof BalanceStatSchema>
export interface MemberIndex extends Paged<Member>, Cursors { balance_stat: BalanceStat | null; img_url: string }

interface MemberSummary {
  card_count: number; wallet_count: number; recharge_count: number; recharge_total: string
  withdraw_count: number; withdraw_total: string; bet_count: number; bet_total: string; payout_total: string; win_loss: string
}
/** One line of a member's 账变 as the drawer shows it. */
interface RecentChange { id: number; type: number; amount: string; before: string; after: string; ref: string; remark: string; created_at: string }
/** One member in the drawer: also its registration device and its 5 newest notes. */
export interface MemberDetail extends Member { register_device: string; notes: Note[]; summary: MemberSummary; recent_changes: RecentChange[] }
export interface MemberSuggestion { id: number; username: string; nickname: string; real_name: string; balance: string; status: 0 | 1 }

export const LevelItem = Type.Object({
  id: Int, name: Str, level: Int, upgrade_recharge: Money, withdraw_times_daily: Int,
  withdraw_max_daily: Money, withdraw_fee_rate: Str, remark: Str, member_count: Int,
}, closed)
export type Level = Static<typeof LevelItem>

/** A virtual account (虚拟账号, the URL's tuohao): always labelled virtual. */
export const VirtualItem = Type.Object({
  id: Int, username: Str, nickname: Str, avatar: Str, level_id: Nullable(Int), level_name: Str,
  status: Status, balance: Money, remark: Str, created_at: TimeText, is_virtual: Type.Literal(true),
}, closed)
export type VirtualAccount = Static<typeof VirtualItem>
export interface VirtualIndex extends Paged<VirtualAccount>, Cursors { balance_stat: { balance: string } | null; img_url: string }

/** A bound bank card; the number is masked (6222 **** **** 1234) everywhere but show. */
export const CardItem = Type.Object({
  id: Int, member_id: Int, username: Str, holder: Str, bank_name: Str, branch: Str,
  card_no: Str, status: Status, is_default: Type.Boolean(), created_at: TimeText,
}, closed)
export type Card = Static<typeof CardItem>

/** A bound wallet; the address is shortened (TXYZab…wxyz) everywhere but show. */
export const WalletItem = Type.Object({
  id: Int, member_id: Int, username: Str, chain: Type.Union([Type.Literal('TRC20'), Type.Literal('ERC20')]),
  address: Str, label: Str, status: Status, is_default: Type.Boolean(), created_at: TimeText,
}, closed)
export type Wallet = Static<typeof WalletItem>

/** One line of the ledger reconciliation (账务核对). */
export interface LedgerCheckLine { name: string; ok: boolean; checked: number; detail: string }
export interface LedgerCheck { ok: boolean; lines: LedgerCheckLine[]; ms: number }
