// Recharges: the member site's request (the simulator's path) and the operator's decision. Confirming credits the
// member from the cash-in account (type 2, or 12 for a digital-wallet deposit), raises total_recharge and the level,
// consumes a merchant's quota when paid through one, and asks for its turnover (打码量: amount × the finance setting
// turnover_multiple_recharge), all in the caller's transaction; failing moves nothing.
import type { Queryable } from '../db/db'
import { one } from '../db/db'
import { badRequest, conflict, notFound } from '../errors'
import { insufficient, transfer } from '../ledger/ledger'
import { upgradeLevel } from '../member/level'
import { readSettings } from '../settings/store'
import { KIND, MONEY, TRANSFER } from '../../contract/ledger'
import { centsText } from '../../contract/money'
import { MSG } from '../../contract/messages'
import { ORDER_NO, realMember } from './common'
import { requireTurnover, TURNOVER } from '../risk/turnover'

export interface RechargeRequest {
  member_id: number
  /** Cents. */
  amount: number
  /** 1 银联 (source 0) · 2 数字钱包 (source 4). */
  pay_method: 1 | 2
  merchant_id?: number | null
  payer?: string
  at?: Date
}

/** A member asks to recharge: a 待支付 record within the finance settings' bounds, through an active merchant if any. */
export async function requestRecharge(db: Queryable, product: string, r: RechargeRequest): Promise<{ id: number; order_no: string }> {
  const m = await realMember(db, product, { member_id: r.member_id })
  if (m.status !== 1) throw conflict('会员已禁用，不能充值')
  const s = await readSettings(db, product, ['recharge_min', 'recharge_max'])
  if (!Number.isSafeInteger(r.amount) || r.amount < s.cents('recharge_min')) throw badRequest(`单笔充值不能低于 ${centsText(s.cents('recharge_min'))} 元`, 'amount')
  if (r.amount > s.cents('recharge_max')) throw badRequest(`单笔充值不能高于 ${centsText(s.cents('recharge_max'))} 元`, 'amount')
  if (r.merchant_id) {
    const mc = await one<{ status: number }>(db, 'select status::int as status from merchants where id = $1 and product = $2', [r.merchant_id, product])
    if (!mc) throw badRequest('商户不存在', 'merchant_id')
    if (mc.status !== 1) throw conflict('商户已停用，不能接收新的充值')
  }
  const row = await one<{ id: number; order_no: string }>(db,
    `with n as (select nextval('recharges_id_seq') as id)
     insert into recharges (id, product, order_no, member_id, amount, pay_method, source, status, merchant_id, payer, created_at)
     select n.id, $1, ${ORDER_NO('R', 'n.id', '$8::timestamptz')}, $2, $3, $4, $5, 3, $6, $7, coalesce($8, now()) from n
     returning id, order_no`,
    [product, m.id, r.amount, r.pay_method, r.pay_method === 2 ? 4 : 0, r.merchant_id ?? null, r.payer ?? m.real_name, r.at ?? null])
  return { id: Number(row!.id), order_no: row!.order_no }
}

export interface Decision { status: 1 | 2; remark?: string; admin: string; at?: Date }

interface RechargeRow {
  id: number; order_no: string; member_id: number; amount: number; source: number; status: number; merchant_id: number | null; kind: number
}

/**
 * Decides a 待支付 recharge exactly once: the row moves 3 → 1 or 3 → 2 in one conditional UPDATE (a second or
 * racing decision finds nothing to update and answers 409 状态已变更).
 */
export async function decideRecharge(db: Queryable, product: string, id: number, d: Decision): Promise<RechargeRow> {
  const r = await one<RechargeRow>(db,
    `update recharges r set status = $3, admin = $4, remark = case when $5 <> '' then $5 else r.remark end,
            confirmed_at = coalesce($6::timestamptz, now())
       from members m
      where r.id = $1 and r.product = $2 and r.status = 3 and m.id = r.member_id
      returning r.id, r.order_no, r.member_id, r.amount, r.source, r.status, r.merchant_id, m.kind::int as kind`,
    [id, product, d.status, d.admin, (d.remark ?? '').trim(), d.at ?? null])
  if (!r) {
    if (!(await one(db, 'select 1 from recharges where id = $1 and product = $2', [id, product]))) throw notFound('充值记录不存在')
    throw conflict(MSG.stateChanged)
  }
  const amount = Number(r.amount)
  if (d.status !== 1) return r
  if (r.merchant_id) {
    await transfer(db, {
      key: `recharge:${r.id}:quota`, product, money: MONEY.quota, from: { kind: KIND.quota, owner: r.merchant_id },
      to: { kind: KIND.platformQuota }, amount, type: TRANSFER.quotaReduce, ref: r.order_no, remark: '充值消耗', admin: d.admin, at: d.at,
    }).catch((e) => { throw insufficient(e, (q) => `商户额度不足，当前额度 ${q} 元，本单需 ${centsText(amount)} 元`) })
  }
  await transfer(db, {
    key: `recharge:${r.id}:confirm`, product, money: r.kind as 0, from: { kind: KIND.cashIn },
    to: { kind: KIND.available, owner: r.member_id }, amount, type: r.source === 4 ? TRANSFER.walletRecharge : TRANSFER.recharge,
    ref: r.order_no, remark: (d.remark ?? '').trim() || '充值到账', admin: d.admin, at: d.at,
  })
  await db.query('update members set total_recharge = total_recharge + $2, updated_at = now() where id = $1', [r.member_id, amount])
  await upgradeLevel(db, r.member_id)
  await requireTurnover(db, product, { member_id: r.member_id, source: TURNOVER.recharge, ref: r.order_no, amount, at: d.at })
  return r
}
