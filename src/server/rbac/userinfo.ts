// What the console needs about the logged-in admin: roles, menu_list, the sidebar tree and held permissions.
import type { UserInfo } from '../../contract/common'
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { buildTree, type MenuRow } from './menu-tree'
import type { Caller } from './access'
import { heldMenuIds, heldPermissions } from './holds'
import { SUPER_PAGES } from '../../contract/menus'

export async function userInfo(db: Queryable, caller: Caller): Promise<UserInfo> {
  const admin = await one<{ google_enabled: boolean }>(db, 'select google_enabled from admins where id = $1', [caller.adminId])
  const roles = await many<{ id: number; name: string }>(db,
    'select r.id, r.name from roles r join admin_roles ar on ar.role_id = r.id where ar.admin_id = $1 order by r.id', [caller.adminId])
  // Held menus plus their ancestors (a directory is shown when one of its pages is held).
  const menus = await many<MenuRow>(db, caller.isSuper
    ? 'select id, parent_id, label, web_uri, hidden, sort from menus'
    : `select id, parent_id, label, web_uri, hidden, sort from menus where id in ${heldMenuIds('$1')}`,
  caller.isSuper ? [] : [caller.adminId])
  const permissions = caller.isSuper ? ['*'] : (await many<{ p: string }>(db,
    `select distinct h.web_uri || ':' || h.key as p from ${heldPermissions('$1')} h order by 1`, [caller.adminId])).map((r) => r.p)
  return {
    id: caller.adminId,
    username: caller.username,
    nickname: caller.nickname,
    product: caller.product,
    pinned_product: caller.pinned,
    roles,
    // A super admin's own pages are in no menu row (no role can hold them): his menu_list names them.
    menu_list: [...menus.filter((m) => m.web_uri).map((m) => m.web_uri!), ...(caller.isSuper ? SUPER_PAGES.map((p) => p.path!) : [])].sort(),
    menus: buildTree(menus),
    permissions,
    google_auth: admin?.google_enabled ?? false,
  }
}
