// Merchants' rows: their columns with each quota (its quota account's balance), one merchant, create and edit (code
// unique per product regardless of case; the quota is never a field), delete only without quota, bills or recharges.
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { conflict, notFound } from '../errors'
import { TIME } from '../http/format'
import { KIND, MONEY } from '../../contract/ledger'
import type { Merchant } from '../../contract/merchant'
import type { InputOf } from '../../contract/endpoint'
import type { merchant } from '../../contract/api/merchant'
import { openQuotaAccount } from './quota'

/** A merchant as create takes it (edit adds its id). */
export type MerchantInput = InputOf<typeof merchant.create>

/** A merchant's columns as answered, over MERCHANT_FROM. */
export const MERCHANT_COLS = `mc.id, mc.code, mc.name, mc.contact, mc.phone, mc.status::int as status, cents_text(coalesce(a.balance, 0)) as quota,
  mc.remark, ${TIME('mc.created_at')} as created_at,
  (select count(*)::int from merchant_bills b where b.merchant_id = mc.id) as bill_count`
export const MERCHANT_FROM = `merchants mc left join ledger_accounts a
  on a.product = mc.product and a.money = ${MONEY.quota} and a.kind = ${KIND.quota} and a.owner_id = mc.id`

export async function merchantById(db: Queryable, product: string, id: number, lock = false): Promise<Merchant> {
  const m = await one<Merchant>(db, `select ${MERCHANT_COLS} from ${MERCHANT_FROM} where mc.id = $1 and mc.product = $2`, [id, product])
  if (!m) throw notFound('商户不存在')
  if (lock) await db.query('select 1 from merchants where id = $1 for update', [id])
  return m
}

async function codeTaken(db: Queryable, product: string, code: string, exceptId = 0): Promise<void> {
  if (await one(db, 'select 1 from merchants where product = $1 and lower(code) = lower($2) and id <> $3', [product, code, exceptId])) {
    throw conflict(`商户编码 ${code} 已存在`)
  }
}

const clean = (b: MerchantInput) => [b.code.trim(), b.name.trim(), (b.contact ?? '').trim(), (b.phone ?? '').trim(), b.status, (b.remark ?? '').trim()]

export async function createMerchant(db: Queryable, product: string, b: MerchantInput): Promise<Merchant> {
  await codeTaken(db, product, b.code.trim())
  const r = await one<{ id: number }>(db,
    `insert into merchants (product, code, name, contact, phone, status, remark) values ($1, $2, $3, $4, $5, $6, $7)
     on conflict do nothing returning id`, [product, ...clean(b)])
  if (!r) throw conflict(`商户编码 ${b.code.trim()} 已存在`)
  await openQuotaAccount(db, product, r.id)
  return merchantById(db, product, r.id)
}

export async function editMerchant(db: Queryable, product: string, id: number, b: MerchantInput): Promise<{ before: Merchant; after: Merchant }> {
  const before = await merchantById(db, product, id, true)
  await codeTaken(db, product, b.code.trim(), id)
  await db.query(`update merchants set code = $2, name = $3, contact = $4, phone = $5, status = $6, remark = $7, updated_at = now() where id = $1`,
    [id, ...clean(b)])
  return { before, after: await merchantById(db, product, id) }
}

/** Deletes merchants that never held quota: none with quota, bills or recharges (those are stopped instead). */
export async function deleteMerchants(db: Queryable, product: string, ids: number[]): Promise<Merchant[]> {
  const rows = await many<Merchant & { busy: boolean }>(db,
    `select ${MERCHANT_COLS}, (coalesce(a.balance, 0) <> 0 or exists (select 1 from merchant_bills b where b.merchant_id = mc.id)
       or exists (select 1 from recharges r where r.merchant_id = mc.id)) as busy
       from ${MERCHANT_FROM} where mc.id = any($1::int[]) and mc.product = $2 order by mc.id for update of mc`, [ids, product])
  if (rows.length !== ids.length) throw notFound('商户不存在')
  const busy = rows.filter((r) => r.busy)
  if (busy.length) throw conflict(`${busy.map((m) => m.name).join('、')} 有额度、额度记录或充值记录，不能删除，请改为停用`)
  await db.query(`delete from ledger_accounts where product = $1 and money = ${MONEY.quota} and kind = ${KIND.quota} and owner_id = any($2::int[])`, [product, ids])
  await db.query('delete from merchants where id = any($1::int[])', [ids])
  return rows.map(({ busy: _, ...m }) => m)
}
