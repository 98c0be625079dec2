// Permissions (platform-global): one row per page menu and action key C/R/U/D with the API paths it covers.
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { badRequest, conflict, notFound } from '../errors'
import type { ActionKey } from '../../contract/enums'
import type { Permission } from '../../contract/admin'
import { uniq } from './sysrole-store'

const COLS = `p.id, p.menu_id, m.label as menu_label, m.web_uri as menu_path, p.key, p.name, p.api_paths`
const FROM = 'from permissions p join menus m on m.id = p.menu_id'

/** The columns a permission is answered with. */
export const PERMISSION_COLS = 'p.id, p.menu_id, p.menu_label, p.menu_path, p.key, p.name, p.api_paths'
/**
 * Every permission with its menu and its place in the list: by menu path, then C, R, U, D, then id. The place is one
 * number (`place`), so the list pages by (place, id); it is computed over the whole (small) table, the same for every
 * page and filter.
 */
export const PERMISSIONS_RANKED = `(select ${COLS},
    dense_rank() over (order by m.web_uri) * 10 + position(p.key in 'CRUD') as place ${FROM}) p`

async function getPermission(db: Queryable, id: number): Promise<Permission> {
  const p = await one<Permission>(db, `select ${COLS} ${FROM} where p.id = $1`, [id])
  if (!p) throw notFound('权限不存在')
  return p
}

async function checkMenu(db: Queryable, menuId: number): Promise<void> {
  const m = await one<{ web_uri: string | null }>(db, 'select web_uri from menus where id = $1', [menuId])
  if (!m) throw notFound('菜单不存在')
  if (!m.web_uri) throw badRequest('只能为页面菜单设置权限（目录没有路径）', 'menu_id')
}

async function checkUnique(db: Queryable, menuId: number, key: string, exceptId: number | null): Promise<void> {
  if (await one(db, 'select 1 from permissions where menu_id = $1 and key = $2 and id is distinct from $3', [menuId, key, exceptId])) {
    throw conflict('该菜单已有此操作类型的权限')
  }
}

export interface PermissionInput { menu_id: number; key: ActionKey; name: string; api_paths: string[] }

const paths = (list: string[]) => [...new Set(list.map((p) => p.trim()))].sort()

/** A new permission is granted to no role until a role is assigned it (least privilege). */
export async function createPermission(db: Queryable, b: PermissionInput): Promise<Permission> {
  await checkMenu(db, b.menu_id)
  await checkUnique(db, b.menu_id, b.key, null)
  const r = await one<{ id: number }>(db,
    `insert into permissions (menu_id, key, name, api_paths) values ($1, $2, $3, $4)
     on conflict (menu_id, key) do nothing returning id`, [b.menu_id, b.key, b.name, paths(b.api_paths)])
  if (!r) throw conflict('该菜单已有此操作类型的权限')
  return getPermission(db, r.id)
}

export async function editPermission(db: Queryable, id: number, b: PermissionInput) {
  const before = await getPermission(db, id)
  await checkMenu(db, b.menu_id)
  await checkUnique(db, b.menu_id, b.key, id)
  await db.query('update permissions set menu_id = $2, key = $3, name = $4, api_paths = $5 where id = $1',
    [id, b.menu_id, b.key, b.name, paths(b.api_paths)])
  if (b.menu_id !== before.menu_id) {
    // Moved to another menu: only roles that hold that menu keep it, so no role gains a screen it was never given.
    await db.query(
      `delete from role_permissions rp where rp.permission_id = $1
         and not exists (select 1 from role_menus rm where rm.role_id = rp.role_id and rm.menu_id = $2)`, [id, b.menu_id])
  }
  return { before, after: await getPermission(db, id) }
}

/** Deletes all the permissions or none; roles lose them with them. */
export async function deletePermissions(db: Queryable, ids: number[]): Promise<Permission[]> {
  const list = uniq(ids)
  const rows = await many<Permission>(db, `select ${COLS} ${FROM} where p.id = any($1::int[]) order by p.id`, [list])
  if (rows.length !== list.length) throw notFound('权限不存在')
  await db.query('delete from permissions where id = any($1::int[])', [list])
  return rows
}
