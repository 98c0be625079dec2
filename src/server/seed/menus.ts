// Keeps the menu table holding every page the code declares (MENU_TREE): run at every start, before the permissions,
// so a menu added by code reaches databases made before it. Only what is missing is added; labels, order and
// visibility an operator changed in 菜单管理 are left as they are. One read of the table, an insert per missing menu.
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import type { MenuSeed } from '../../contract/menus'

interface Row { id: number; parent_id: number | null; label: string; web_uri: string | null }

/** The row of a seed: a page by its path; a directory by where its pages hang, else by its label under the parent. */
function find(rows: Row[], m: MenuSeed, parent: number | null): number | null {
  if (m.path) return rows.find((r) => r.web_uri === m.path)?.id ?? null
  const direct = new Set((m.children ?? []).filter((c) => c.path).map((c) => c.path!))
  const byChild = rows.find((r) => r.web_uri !== null && direct.has(r.web_uri) && r.parent_id !== null)
  if (byChild) return byChild.parent_id
  return rows.find((r) => r.web_uri === null && r.label === m.label && r.parent_id === parent)?.id ?? null
}

/** Adds the menus of the tree that are missing; answers the web_uri of each page added. */
export async function syncMenus(db: Queryable, tree: MenuSeed[]): Promise<string[]> {
  const rows = await many<Row>(db, 'select id, parent_id, label, web_uri from menus')
  const added: string[] = []
  const walk = async (list: MenuSeed[], parent: number | null) => {
    let sort = 0
    for (const m of list) {
      sort += 10
      let id = find(rows, m, parent)
      if (id === null) {
        id = (await one<{ id: number }>(db,
          'insert into menus (parent_id, label, web_uri, hidden, sort) values ($1, $2, $3, $4, $5) returning id',
          [parent, m.label, m.path ?? null, !!m.hidden, sort]))!.id
        rows.push({ id, parent_id: parent, label: m.label, web_uri: m.path ?? null })
        if (m.path) added.push(m.path)
      }
      if (m.children) await walk(m.children, id)
    }
  }
  await walk(tree, null)
  return added
}
