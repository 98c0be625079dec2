// Screen furniture: the heading with its keyboard hint, and buttons that run registered commands (shown only when permitted).
import type { ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import { getCommand, isPermitted } from '../../core/registry'
import { invokeCommand } from '../../core/invoke'
import { menuList, sessionState } from '../../core/session'
import { formatHotkey } from '../../core/hotkey-spec'
import './kit.css'

/** Whether the logged-in admin may run a command (its menu is held). */
export function canRun(id: string): boolean {
  const cmd = getCommand(id)
  return Boolean(cmd && isPermitted(cmd, menuList()))
}

export function ScreenHead({ title, hint, children }: { title: string; hint?: string; children?: ReactNode }) {
  return (
    <header className="kit-screen-head">
      <h1>{title}</h1>
      {hint && <span className="kit-muted">{hint}</span>}
      {children}
    </header>
  )
}

interface Props {
  id: string
  primary?: boolean
  label?: string
  args?: Record<string, unknown>
  disabled?: boolean
}

/** A visible button for a command (mouse users and Tab); hidden when the admin lacks its menu. */
export function CommandButton({ id, primary, label, args, disabled }: Props) {
  useSnapshot(sessionState)
  const cmd = getCommand(id)
  if (!cmd || !isPermitted(cmd, menuList())) return null
  return (
    <button
      type="button"
      className={`kit-btn${primary ? ' kit-btn-primary' : ''}${cmd.action === 'D' ? ' kit-btn-danger' : ''}`}
      data-command={id}
      disabled={disabled}
      onClick={() => void invokeCommand(id, args)}
    >
      {label ?? cmd.title}
      {cmd.hotkey && <kbd>{formatHotkey(cmd.hotkey)}</kbd>}
    </button>
  )
}
