// Answer shapes of the merchant menu: merchants with their quota account, the quota bills (额度记录) and the agents
// (代理列表). The quota is the quota account's balance; it moves only through the ledger (21 增加额度 / 22 减少额度).
// Each row is a schema (the endpoints declare their answers with it) and its type is derived from it.
import { Type, type Static } from '@sinclair/typebox'
import type { Labels } from './enums'
import type { Cursors, Paged } from './common'
import { Money, TimeText } from './schema'

export const MERCHANT_STATUS: Labels = { 1: '启用', 0: '停用' }

const Str = Type.String()
const Int = Type.Integer()

export const MerchantItem = Type.Object({
  id: Int, code: Str, name: Str, contact: Str, phone: Str, status: Int,
  /** The quota account's balance. */
  quota: Money,
  remark: Str, created_at: TimeText, bill_count: Int,
}, { additionalProperties: false })
export type Merchant = Static<typeof MerchantItem>
export interface MerchantIndex extends Paged<Merchant>, Cursors { quota_stat: { quota: string } | null }
/** addQuota answers the merchant with its quota before and after the movement. */
export interface QuotaAnswer extends Merchant { quota_before: string; quota_after: string }

export const BillItem = Type.Object({
  id: Int, merchant_id: Int, merchant_name: Str, type: Int, amount: Money, before: Money, after: Money,
  ref: Str, remark: Str, admin: Str, created_at: TimeText,
}, { additionalProperties: false })
type Bill = Static<typeof BillItem>
export interface BillIndex extends Paged<Bill>, Cursors {
  money_stat: { add: string; reduce: string } | null
  types: Labels
}

/** An agent with its team (itself and everyone below it) and the team's money over the statistics range. */
export const AgentItem = Type.Object({
  id: Int, username: Str, nickname: Str, level_name: Str, rebate_rate: Str, status: Int, remark: Str,
  direct_count: Int, team_count: Int, team_recharge: Money, team_withdraw: Money, team_bet: Money, team_win_loss: Money,
}, { additionalProperties: false })
type Agent = Static<typeof AgentItem>
/** The statistics range as bound (ISO times with the product's offset); an open side is null. */
export interface StatRange { from: string | null; to: string | null }
export interface AgentIndex extends Paged<Agent>, Cursors { range: StatRange }
/** What an agent edit changes, as it is afterwards. */
export interface AgentEdit { id: number; username: string; rebate_rate: string; status: number; remark: string }
