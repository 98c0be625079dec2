// 分配菜单: the menu tree with a checkbox per menu and per permission; arrows move, Space toggles, Enter saves.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { api } from '../../core/api'
import { toast } from '../../core/toast'
import type { Row } from '../../core/command'
import { ACTION_KEY } from '../../contract/enums'
import { Modal, mountModal } from '../kit/form-dialog'
import { flatten, partial, toggleMenu, togglePerm, type Grants, type Line } from './role-menu-tree'

function AssignMenus({ role, done }: { role: Row; done: (r: unknown | null) => void }) {
  const [lines, setLines] = useState<Line[] | null>(null)
  const [g, setG] = useState<Grants>({ menus: new Set(), perms: new Set() })
  const [error, setError] = useState('')
  const [saving, setSaving] = useState(false)
  const [pos, setPos] = useState({ line: 0, col: 0 })
  const box = useRef<HTMLDivElement>(null)

  const load = () => {
    setError('')
    setLines(null)
    Promise.all([
      api.sysmenu.index(undefined, { silent: true }),
      api.syspermission.index({ per_page: 1000 }, { silent: true }),
      api.sysrole.menu({ role_id: Number(role.id) }, { silent: true }),
    ]).then(([menus, perms, held]) => {
      setLines(flatten(menus.items, perms.data ?? []))
      setG({ menus: new Set(held.menu_ids), perms: new Set(held.permission_ids) })
    }, (e: unknown) => setError(e && typeof e === 'object' && 'msg' in e ? String(e.msg) : '加载失败'))
  }
  useEffect(load, [role.id])
  useEffect(() => {
    if (lines) box.current?.querySelector<HTMLElement>('[data-line="0"][data-col="0"]')?.focus()
  }, [lines])

  const save = async () => {
    if (saving) return
    setSaving(true)
    try {
      await api.sysrole.assign({ role_id: Number(role.id), menu_ids: [...g.menus], permission_ids: [...g.perms] })
      toast.success(`已保存「${role.name}」的菜单权限`)
      done(true)
    } catch {
      setSaving(false) // the client showed the server's message; the choices stay as they are
    }
  }

  const onKey = (e: KeyboardEvent) => {
    if (!lines || e.nativeEvent.isComposing) return
    const el = document.activeElement as HTMLElement | null
    const line = Number(el?.dataset.line ?? pos.line)
    const col = Number(el?.dataset.col ?? pos.col)
    let next: { line: number; col: number } | null = null
    if (e.key === 'ArrowDown') next = { line: Math.min(lines.length - 1, line + 1), col }
    else if (e.key === 'ArrowUp') next = { line: Math.max(0, line - 1), col }
    else if (e.key === 'ArrowRight') next = { line, col: Math.min(lines[line].perms.length, col + 1) }
    else if (e.key === 'ArrowLeft') next = { line, col: Math.max(0, col - 1) }
    else if (e.key === 'Enter' && el?.tagName !== 'BUTTON') { e.preventDefault(); void save(); return }
    if (!next) return
    e.preventDefault()
    next.col = Math.min(next.col, lines[next.line].perms.length)
    setPos(next)
    box.current?.querySelector<HTMLElement>(`[data-line="${next.line}"][data-col="${next.col}"]`)?.focus()
  }

  const tab = (line: number, col: number) => (line === pos.line && col === pos.col ? 0 : -1)
  return (
    <Modal title={`分配菜单：${role.name}`} onClose={() => done(null)} wide>
      <div className="kit-form" onKeyDown={onKey}>
        {role.is_super ? <div className="kit-form-top">超级管理员角色始终拥有全部菜单与权限</div> : null}
        {error && <div className="kit-state" role="alert">加载失败：{error} <button type="button" className="kit-btn" onClick={load}>重试</button></div>}
        {!lines && !error && <div className="kit-state" role="status">加载中…</div>}
        {lines && (
          <div ref={box} className="kit-tree" role="tree" aria-label="菜单" aria-multiselectable="true" data-testid="menu-grants">
            {lines.map((l, i) => (
              <div key={l.node.id} role="treeitem" aria-level={l.depth + 1} aria-selected={g.menus.has(l.node.id)} className="kit-tree-line" style={{ paddingLeft: l.depth * 20 + 4 }}>
                <label className="kit-check">
                  <input
                    type="checkbox" data-line={i} data-col={0} tabIndex={tab(i, 0)} data-menu-id={l.node.id}
                    checked={g.menus.has(l.node.id)}
                    ref={(el) => { if (el) el.indeterminate = partial(l, g) }}
                    onFocus={() => setPos({ line: i, col: 0 })}
                    onChange={(e) => setG(toggleMenu(lines, g, l, e.target.checked))}
                  />
                  <b>{l.node.label}</b>
                  {l.node.web_uri && <span className="kit-muted">{l.node.web_uri}</span>}
                </label>
                {l.perms.map((p, j) => (
                  <label key={p.id} className="kit-check kit-perm" title={p.api_paths?.join('\n')}>
                    <input
                      type="checkbox" data-line={i} data-col={j + 1} tabIndex={tab(i, j + 1)} data-permission-id={p.id}
                      checked={g.perms.has(p.id)}
                      onFocus={() => setPos({ line: i, col: j + 1 })}
                      onChange={(e) => setG(togglePerm(lines, g, p, e.target.checked))}
                    />
                    {p.name || ACTION_KEY[p.key]}
                  </label>
                ))}
              </div>
            ))}
          </div>
        )}
        <div className="kit-form-actions">
          <span className="kit-muted">↑↓←→ 移动 · 空格 勾选 · Enter 保存 · Esc 取消</span>
          <button type="button" className="kit-btn" onClick={() => done(null)}>取消</button>
          <button type="button" className="kit-btn kit-btn-primary" disabled={!lines || saving} onClick={() => void save()}>
            {saving ? '保存中…' : '保存'}
          </button>
        </div>
      </div>
    </Modal>
  )
}

export function assignMenus(role: Row): Promise<unknown | null> {
  return mountModal<unknown | null>((done) => <AssignMenus role={role} done={done} />)
}
