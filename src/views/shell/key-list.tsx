// The keyboard reference shared by the home page and the ? sheet: fixed keys and the visible commands' hotkeys.
import { useSnapshot } from 'valtio'
import { consoleState } from '../../core/context'
import { formatHotkey } from '../../core/hotkey-spec'
import { currentCommands } from '../../core/registry'
import { sessionState } from '../../core/session'

const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

export const FIXED_KEYS: [string, string][] = [
  [mac ? '⌘+K' : 'Ctrl+K', '打开命令面板（任何位置）'],
  ['?', '快捷键一览'],
  ['J / K 或 ↓ / ↑', '在表格中移动当前行'],
  ['X', '选中 / 取消选中当前行'],
  ['Enter', '打开当前行详情'],
  ['/', '聚焦筛选'],
  ['Esc', '关闭对话框或面板'],
]

export function KeyList() {
  useSnapshot(sessionState)
  useSnapshot(consoleState)
  const cmds = currentCommands().filter((c) => c.hotkey)
  return (
    <div className="key-list">
      <table className="keys" data-testid="keys-fixed">
        <tbody>
          {FIXED_KEYS.map(([k, what]) => <tr key={k}><td><kbd>{k}</kbd></td><td>{what}</td></tr>)}
        </tbody>
      </table>
      {cmds.length > 0 && (
        <table className="keys" data-testid="keys-commands">
          <tbody>
            {cmds.map((c) => (
              <tr key={c.id} data-hotkey-for={c.id}><td><kbd>{formatHotkey(c.hotkey)}</kbd></td><td>{c.title}</td></tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
