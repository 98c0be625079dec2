// What the finance rules share: the paying member, order numbers, the product's clock (days and hours in its time
// zone), the level's fee in integer arithmetic, the filters recharges and withdrawals share and the caller's hold on a
// second menu.
import type { Queryable } from '../db/db'
import { one } from '../db/db'
import { badRequest, forbidden, notFound } from '../errors'
import { PRODUCT_TZ } from '../http/format'
import { by } from '../db/list'
import type { Caller } from '../rbac/access'
import { toCents } from '../../contract/money'
import { cents } from '../member/fields'
import { PRODUCT_OFFSET_MINUTES } from '../db/constants'

export interface Payer { id: number; username: string; kind: number; status: number; level_id: number | null; real_name: string }

/** A real member (kind 0) of the product by id or username; 404 when there is none. */
export async function realMember(db: Queryable, product: string, ref: { member_id?: number; username?: string }, lock = false): Promise<Payer> {
  const m = await one<Payer>(db,
    `select id, username, kind::int as kind, status::int as status, level_id, real_name from members
      where product = $1 and kind = 0 and (($2::int is not null and id = $2) or ($2::int is null and lower(username) = lower($3)))
      ${lock ? 'for update' : ''}`,
    [product, ref.member_id ?? null, ref.username?.trim() ?? ''])
  if (!m) throw notFound('会员不存在')
  return m
}

/** SQL: an order number, `R` / `W` + the day in the product's time zone + the row id (unique because the id is). */
export const ORDER_NO = (prefix: 'R' | 'W', id: string, at: string) =>
  `'${prefix}' || to_char(coalesce(${at}, now()) at time zone '${PRODUCT_TZ}', 'YYYYMMDD') || lpad(${id}::text, 8, '0')`

/** Minutes since midnight in the product's time zone (UTC+8, no daylight saving). */
export function minuteOfDay(at: Date): number {
  return (at.getUTCHours() * 60 + at.getUTCMinutes() + PRODUCT_OFFSET_MINUTES) % 1440
}

/** Whether `at` falls in a `HH:mm-HH:mm` range (both ends included, to the minute). */
export function withinHours(range: string, at: Date): boolean {
  const m = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(range.trim())
  if (!m) return true
  const now = minuteOfDay(at)
  return now >= Number(m[1]) * 60 + Number(m[2]) && now <= Number(m[3]) * 60 + Number(m[4])
}

/** The fee of `amount` cents at a percent rate ("0.80"), rounded half-up to the cent, in integer arithmetic. */
export function feeOf(amount: number, ratePercent: string): number {
  const bp = toCents(ratePercent)
  if (bp === null || bp <= 0) return 0
  return Number((BigInt(amount) * BigInt(bp) + 5000n) / 10000n)
}

/** An amount as the console sends it, in cents: > 0 and at most MAX_CENTS (999999999.99); a 400 naming the field otherwise. */
export function amountCents(v: string | number, field = 'amount', title = '金额'): number {
  return cents(v, field, title)
}

/** A required remark: blank after trimming is a 400. */
export function requiredRemark(v: string | undefined, what = '备注'): string {
  const r = (v ?? '').trim()
  if (!r) throw badRequest(`请填写${what}`, 'remark')
  return r
}

/** Whether the caller holds `action` on another menu than the route's (super admins hold everything). */
export async function assertMenu(db: Queryable, caller: Caller, menu: string, action: string): Promise<void> {
  if (caller.isSuper) return
  const r = await one(db,
    `select 1 from admin_roles ar join role_permissions rp on rp.role_id = ar.role_id join permissions p on p.id = rp.permission_id
       join menus m on m.id = p.menu_id where ar.admin_id = $1 and m.web_uri = $2 and p.key = $3 limit 1`, [caller.adminId, menu, action])
  if (!r) throw forbidden()
}

/** How the filters recharges and withdrawals share (RecordQuery) narrow a list whose table is aliased `a`. */
export const RECORD_FILTERS = (a: string) => ({
  order_no: by.text(`${a}.order_no`),
  username: by.member(`${a}.member_id`),
  member_id: `${a}.member_id`,
  status: by.held(`${a}.status`),
  pay_method: `${a}.pay_method`,
  amount_min: by.cents(`${a}.amount`, '>=', 'amount_min', '最低金额'),
  amount_max: by.cents(`${a}.amount`, '<=', 'amount_max', '最高金额'),
})
