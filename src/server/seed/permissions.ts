// Keeps one permission row per (menu, action) that some API route needs, with the API paths it covers.
// A permission that appears for a menu a role already holds is granted to that role (a new capability of a screen it has).
import type { Queryable } from '../db/db'
import { many } from '../db/db'
import type { RouteSpec } from '../http/route'
import { ACTION_KEY } from '../../contract/enums'

export async function syncPermissions(db: Queryable, routes: RouteSpec[]): Promise<void> {
  const needs = new Map<string, { menu: string; key: string; paths: Set<string> }>()
  for (const r of routes) {
    if (r.menu === 'public' || r.menu === 'session') continue
    for (const menu of Array.isArray(r.menu) ? r.menu : [r.menu]) {
      const k = `${menu}:${r.action}`
      const n = needs.get(k) ?? { menu, key: r.action, paths: new Set<string>() }
      n.paths.add(r.url)
      needs.set(k, n)
    }
  }
  const menus = new Map((await many<{ id: number; web_uri: string; label: string }>(db,
    'select id, web_uri, label from menus where web_uri is not null')).map((m) => [m.web_uri, m]))
  for (const n of needs.values()) {
    const menu = menus.get(n.menu)
    if (!menu) throw new Error(`route needs unknown menu ${n.menu}`)
    const inserted = await many<{ id: number }>(db,
      `insert into permissions (menu_id, key, name, api_paths) values ($1, $2, $3, $4)
       on conflict (menu_id, key) do update set api_paths = (
         select array_agg(distinct p order by p) from unnest(permissions.api_paths || excluded.api_paths) p)
       returning id, (xmax = 0) as fresh`,
      [menu.id, n.key, `${menu.label}-${ACTION_KEY[n.key]}`, [...n.paths].sort()])
    const fresh = inserted.filter((r: any) => r.fresh)
    for (const p of fresh) {
      await db.query(
        `insert into role_permissions (role_id, permission_id)
         select role_id, $1 from role_menus where menu_id = $2 on conflict do nothing`, [p.id, menu.id])
    }
  }
}
