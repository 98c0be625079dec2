// 菜单管理: loads the menu tree, publishes the focused node for the row commands, and saves sibling order (POST resort).
import { useCallback, useEffect, useRef, useState } from 'react'
import { useSnapshot } from 'valtio'
import { api } from '../../core/api'
import { clearRows, consoleState, setRows } from '../../core/context'
import { toast } from '../../core/toast'
import type { Row } from '../../core/command'
import { MENU } from '../../contract/menus'
import type { MenuNode } from '../../contract/common'
import { BulkBar } from '../kit/bulk-bar'
import { canRun, CommandButton, ScreenHead } from '../kit/screen'
import { runRowCommand } from '../kit/run-rows'
import { PageState } from '../kit/form-page'
import { allNodes, moveTo } from './menu-order'
import { MenuTree } from './menu-tree'

const LIST = MENU.menus

export default function MenuScreen() {
  const refresh = useSnapshot(consoleState).refresh[LIST] ?? 0
  const [tree, setTree] = useState<MenuNode[] | null>(null)
  const [state, setState] = useState<'loading' | 'error' | 'ok'>('loading')
  const [attempt, setAttempt] = useState(0)
  const [focusId, setFocusId] = useState<number | null>(null)
  const treeRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    let live = true
    api.sysmenu.index(undefined, { silent: true }).then(
      (d) => { if (live) { setTree(d.items); setState('ok') } },
      () => { if (live) setState('error') },
    )
    return () => { live = false }
  }, [refresh, attempt])

  // The focused node is the "row" the palette's and toolbar's menu commands act on.
  const focused = tree && focusId !== null ? allNodes(tree).find((x) => x.node.id === focusId)?.node ?? null : null
  useEffect(() => {
    const { children: _children, ...row } = focused ?? ({} as MenuNode)
    setRows(LIST, focused ? (row as unknown as Row) : null, [])
  }, [focused])
  useEffect(() => () => { if (consoleState.list === LIST) clearRows() }, [])

  const onMove = useCallback(async (id: number, index: number) => {
    if (!tree) return
    const moved = moveTo(tree, id, index)
    if (!moved) return
    const before = tree
    setTree(moved.tree)
    try {
      await api.sysmenu.resort({ ids: moved.ids })
      toast.success('菜单顺序已保存')
    } catch {
      setTree(before) // the client showed why; the old order is the true one
    }
  }, [tree])

  const onOpen = (node: MenuNode) => {
    setFocusId(node.id)
    if (canRun('admin.editMenu')) {
      const { children: _children, ...row } = node
      void runRowCommand('admin.editMenu', undefined, { rows: [row] })
    }
  }

  return (
    <section className="kit-screen">
      <ScreenHead title="菜单管理" hint="↑↓ 移动 · ←→ 折叠/展开 · Enter 编辑 · Alt+↑/↓ 或拖动 调整同级顺序 · Shift+D 删除" />
      <div className="kit-toolbar">
        <div className="kit-toolbar-right">
          <CommandButton id="admin.createMenu" primary />
        </div>
      </div>
      <BulkBar list={LIST} selected={0} onClear={() => {}} names={() => new Map(focused ? [[String(focused.id), focused.label]] : [])} />
      <PageState state={tree ? 'ok' : state} onRetry={() => { setState('loading'); setAttempt((n) => n + 1) }}>
        {tree && <MenuTree tree={tree} focusId={focusId} onFocus={(n) => setFocusId(n.id)} onOpen={onOpen} onMove={(id, i) => void onMove(id, i)} treeRef={treeRef} />}
      </PageState>
    </section>
  )
}
