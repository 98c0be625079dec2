// The focusable menu tree: ↑↓/jk move, ←→ fold, Enter edits, Alt+↑/↓ or drag and drop reorder siblings.
import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react'
import type { MenuNode } from '../../contract/common'
import { Tag } from '../kit/cells'
import { indexAmongSiblings, siblingsOf, visibleLines } from './menu-order'

interface Props {
  tree: MenuNode[]
  focusId: number | null
  onFocus: (node: MenuNode) => void
  onOpen: (node: MenuNode) => void
  onMove: (id: number, index: number) => void
  treeRef: React.RefObject<HTMLDivElement | null>
}

export function MenuTree({ tree, focusId, onFocus, onOpen, onMove, treeRef }: Props) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() => new Set())
  const [drop, setDrop] = useState<{ id: number; after: boolean } | null>(null)
  const dragging = useRef<number | null>(null)
  const idBase = useId()
  const lines = visibleLines(tree, collapsed)
  const at = lines.findIndex((l) => l.node.id === focusId)

  const focusLine = (i: number) => {
    const l = lines[Math.max(0, Math.min(lines.length - 1, i))]
    if (!l) return
    onFocus(l.node)
    treeRef.current?.querySelector(`[data-node-id="${l.node.id}"]`)?.scrollIntoView({ block: 'nearest' })
  }
  const fold = (id: number, shut: boolean) => setCollapsed((s) => {
    const next = new Set(s)
    if (shut) next.add(id)
    else next.delete(id)
    return next
  })

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.nativeEvent.isComposing || e.ctrlKey || e.metaKey) return
    const line = lines[at]
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key
    if (e.altKey && line && (key === 'ArrowUp' || key === 'ArrowDown')) {
      onMove(line.node.id, indexAmongSiblings(tree, line.node.id) + (key === 'ArrowUp' ? -1 : 1))
    } else if (e.altKey) return
    else if (key === 'ArrowDown' || key === 'j') focusLine(at + 1)
    else if (key === 'ArrowUp' || key === 'k') focusLine(at < 0 ? 0 : at - 1)
    else if (key === 'Home') focusLine(0)
    else if (key === 'End') focusLine(lines.length - 1)
    else if (key === 'ArrowRight' && line?.hasChildren) {
      if (collapsed.has(line.node.id)) fold(line.node.id, false)
      else focusLine(at + 1)
    } else if (key === 'ArrowLeft' && line) {
      if (line.hasChildren && !collapsed.has(line.node.id)) fold(line.node.id, true)
      else focusLine(lines.findIndex((l) => l.node.id === line.node.parent_id))
    } else if (key === 'Enter' && line) onOpen(line.node)
    else return
    e.preventDefault()
    e.stopPropagation()
  }

  const sameParent = (a: number, b: number) => siblingsOf(tree, a) === siblingsOf(tree, b)
  const onDragOver = (e: DragEvent, node: MenuNode) => {
    const from = dragging.current
    if (from === null || from === node.id || !sameParent(from, node.id)) return
    e.preventDefault()
    const box = (e.currentTarget as HTMLElement).getBoundingClientRect()
    setDrop({ id: node.id, after: e.clientY > box.top + box.height / 2 })
  }
  const onDrop = (e: DragEvent, node: MenuNode) => {
    e.preventDefault()
    const from = dragging.current
    dragging.current = null
    setDrop(null)
    if (from === null || !sameParent(from, node.id)) return
    const fromIdx = indexAmongSiblings(tree, from)
    let to = indexAmongSiblings(tree, node.id) + (drop?.after ? 1 : 0)
    if (fromIdx < to) to -= 1
    onMove(from, to)
  }

  return (
    <div
      ref={treeRef}
      className="kit-menu-tree"
      role="tree"
      aria-label="菜单树"
      tabIndex={0}
      aria-activedescendant={at >= 0 ? `${idBase}-${lines[at].node.id}` : undefined}
      data-testid="menu-tree"
      onKeyDown={onKeyDown}
      onFocus={(e) => { if (e.target === e.currentTarget && at < 0 && lines.length) focusLine(0) }}
    >
      {lines.map((l, i) => (
        <div
          key={l.node.id}
          id={`${idBase}-${l.node.id}`}
          role="treeitem"
          aria-level={l.depth + 1}
          aria-expanded={l.hasChildren ? !collapsed.has(l.node.id) : undefined}
          aria-selected={i === at}
          data-node-id={l.node.id}
          data-focused={i === at || undefined}
          className={`kit-menu-line${i === at ? ' kit-row-focused' : ''}${drop?.id === l.node.id ? (drop.after ? ' kit-drop-after' : ' kit-drop-before') : ''}`}
          style={{ paddingLeft: 8 + l.depth * 22 }}
          draggable
          onDragStart={(e) => { dragging.current = l.node.id; e.dataTransfer.effectAllowed = 'move'; e.dataTransfer.setData('text/plain', String(l.node.id)) }}
          onDragEnd={() => { dragging.current = null; setDrop(null) }}
          onDragOver={(e) => onDragOver(e, l.node)}
          onDragLeave={() => setDrop((d) => (d?.id === l.node.id ? null : d))}
          onDrop={(e) => onDrop(e, l.node)}
          onClick={() => onFocus(l.node)}
          onDoubleClick={() => onOpen(l.node)}
        >
          <button
            type="button" tabIndex={-1} className="kit-fold" aria-hidden="true"
            style={{ visibility: l.hasChildren ? 'visible' : 'hidden' }}
            onClick={(e) => { e.stopPropagation(); fold(l.node.id, !collapsed.has(l.node.id)) }}
          >{collapsed.has(l.node.id) ? '▸' : '▾'}</button>
          <span className="kit-menu-label">{l.node.label}</span>
          <span className="kit-muted">{l.node.web_uri ?? '目录'}</span>
          {l.node.hidden && <Tag tone="off">隐藏</Tag>}
          <span className="kit-menu-sort kit-muted">排序 {l.node.sort}</span>
        </div>
      ))}
      {!lines.length && <div className="kit-state">暂无数据</div>}
    </div>
  )
}
