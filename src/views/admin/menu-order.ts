// Pure helpers of the menu tree screen: visible lines, finding siblings, and moving a node among its siblings.
import type { MenuNode } from '../../contract/common'

export interface TreeLine { node: MenuNode; depth: number; hasChildren: boolean }

export function visibleLines(tree: MenuNode[], collapsed: ReadonlySet<number>, depth = 0, out: TreeLine[] = []): TreeLine[] {
  for (const node of tree) {
    const hasChildren = (node.children ?? []).length > 0
    out.push({ node, depth, hasChildren })
    if (hasChildren && !collapsed.has(node.id)) visibleLines(node.children, collapsed, depth + 1, out)
  }
  return out
}

/** The sibling list holding `id` (the roots or a node's children). */
export function siblingsOf(tree: MenuNode[], id: number): MenuNode[] | null {
  if (tree.some((n) => n.id === id)) return tree
  for (const n of tree) {
    const found = siblingsOf(n.children ?? [], id)
    if (found) return found
  }
  return null
}

/** A copy of the tree with `id` moved to `index` among its siblings; null when it cannot move. */
export function moveTo(tree: MenuNode[], id: number, index: number): { tree: MenuNode[]; ids: number[] } | null {
  const copy = structuredClone(tree) as MenuNode[]
  const sibs = siblingsOf(copy, id)
  if (!sibs) return null
  const from = sibs.findIndex((n) => n.id === id)
  const to = Math.max(0, Math.min(sibs.length - 1, index))
  if (from === to) return null
  const [node] = sibs.splice(from, 1)
  sibs.splice(to, 0, node)
  sibs.forEach((n, i) => { n.sort = i + 1 })
  return { tree: copy, ids: sibs.map((n) => n.id) }
}

export function indexAmongSiblings(tree: MenuNode[], id: number): number {
  return siblingsOf(tree, id)?.findIndex((n) => n.id === id) ?? -1
}

/** Every node as a flat list with its depth (for parent choices). */
export function allNodes(tree: MenuNode[], depth = 0): { node: MenuNode; depth: number }[] {
  return tree.flatMap((node) => [{ node, depth }, ...allNodes(node.children ?? [], depth + 1)])
}
