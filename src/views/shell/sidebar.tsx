// The sidebar: the menu tree filtered by menu_list and by having a registered screen; collapsible groups.
import { useMemo, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { useSnapshot } from 'valtio'
import { CONSOLE_TREE, menuKeyFor, type MenuSeed } from '../../contract/menus'
import { screenForPath } from '../../core/registry'
import { hasMenu, sessionState } from '../../core/session'
import { CountBadge } from './count-badge'

interface Entry { label: string; path?: string; children?: Entry[] }

function visibleTree(nodes: MenuSeed[], list: readonly string[]): Entry[] {
  const out: Entry[] = []
  for (const n of nodes) {
    if (n.children) {
      const children = visibleTree(n.children, list)
      if (children.length) out.push({ label: n.label, children })
    } else if (n.path && !n.hidden && hasMenu(n.path, list)) {
      const screen = screenForPath(n.path)
      if (screen && screen.sidebar !== false) out.push({ label: n.label, path: n.path })
    }
  }
  return out
}

function contains(e: Entry, key: string): boolean {
  return e.path === key || !!e.children?.some((c) => contains(c, key))
}

export function Sidebar() {
  const session = useSnapshot(sessionState)
  const [path] = useLocation()
  const list = session.user?.menu_list ?? []
  const tree = useMemo(() => visibleTree(CONSOLE_TREE, list), [list])
  const current = menuKeyFor(path)
  const [open, setOpen] = useState<Record<string, boolean>>({})

  const item = (e: Entry) => (
    <li key={e.path}>
      <Link href={e.path!} className="nav-link" aria-current={current === e.path ? 'page' : undefined} data-path={e.path}>
        <span>{e.label}</span><CountBadge paths={[e.path]} />
      </Link>
    </li>
  )

  return (
    <nav className="sidebar" data-testid="sidebar" aria-label="主菜单">
      <div className="brand">后台管理系统</div>
      <ul className="nav">
        {tree.map((e) => {
          if (!e.children) return item(e)
          const expanded = open[e.label] ?? contains(e, current)
          const id = `nav-${e.label}`
          return (
            <li key={e.label} className="nav-group">
              <button type="button" className="nav-group-toggle" aria-expanded={expanded} aria-controls={id}
                onClick={() => setOpen({ ...open, [e.label]: !expanded })}>
                <span>{e.label}</span>
                {!expanded && <CountBadge paths={e.children.map((c) => c.path)} group={e.label} />}
                <span className="caret" aria-hidden="true">{expanded ? '▾' : '▸'}</span>
              </button>
              {expanded && <ul id={id} className="nav-sub">{e.children.map(item)}</ul>}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
