// Palette and sheet groups: a command's area label from the menu tree (系统管理, 财务管理, ...), else 通用.
import type { Command } from './command'
import { CONSOLE_TREE, menuKeyFor, type MenuSeed } from '../contract/menus'

const areaLabel = new Map<string, string>()
function walk(nodes: MenuSeed[], top: string | null): void {
  for (const n of nodes) {
    const label = top ?? n.label
    if (n.path) areaLabel.set(n.path, label)
    if (n.children) walk(n.children, label)
  }
}
walk(CONSOLE_TREE, null)

export const GENERAL_GROUP = '通用'

export function groupOf(cmd: Command): string {
  if (cmd.group) return cmd.group
  const key = cmd.menu ?? (cmd.path ? menuKeyFor(cmd.path) : undefined)
  return (key && areaLabel.get(key)) || GENERAL_GROUP
}
