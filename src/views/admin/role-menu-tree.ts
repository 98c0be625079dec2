// The grant rules of 分配菜单 as pure functions: a menu brings its ancestors, descendants and permissions; a permission brings its menu.
import type { MenuNode } from '../../contract/common'
import type { Permission } from '../../contract/admin'

export interface Line { node: MenuNode; depth: number; perms: Permission[] }

export interface Grants { menus: Set<number>; perms: Set<number> }

export function flatten(tree: MenuNode[], perms: Permission[], depth = 0, out: Line[] = []): Line[] {
  for (const node of tree) {
    out.push({ node, depth, perms: perms.filter((p) => p.menu_id === node.id).sort((a, b) => 'CRUD'.indexOf(a.key) - 'CRUD'.indexOf(b.key)) })
    flatten(node.children ?? [], perms, depth + 1, out)
  }
  return out
}

function descendants(node: MenuNode): MenuNode[] {
  return (node.children ?? []).flatMap((c) => [c, ...descendants(c)])
}

function ancestors(lines: Line[], id: number): number[] {
  const byId = new Map(lines.map((l) => [l.node.id, l.node]))
  const out: number[] = []
  let p = byId.get(id)?.parent_id ?? null
  while (p !== null && byId.has(p)) {
    out.push(p)
    p = byId.get(p)!.parent_id
  }
  return out
}

export function toggleMenu(lines: Line[], g: Grants, line: Line, on: boolean): Grants {
  const menus = new Set(g.menus)
  const perms = new Set(g.perms)
  const affected = [line.node, ...descendants(line.node)]
  const permsOf = (id: number) => lines.find((l) => l.node.id === id)?.perms ?? []
  for (const n of affected) {
    if (on) {
      if (!menus.has(n.id)) permsOf(n.id).forEach((p) => perms.add(p.id))
      menus.add(n.id)
    } else {
      menus.delete(n.id)
      permsOf(n.id).forEach((p) => perms.delete(p.id))
    }
  }
  if (on) ancestors(lines, line.node.id).forEach((id) => menus.add(id))
  return { menus, perms }
}

export function togglePerm(lines: Line[], g: Grants, perm: Permission, on: boolean): Grants {
  const menus = new Set(g.menus)
  const perms = new Set(g.perms)
  if (on) {
    perms.add(perm.id)
    menus.add(perm.menu_id)
    ancestors(lines, perm.menu_id).forEach((id) => menus.add(id))
  } else perms.delete(perm.id)
  return { menus, perms }
}

/** Directory state for display: all, some or none of its subtree granted. */
export function partial(line: Line, g: Grants): boolean {
  const sub = descendants(line.node)
  return sub.length > 0 && sub.some((n) => g.menus.has(n.id)) && sub.some((n) => !g.menus.has(n.id))
}
