// The lists of 产品管理员 declared for the list engine: the product's admins (12 a page, username contains), the roles
// a product admin may be given (platform roles first, then the product's) and the permissions of every screen outside
// the system area (by menu path, then C R U D).
import type { Filter, ListDef } from '../db/list'
import { TIME } from '../http/format'
import { PAGE_SIZES } from '../../contract/common'
import { MENU } from '../../contract/menus'
import type { Admin, Permission } from '../../contract/admin'
import { ADMIN_AREA, ADMIN_COLUMNS, assignable, withRoleIds } from './proadmin-store'

/** Case-insensitive "contains" on a text column; blank: no condition. */
const contains = (col: string): Filter<string> => (w, v) => {
  if (v.trim()) w.add(`strpos(lower(${col}), lower(?)) > 0`, v.trim())
}

export const ADMINS: ListDef<{ username?: string }, Admin> = {
  from: 'admins a', select: ADMIN_COLUMNS, id: 'a.id', table: 'admins', product: 'a.product', perPage: PAGE_SIZES.proadmin,
  filters: { username: contains('a.username') },
  rows: (rows) => rows.map(withRoleIds),
}

// Each role as seen from each product it may serve (its own, or every product for a platform role), so the caller's
// product is a column like any list's; `own` orders platform roles before the product's.
const ROLES_SEEN = `(select r.*, pr.code as seen_from, (r.product is not null)::int as own
  from roles r join products pr on r.product = pr.code or r.product is null) r`

export const ROLES: ListDef<{ name?: string }> = {
  from: ROLES_SEEN, id: 'r.id', product: 'r.seen_from', base: assignable('r.seen_from'),
  select: `r.id, r.name, r.remark, r.is_super,
    (select count(*)::int from admin_roles ar join admins a on a.id = ar.admin_id where ar.role_id = r.id and a.product = r.seen_from) as admin_count,
    ${TIME('r.created_at')} as created_at`,
  // The order key looked up by a cursor's id: one row per role.
  table: '(select id, (product is not null)::int as own from roles) k', order: { col: 'r.own', dir: 'asc', type: 'int' },
  filters: { name: (w, v) => { if (v.trim()) w.add('strpos(r.name, ?) > 0', v.trim()) } },
}

// The grantable permissions with their place in the order (menu path, then C R U D) as a column a cursor can key on.
const GRANTABLE = `(select p.id, p.menu_id, m.label as menu_label, m.web_uri as menu_path, p.key, p.name, p.api_paths,
    rank() over (order by m.web_uri, array_position(array['C','R','U','D'], p.key::text)) as pos
  from permissions p join menus m on m.id = p.menu_id
  where m.web_uri is not null and not ${ADMIN_AREA} and m.web_uri <> '${MENU.proadmin}') g`

export const PERMISSIONS: ListDef<object, Permission> = {
  from: GRANTABLE, table: GRANTABLE, id: 'g.id', order: { col: 'g.pos', dir: 'asc', type: 'bigint' },
  select: 'g.id, g.menu_id, g.menu_label, g.menu_path, g.key, g.name, g.api_paths',
}
