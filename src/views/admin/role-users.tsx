// 分配管理员: every admin as a checkbox (those holding the role ticked), a filter box, saved as the role's whole admin list.
import { useEffect, useMemo, useRef, useState } from 'react'
import { api } from '../../core/api'
import { toast } from '../../core/toast'
import type { Row } from '../../core/command'
import type { Admin } from '../../contract/admin'
import { Modal, mountModal } from '../kit/form-dialog'

function AssignUsers({ role, done }: { role: Row; done: (r: unknown | null) => void }) {
  const [admins, setAdmins] = useState<Admin[] | null>(null)
  const [chosen, setChosen] = useState<Set<number>>(new Set())
  const [query, setQuery] = useState('')
  const [error, setError] = useState('')
  const [saving, setSaving] = useState(false)
  const filterRef = useRef<HTMLInputElement>(null)
  const roleId = Number(role.id)

  const load = () => {
    setError('')
    api.sysadmin.index({ per_page: 1000 }, { silent: true }).then((page) => {
      setAdmins(page.items)
      setChosen(new Set(page.items.filter((a) => (a.role_ids ?? a.roles.map((r) => r.id)).includes(roleId)).map((a) => a.id)))
    }, (e: unknown) => setError(e && typeof e === 'object' && 'msg' in e ? String(e.msg) : '加载失败'))
  }
  useEffect(load, [roleId])
  // Focus the filter once the list has been drawn (a timer fired before React rendered it).
  const loaded = admins !== null
  useEffect(() => { if (loaded) filterRef.current?.focus() }, [loaded])

  const shown = useMemo(() => {
    const q = query.trim().toLowerCase()
    return (admins ?? []).filter((a) => !q || a.username.toLowerCase().includes(q) || a.nickname.toLowerCase().includes(q))
  }, [admins, query])

  const save = async () => {
    if (saving || !admins) return
    setSaving(true)
    try {
      await api.sysrole.assign_user({ role_id: roleId, admin_ids: [...chosen] })
      toast.success(`「${role.name}」现有 ${chosen.size} 个管理员`)
      done(true)
    } catch {
      setSaving(false) // the client showed the server's message; the ticks stay
    }
  }

  const toggle = (id: number, on: boolean) => setChosen((s) => {
    const next = new Set(s)
    if (on) next.add(id)
    else next.delete(id)
    return next
  })

  return (
    <Modal title={`分配管理员：${role.name}`} onClose={() => done(null)}>
      <div
        className="kit-form"
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.nativeEvent.isComposing && (e.target as HTMLElement).tagName !== 'BUTTON') { e.preventDefault(); void save() }
        }}
      >
        {error && <div className="kit-state" role="alert">加载失败：{error} <button type="button" className="kit-btn" onClick={load}>重试</button></div>}
        {!admins && !error && <div className="kit-state" role="status">加载中…</div>}
        {admins && (
          <>
            <input ref={filterRef} className="kit-input" type="search" placeholder="筛选用户名或昵称" aria-label="筛选管理员" value={query} onChange={(e) => setQuery(e.target.value)} />
            <div className="kit-checklist kit-checklist-col" role="group" aria-label="管理员" data-testid="role-admins">
              {shown.map((a) => (
                <label key={a.id} className="kit-check">
                  <input type="checkbox" data-admin-id={a.id} checked={chosen.has(a.id)} onChange={(e) => toggle(a.id, e.target.checked)} />
                  {a.username}<span className="kit-muted">{a.nickname}{a.status === 0 ? '（已禁用）' : ''}</span>
                </label>
              ))}
              {!shown.length && <span className="kit-muted">暂无数据</span>}
            </div>
          </>
        )}
        <div className="kit-form-actions">
          <span className="kit-muted">已选 {chosen.size} 人 · 空格 勾选 · Enter 保存 · Esc 取消</span>
          <button type="button" className="kit-btn" onClick={() => done(null)}>取消</button>
          <button type="button" className="kit-btn kit-btn-primary" disabled={!admins || saving} onClick={() => void save()}>{saving ? '保存中…' : '保存'}</button>
        </div>
      </div>
    </Modal>
  )
}

export function assignUsers(role: Row): Promise<unknown | null> {
  return mountModal<unknown | null>((done) => <AssignUsers role={role} done={done} />)
}
