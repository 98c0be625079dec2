// Builds the menu tree (children, web_uri, label, path) from flat rows ordered by sort.
import type { MenuNode } from '../../contract/common'

export interface MenuRow { id: number; parent_id: number | null; label: string; web_uri: string | null; hidden: boolean; sort: number }

export function buildTree(rows: MenuRow[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>()
  for (const r of rows) nodes.set(r.id, { ...r, path: r.web_uri, children: [] })
  const roots: MenuNode[] = []
  for (const n of nodes.values()) {
    const parent = n.parent_id === null ? undefined : nodes.get(n.parent_id)
    if (parent) parent.children.push(n)
    else roots.push(n)
  }
  const order = (list: MenuNode[]) => {
    list.sort((a, b) => a.sort - b.sort || a.id - b.id)
    list.forEach((n) => order(n.children))
  }
  order(roots)
  return roots
}
