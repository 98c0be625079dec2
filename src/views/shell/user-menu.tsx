// The admin's name with a small menu: 谷歌验证 (when that screen exists and is allowed), the alerts for new withdrawals
// and recharges (提示音, 桌面通知; remembered in this browser) and 退出登录.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useSnapshot } from 'valtio'
import { invokeCommand } from '../../core/invoke'
import { navigate } from '../../core/nav'
import { screenForPath } from '../../core/registry'
import { hasMenu, sessionState } from '../../core/session'
import { MENU } from '../../contract/menus'
import { alertPrefs, setNotify, setSound } from '../../core/alerts'
import { toast } from '../../core/toast'

const GOOGLE_PATH = MENU.google

export function UserMenu() {
  const { user } = useSnapshot(sessionState)
  const prefs = useSnapshot(alertPrefs)
  const [open, setOpen] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  const google = screenForPath(GOOGLE_PATH) && hasMenu(GOOGLE_PATH, user?.menu_list ?? [])

  useEffect(() => {
    if (!open) return
    box.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus()
    const away = (e: MouseEvent) => { if (!box.current?.contains(e.target as Node)) setOpen(false) }
    document.addEventListener('mousedown', away)
    return () => document.removeEventListener('mousedown', away)
  }, [open])

  const onKeyDown = (e: KeyboardEvent) => {
    if (!open) return
    const items = [...(box.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])]
    const i = items.indexOf(document.activeElement as HTMLElement)
    if (e.key === 'Escape') { e.preventDefault(); setOpen(false); box.current?.querySelector<HTMLElement>('button')?.focus() }
    else if (e.key === 'ArrowDown') { e.preventDefault(); items[(i + 1) % items.length]?.focus() }
    else if (e.key === 'ArrowUp') { e.preventDefault(); items[(i - 1 + items.length) % items.length]?.focus() }
  }

  const choose = (fn: () => void) => () => { setOpen(false); fn() }
  const notify = async (on: boolean) => {
    if (!(await setNotify(on)) && on) toast.info('浏览器未允许桌面通知，请在浏览器的网站设置中允许后再开启')
  }

  return (
    <div className="user-menu" ref={box} onKeyDown={onKeyDown}>
      <button type="button" className="user-button" data-testid="user-menu" aria-haspopup="menu" aria-expanded={open}
        onClick={() => setOpen(!open)}>
        {user?.nickname || user?.username || '管理员'} <span aria-hidden="true">▾</span>
      </button>
      {open && (
        <div className="menu" role="menu">
          {google && (
            <button type="button" role="menuitem" data-testid="menu-google" onClick={choose(() => navigate(GOOGLE_PATH))}>谷歌验证</button>
          )}
          <button type="button" role="menuitemcheckbox" aria-checked={prefs.sound} data-testid="menu-sound"
            title="新提现、新充值时播放提示音" onClick={() => setSound(!prefs.sound)}>新单提示音</button>
          <button type="button" role="menuitemcheckbox" aria-checked={prefs.notify} data-testid="menu-notify"
            title="控制台不在前台时，新提现、新充值以桌面通知提醒" onClick={() => void notify(!prefs.notify)}>桌面通知</button>
          <button type="button" role="menuitem" data-testid="logout" onClick={choose(() => void invokeCommand('admin.logout'))}>退出登录</button>
        </div>
      )}
    </div>
  )
}
