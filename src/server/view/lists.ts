// Which list a `list` names and whether the caller may see it: a list is named by its menu path (a list inside a page,
// such as 产品管理员's roles, by the page's path and a segment more); the caller must hold that menu with R.
import type { TSchema } from '@sinclair/typebox'
import { one } from '../db/db'
import type { Queryable } from '../db/db'
import { LISTS, type Walkable } from '../db/list'
import { heldPermissions } from '../rbac/holds'
import type { Caller } from '../rbac/access'
import { forbidden, notFound } from '../errors'
import { MENU } from '../../contract/menus'
import type { Endpoint } from '../../contract/endpoint'

const MENUS: string[] = Object.values(MENU).sort((a, b) => b.length - a.length)

/** The menu a list belongs to: the list itself, or the longest menu path it extends; none: 404. */
export function menuOf(list: string): string {
  const menu = MENUS.find((m) => list === m || list.startsWith(`${m}/`))
  if (!menu) throw notFound('列表不存在')
  return menu
}

/** Refuses (403) a caller who holds none of `menus` with R; a super admin holds all. */
export async function mustHold(db: Queryable, caller: Caller, menus: readonly string[]): Promise<void> {
  if (caller.isSuper) return
  const r = await one<{ ok: boolean }>(db,
    `select exists (select 1 from ${heldPermissions('$1')} h where h.web_uri = any($2::text[]) and h.key = 'R') as ok`, [caller.adminId, menus])
  if (!r?.ok) throw forbidden()
}

const needs = (ep: Endpoint<TSchema, unknown>): string[] => (typeof ep.menu === 'string' ? [ep.menu] : [...ep.menu])

/**
 * The routed list a `list` exports: among the list routes its menu grants, the one named by the extra segment (a list
 * inside a page), else the one of that menu alone, its index first. None: 404.
 */
export function exportable(list: string): Walkable {
  const menu = menuOf(list)
  const rest = list.slice(menu.length + 1)
  const found = [...LISTS.values()].filter((l) => l.ep.method === 'GET' && needs(l.ep).includes(menu))
  const pick = rest
    ? found.filter((l) => l.ep.url.includes(`/${rest}/`))
    : [...found].sort((a, b) => Number(typeof b.ep.menu === 'string') - Number(typeof a.ep.menu === 'string') ||
      Number(b.ep.url.endsWith('/index')) - Number(a.ep.url.endsWith('/index')))
  if (!pick.length) throw notFound('该列表不支持导出')
  return pick[0]
}

export { needs }
