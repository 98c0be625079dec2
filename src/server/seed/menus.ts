// Keeps the menu table holding every page the code declares (MENU_TREE): run at every start, before the permissions,
// so a menu added by code reaches databases made before it. Only what is missing is added; labels, order and
// visibility an operator changed in 菜单管理 are left as they are.
import type { Queryable } from '../db/db'
import { one } from '../db/db'
import type { MenuSeed } from '../../contract/menus'

/** The row of a seed: a page by its path; a directory by where its pages hang, else by its label under the parent. */
async function find(db: Queryable, m: MenuSeed, parent: number | null): Promise<number | null> {
  if (m.path) return (await one<{ id: number }>(db, 'select id from menus where web_uri = $1', [m.path]))?.id ?? null
  const direct = (m.children ?? []).filter((c) => c.path).map((c) => c.path!)
  const byChild = direct.length
    ? await one<{ id: number }>(db, 'select parent_id as id from menus where web_uri = any($1::text[]) and parent_id is not null limit 1', [direct])
    : null
  if (byChild) return byChild.id
  const byLabel = await one<{ id: number }>(db,
    'select id from menus where web_uri is null and label = $1 and parent_id is not distinct from $2 limit 1', [m.label, parent])
  return byLabel?.id ?? null
}

/** Adds the menus of the tree that are missing; answers the web_uri of each page added. */
export async function syncMenus(db: Queryable, tree: MenuSeed[], parent: number | null = null): Promise<string[]> {
  const added: string[] = []
  let sort = 0
  for (const m of tree) {
    sort += 10
    let id = await find(db, m, parent)
    if (id === null) {
      id = (await one<{ id: number }>(db,
        'insert into menus (parent_id, label, web_uri, hidden, sort) values ($1, $2, $3, $4, $5) returning id',
        [parent, m.label, m.path ?? null, !!m.hidden, sort]))!.id
      if (m.path) added.push(m.path)
    }
    if (id !== null && m.children) added.push(...await syncMenus(db, m.children, id))
  }
  return added
}
