// Request and response shapes of the merchants: merchants with their quota account and the quota bills
// (额度记录). The quota is the quota account's balance; it moves only through the ledger (21 增加额度 / 22 减少额度).
import type { Labels } from './enums'
import type { Cursors, Paged } from './common'

export const MERCHANT_API = { merchant: '/api/merchant', merchantbill: '/api/merchantbill' } as const
export const MERCHANT_PATHS = { merchants: '/layout/merchant/merchants', bills: '/layout/merchant/amountrecord' } as const

export const MERCHANT_STATUS: Labels = { 1: '启用', 0: '停用' }

export interface Merchant {
  id: number; code: string; name: string; contact: string; phone: string; status: 0 | 1
  /** The quota account's balance. */
  quota: string
  remark: string; created_at: string
  bill_count: number
}
export interface MerchantIndex extends Paged<Merchant> { quota_stat: { quota: string } }
/** create/edit never carry the quota: it moves only through addQuota. */
export interface MerchantInput { code: string; name: string; contact?: string; phone?: string; status: 0 | 1; remark?: string }
export interface MerchantEdit extends MerchantInput { id: number }
/** POST /api/merchant/addQuota: 21 moves quota from the platform to the merchant, 22 back. */
export interface QuotaInput { merchant_id: number; type: 21 | 22; amount: string; remark: string }

export interface MerchantBill {
  id: number; merchant_id: number; merchant_name: string; type: 21 | 22; amount: string; before: string; after: string
  ref: string; remark: string; admin: string; created_at: string
}
export interface MerchantBillIndex extends Paged<MerchantBill>, Cursors {
  money_stat: { add: string; reduce: string } | null
  types: Labels
}
