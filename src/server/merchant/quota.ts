// Merchant quota moves only through the ledger: 21 增加额度 from the platform quota account to the merchant's, 22 减少额度
// back; each leg on the merchant's quota account is its bill (额度记录) with before and after, never below zero.
import type { Queryable } from '../db/db'
import { one } from '../db/db'
import { badRequest, notFound } from '../errors'
import { insufficient, openAccounts, transfer, type Cents } from '../ledger/ledger'
import { KIND, MONEY, TRANSFER } from '../../contract/ledger'
import { exactCents } from '../../contract/money'

/** Opens the merchant's quota account (idempotent). */
export const openQuotaAccount = (db: Queryable, product: string, merchantId: number) =>
  openAccounts(db, product, MONEY.quota, merchantId, [KIND.quota])

export interface QuotaMove {
  merchant_id: number
  type: 21 | 22
  /** Cents. */
  amount: number
  remark: string
  admin: string
  /** Exactly-once key of the movement (from the request's idempotency key). */
  key: string
  at?: Date
}

/** The merchant's quota in cents, exact at any size. */
export async function quotaOf(db: Queryable, product: string, merchantId: number): Promise<Cents> {
  const r = await one<{ balance: number | bigint | string }>(db,
    'select balance from ledger_accounts where product = $1 and money = $2 and kind = $3 and owner_id = $4', [product, MONEY.quota, KIND.quota, merchantId])
  return exactCents(r?.balance ?? 0)
}

/** Adds (21) or reduces (22) a merchant's quota; a reduction beyond the quota is a 409 naming the current quota. */
export async function moveQuota(db: Queryable, product: string, q: QuotaMove): Promise<{ before: Cents; after: Cents; replayed: boolean }> {
  if (q.type !== 21 && q.type !== 22) throw badRequest('类型只能是 21 增加额度或 22 减少额度', 'type')
  const m = await one<{ id: number }>(db, 'select id from merchants where id = $1 and product = $2', [q.merchant_id, product])
  if (!m) throw notFound('商户不存在')
  await openQuotaAccount(db, product, m.id)
  const merchant = { kind: KIND.quota, owner: m.id }
  const platform = { kind: KIND.platformQuota }
  const r = await transfer(db, {
    key: `quota:${q.key}`, product, money: MONEY.quota, from: q.type === 21 ? platform : merchant, to: q.type === 21 ? merchant : platform,
    amount: q.amount, type: q.type === 21 ? TRANSFER.quotaAdd : TRANSFER.quotaReduce, remark: q.remark, admin: q.admin, at: q.at,
  }).catch((e) => { throw insufficient(e, (left) => `减少额度超过商户当前额度 ${left} 元`) })
  const before = (q.type === 21 ? r.toBefore : r.fromBefore) ?? 0
  const after = (q.type === 21 ? r.toAfter : r.fromAfter) ?? (await quotaOf(db, product, m.id))
  return { before, after, replayed: r.replayed }
}


