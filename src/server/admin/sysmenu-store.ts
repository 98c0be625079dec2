// The menu tree (platform-global): read, create, edit (no cycles), delete (no children, not the console's own
// route table), and sibling resort.
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { badRequest, conflict, notFound } from '../errors'
import { buildTree, type MenuRow } from '../rbac/menu-tree'
import { flattenMenus } from '../../contract/menus'
import type { MenuNode } from '../../contract/common'

// The console's screens and the server's routes name these paths: deleting one, or moving its path, would break
// both (the server refuses to start when a route's menu is missing).
const SYSTEM_PATHS = new Set(flattenMenus().map((m) => m.path!))

const COLS = 'id, parent_id, label, web_uri, hidden, sort'

export async function menuTree(db: Queryable): Promise<MenuNode[]> {
  return buildTree(await many<MenuRow>(db, `select ${COLS} from menus`))
}

async function getMenu(db: Queryable, id: number): Promise<MenuRow> {
  const m = await one<MenuRow>(db, `select ${COLS} from menus where id = $1`, [id])
  if (!m) throw notFound('菜单不存在')
  return m
}

async function checkParent(db: Queryable, parentId: number | null): Promise<void> {
  if (parentId !== null && !(await one(db, 'select 1 from menus where id = $1', [parentId]))) throw notFound('上级菜单不存在')
}

/** '' and null make a directory; a page path must be unique. */
async function checkPath(db: Queryable, webUri: string | null | undefined, exceptId: number | null): Promise<string | null> {
  const uri = webUri?.trim() || null
  if (uri && (await one(db, 'select 1 from menus where web_uri = $1 and id is distinct from $2', [uri, exceptId]))) {
    throw conflict('菜单路径已存在')
  }
  return uri
}

export interface MenuInput { parent_id: number | null; label: string; web_uri?: string | null; hidden?: boolean; sort?: number }

export async function createMenu(db: Queryable, b: MenuInput): Promise<MenuRow> {
  await checkParent(db, b.parent_id)
  const uri = await checkPath(db, b.web_uri, null)
  const m = await one<MenuRow>(db,
    `insert into menus (parent_id, label, web_uri, hidden, sort)
     values ($1, $2, $3, $4, coalesce($5::int, (select coalesce(max(sort), 0) + 10 from menus where parent_id is not distinct from $1)))
     on conflict (web_uri) do nothing returning ${COLS}`,
    [b.parent_id, b.label, uri, b.hidden ?? false, b.sort ?? null])
  if (!m) throw conflict('菜单路径已存在')
  return m
}

/** Edits a menu. web_uri absent = unchanged; hidden and sort absent = unchanged. */
export async function editMenu(db: Queryable, id: number, b: MenuInput) {
  const before = await getMenu(db, id)
  await checkParent(db, b.parent_id)
  if (b.parent_id !== null) {
    const cycle = await one(db,
      `with recursive below as (select id from menus where id = $1
         union select m.id from menus m join below on m.parent_id = below.id)
       select 1 from below where id = $2`, [id, b.parent_id])
    if (cycle) throw badRequest('不能把菜单移到它自己或它的下级菜单下', 'parent_id')
  }
  const uri = b.web_uri === undefined ? before.web_uri : await checkPath(db, b.web_uri, id)
  if (before.web_uri && SYSTEM_PATHS.has(before.web_uri) && uri !== before.web_uri) throw conflict('系统菜单的路径不能修改')
  const after = await one<MenuRow>(db,
    `update menus set parent_id = $2, label = $3, web_uri = $4, hidden = coalesce($5, hidden), sort = coalesce($6, sort)
      where id = $1 returning ${COLS}`, [id, b.parent_id, b.label, uri, b.hidden ?? null, b.sort ?? null])
  return { before, after: after! }
}

/** Deletes a leaf menu; its permissions and every role's grants of it go with it. */
export async function deleteMenu(db: Queryable, id: number) {
  const menu = await getMenu(db, id)
  if (await one(db, 'select 1 from menus where parent_id = $1 limit 1', [id])) throw conflict('该菜单下还有子菜单，不能删除')
  if (menu.web_uri && SYSTEM_PATHS.has(menu.web_uri)) throw conflict('系统菜单不能删除')
  const permissions = await many(db, 'select id, key, name, api_paths from permissions where menu_id = $1 order by id', [id])
  const roles = (await many<{ id: number }>(db, 'select role_id as id from role_menus where menu_id = $1 order by 1', [id])).map((r) => r.id)
  await db.query('delete from menus where id = $1', [id])
  return { ...menu, permissions, role_ids: roles }
}

/** Puts the given siblings first in the given order, the parent's other children after them; sort = 10, 20, 30… */
export async function resortMenus(db: Queryable, ids: number[]) {
  if (new Set(ids).size !== ids.length) throw badRequest('排序中有重复的菜单', 'ids')
  const rows = await many<{ id: number; parent_id: number | null }>(db, 'select id, parent_id from menus where id = any($1::int[])', [ids])
  if (rows.length !== ids.length) throw badRequest('菜单不存在', 'ids')
  if (new Set(rows.map((r) => r.parent_id)).size > 1) throw badRequest('只能对同一上级下的菜单排序', 'ids')
  const siblings = await many<{ id: number; sort: number }>(db,
    'select id, sort from menus where parent_id is not distinct from $1 order by sort, id for update', [rows[0].parent_id])
  const order = [...ids, ...siblings.map((s) => s.id).filter((id) => !ids.includes(id))]
  await db.query(
    'update menus m set sort = v.sort from unnest($1::int[], $2::int[]) as v(id, sort) where m.id = v.id',
    [order, order.map((_, i) => (i + 1) * 10)])
  return {
    parent_id: rows[0].parent_id,
    before: siblings.map((s) => ({ id: s.id, sort: s.sort })),
    after: order.map((id, i) => ({ id, sort: (i + 1) * 10 })),
  }
}
