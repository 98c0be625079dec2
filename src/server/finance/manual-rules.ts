// Manual top-up (6, from the adjustments account), manual deduction (8, back to it) and gift money (7, from the
// promotions account): each writes its recharge record (source 1, 2 or 3, status 成功) and its transfer together,
// keyed by the request's idempotency key and the member, so a retry moves nothing twice. Gift money to many
// members runs each member in its own subtransaction: one member's failure leaves the others' gifts in place.
// A top-up or gift asks for turnover (打码量) under its order number: amount × its own multiple or the setting's.
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { AppError, conflict } from '../errors'
import { insufficient, transfer } from '../ledger/ledger'
import { KIND, MONEY, TRANSFER } from '../../contract/ledger'
import { centsText } from '../../contract/money'
import { MANUAL_SOURCE, type GiftResult } from '../../contract/finance'
import { ORDER_NO, realMember } from './common'
import { requireTurnover, TURNOVER } from '../risk/turnover'

export type ManualType = 6 | 7 | 8

const WORD: Record<ManualType, string> = { 6: 'manual-add', 7: 'gift', 8: 'manual-sub' }
const TITLE: Record<ManualType, string> = { 6: '人工加款', 7: '彩金', 8: '人工扣款' }

export interface Adjustment {
  type: ManualType
  /** Cents. */
  amount: number
  remark: string
  admin: string
  /** The admin's idempotency key of the request, scoped by the admin (a fresh one when the caller sent none). */
  key: string
  /** The turnover multiple of a top-up or gift (打码倍数); none = the finance setting of its type. */
  turnover_multiple?: string | null
  at?: Date
}

/** One member's adjustment: the record and the transfer, or (same key again) the first ones, unchanged. */
export async function adjustMember(db: Queryable, product: string, member: { id: number; username: string }, a: Adjustment): Promise<GiftResult> {
  const recordKey = `${WORD[a.type]}:${a.key}:${member.id}`
  const inserted = await one<{ id: number; order_no: string; amount: number }>(db,
    `with n as (select nextval('recharges_id_seq') as id)
     insert into recharges (id, product, order_no, member_id, amount, pay_method, source, status, remark, admin, idempotency_key, created_at, confirmed_at)
     select n.id, $1, ${ORDER_NO('R', 'n.id', '$8::timestamptz')}, $2, $3, 1, $4, 1, $5, $6, $7, coalesce($8, now()), coalesce($8, now()) from n
     on conflict (product, idempotency_key) where idempotency_key is not null do nothing
     returning id, order_no, amount`,
    [product, member.id, a.amount, MANUAL_SOURCE[a.type], a.remark, a.admin, recordKey, a.at ?? null])
  const record = inserted ?? (await one<{ id: number; order_no: string; amount: number }>(db,
    'select id, order_no, amount from recharges where product = $1 and idempotency_key = $2', [product, recordKey]))!
  if (!inserted && Number(record.amount) !== a.amount) throw conflict('该请求编号已用于另一笔不同的操作')
  const credit = a.type !== 8
  const house = a.type === 7 ? KIND.promotions : KIND.adjustments
  const member1 = { kind: KIND.available, owner: member.id }
  const moved = await transfer(db, {
    key: recordKey, product, money: MONEY.real, from: credit ? { kind: house } : member1, to: credit ? member1 : { kind: house },
    amount: a.amount, type: a.type === 6 ? TRANSFER.manualAdd : a.type === 7 ? TRANSFER.gift : TRANSFER.manualSub,
    ref: record.order_no, remark: a.remark, admin: a.admin, at: a.at,
  }).catch((e) => { throw insufficient(e, (left) => `扣款金额超过可用余额：${member.username} 可用余额 ${left} 元`) })
  if (credit) {
    await requireTurnover(db, product, {
      member_id: member.id, source: a.type === 7 ? TURNOVER.gift : TURNOVER.manual, ref: record.order_no, amount: a.amount, multiple: a.turnover_multiple, at: a.at,
    })
  }
  const before = credit ? moved.toBefore : moved.fromBefore
  const after = credit ? moved.toAfter : moved.fromAfter
  return {
    username: member.username, member_id: member.id, ok: true, msg: moved.replayed ? '已处理过（未重复入账）' : `${TITLE[a.type]}成功`,
    order_no: record.order_no, amount: centsText(a.amount),
    ...(before !== null && after !== null ? { before: centsText(before), after: centsText(after) } : {}),
  }
}

/** One member by id or username (a real member of the product); its errors are the request's. */
export async function adjustOne(db: Queryable, product: string, ref: { member_id?: number; username?: string }, a: Adjustment): Promise<GiftResult> {
  const m = await realMember(db, product, ref)
  return adjustMember(db, product, m, a)
}

/**
 * Gift money to many usernames: each member in its own subtransaction (a savepoint), so one failure (an unknown
 * name, a disabled account) costs only that member. Answers one result per requested username, in order.
 */
export async function giftMany(db: Queryable, product: string, usernames: string[], a: Adjustment): Promise<GiftResult[]> {
  const wanted = [...new Map(usernames.map((u) => [u.trim().toLowerCase(), u.trim()])).values()].filter(Boolean)
  const found = await many<{ id: number; username: string }>(db,
    'select id, username from members where product = $1 and kind = 0 and lower(username) = any($2::text[]) order by id',
    [product, wanted.map((u) => u.toLowerCase())])
  const byName = new Map(found.map((m) => [m.username.toLowerCase(), m]))
  const results: GiftResult[] = []
  for (const name of wanted) {
    const m = byName.get(name.toLowerCase())
    if (!m) { results.push({ username: name, member_id: null, ok: false, msg: '会员不存在' }); continue }
    await db.query('savepoint gift_member')
    try {
      results.push(await adjustMember(db, product, m, a))
      await db.query('release savepoint gift_member')
    } catch (e) {
      await db.query('rollback to savepoint gift_member')
      if (!(e instanceof AppError)) throw e
      results.push({ username: m.username, member_id: m.id, ok: false, msg: e.message })
    }
  }
  return results
}
