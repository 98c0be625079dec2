// Request and response shapes of the member area (and the agents): members, levels, virtual accounts,
// bank cards, digital wallets and agents. Money is a decimal string with two places.
import type { Labels } from './enums'
import type { Cursors, Paged } from './common'

export const MEMBER_API = {
  member: '/api/member', level: '/api/level', tuohao: '/api/tuohao', card: '/api/card', wallet: '/api/wallet', agent: '/api/agent',
  ledgerCheck: '/api/ledger/check',
} as const

export const MEMBER_STATUS: Labels = { 1: '正常', 0: '禁用' }
export const MEMBER_KIND: Labels = { 0: '会员', 1: '虚拟', 2: '试玩' }
export const CARD_STATUS: Labels = { 1: '正常', 0: '禁用' }
export const WALLET_CHAIN: Labels = { TRC20: 'TRC20', ERC20: 'ERC20' }
export const YES_NO: Labels = { 1: '是', 0: '否' }


export interface Member {
  id: number; username: string; nickname: string; real_name: string
  /** Masked (138****5678) everywhere but show. */
  phone: string
  level_id: number | null; level_name: string; agent_id: number | null; agent_name: string; is_agent: boolean
  rebate_rate: string; invite_code: string; status: 0 | 1
  balance: string; frozen: string; interest_balance: string; total_recharge: string; total_withdraw: string
  register_ip: string; last_login_ip: string; last_login_time: string | null; remark: string; avatar: string; created_at: string
}
export interface BalanceStat { balance: string; frozen: string; interest_balance: string }
export interface MemberIndex extends Paged<Member>, Cursors { balance_stat: BalanceStat | null; img_url: string }
export interface MemberQuery {
  page?: number; per_page?: number; after?: number; before?: number
  id?: number; username?: string; real_name?: string; phone?: string; level_id?: number; agent_id?: number
  is_agent?: 0 | 1; status?: 0 | 1; start_time?: string; end_time?: string; balance_min?: string; balance_max?: string
}
/** password and fund_password: RSA ciphertext like login; blank on edit keeps them. */
export interface MemberInput {
  username: string; password?: string; fund_password?: string; nickname?: string; real_name?: string; phone?: string
  level_id?: number | null; agent_id?: number | null; status: 0 | 1; remark?: string
}
export interface MemberEdit extends MemberInput { id: number; is_agent?: boolean }
export interface MemberSummary {
  card_count: number; wallet_count: number; recharge_count: number; recharge_total: string
  withdraw_count: number; withdraw_total: string; bet_count: number; bet_total: string; payout_total: string; win_loss: string
}
/** One line of a member's 账变 as the drawer shows it. */
export interface RecentChange { id: number; type: number; amount: string; before: string; after: string; ref: string; remark: string; created_at: string }
export interface MemberDetail extends Member { summary: MemberSummary; recent_changes: RecentChange[] }
export interface MemberSuggestion { id: number; username: string; nickname: string; real_name: string; balance: string; status: 0 | 1 }

export interface Level {
  id: number; name: string; level: number; upgrade_recharge: string; withdraw_times_daily: number
  withdraw_max_daily: string; withdraw_fee_rate: string; remark: string; member_count: number
}

export interface Tuohao {
  id: number; username: string; nickname: string; avatar: string; level_id: number | null; level_name: string
  status: 0 | 1; balance: string; remark: string; created_at: string; is_virtual: true
}
export interface TuohaoIndex extends Paged<Tuohao> { balance_stat: { balance: string }; img_url: string }

export interface Card {
  id: number; member_id: number; username: string; holder: string; bank_name: string; branch: string
  /** Masked (6222 **** **** 1234) everywhere but show. */
  card_no: string; status: 0 | 1; is_default: boolean; created_at: string
}
export interface Wallet {
  id: number; member_id: number; username: string; chain: 'TRC20' | 'ERC20'
  /** Shortened (TXYZ…abcd) everywhere but show. */
  address: string; label: string; status: 0 | 1; is_default: boolean; created_at: string
}

export interface Agent {
  id: number; username: string; nickname: string; level_name: string; rebate_rate: string; status: 0 | 1; remark: string
  direct_count: number; team_count: number
  team_recharge: string; team_withdraw: string; team_bet: string; team_win_loss: string
}

/** One line of the ledger reconciliation (账务核对). */
export interface LedgerCheckLine { name: string; ok: boolean; checked: number; detail: string }
export interface LedgerCheck { ok: boolean; lines: LedgerCheckLine[]; ms: number }
