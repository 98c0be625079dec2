// Work waiting, as 首页 and the live events' `counts` show it: withdrawals 审核中 (not yet first-approved) and 待复核
// (first-approved, awaiting the second admin), recharges 待支付; each part only for an admin holding its list's menu.
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import type { Caller } from '../rbac/access'
import { moneyStat, statusSums, WHAT } from '../finance/totals'
import { MENU } from '../../contract/menus'
import type { CountsEvent } from '../../contract/events'

/** The menus among `paths` the admin holds with action R (super admins hold all). */
export async function heldReads(db: Queryable, caller: Pick<Caller, 'adminId' | 'isSuper'>, paths: string[]): Promise<Set<string>> {
  if (caller.isSuper) return new Set(paths)
  const rows = await many<{ web_uri: string }>(db,
    `select distinct m.web_uri from admin_roles ar join role_permissions rp on rp.role_id = ar.role_id
       join permissions p on p.id = rp.permission_id join menus m on m.id = p.menu_id
      where ar.admin_id = $1 and p.key = 'R' and m.web_uri = any($2::text[])`, [caller.adminId, paths])
  return new Set(rows.map((r) => r.web_uri))
}

/** The product's waiting counts, each counted only when `may` holds its menu (null otherwise). */
export async function waitingCounts(db: Queryable, product: string, may: ReadonlySet<string>): Promise<CountsEvent> {
  const waiting: CountsEvent = { withdraw_pending: null, withdraw_second: null, recharge_pending: null }
  if (may.has(MENU.withdraw)) {
    const [sums, second] = await Promise.all([statusSums(db, product, WHAT.withdraw),
      one<{ n: number }>(db, `select count(*)::int as n from withdrawals where product = $1 and status = 3 and first_review_admin <> ''`, [product])])
    waiting.withdraw_second = second!.n
    waiting.withdraw_pending = moneyStat(sums, 3).n - second!.n
  }
  if (may.has(MENU.recharge)) waiting.recharge_pending = moneyStat(await statusSums(db, product, WHAT.recharge), 3).n
  return waiting
}
