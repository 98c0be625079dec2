// The selection toolbar: how many rows are selected and a button per row command of this list (from the registry).
import { useSnapshot } from 'valtio'
import { consoleState } from '../../core/context'
import { sessionState } from '../../core/session'
import { allCommands, commandContext, isApplicable, isPermitted } from '../../core/registry'
import { formatHotkey } from '../../core/hotkey-spec'
import { ROW_KEYS } from '../../core/command'
import { runRowCommand } from './run-rows'

interface Props {
  list: string
  selected: number
  onClear: () => void
  /** Row id → a readable name for result messages. */
  names: () => Map<string, string>
}

export function BulkBar({ list, selected, onClear, names }: Props) {
  // Re-render when the rows or the session change; the registry itself is static.
  useSnapshot(consoleState)
  const menus = useSnapshot(sessionState).user?.menu_list ?? []
  const cmds = allCommands().filter((c) => c.on === 'rows' && c.list === list && isPermitted(c, menus))
  if (!cmds.length && !selected) return null
  const ctx = commandContext()
  const active = ctx.list === list

  return (
    <div className="kit-bulk" role="toolbar" aria-label="批量操作" data-testid="bulk-bar">
      <span className="kit-bulk-count" aria-live="polite">{selected ? `已选 ${selected} 项` : '未选择（作用于当前行）'}</span>
      {cmds.map((c) => {
        // Its own hotkey, or the generic row key it answers on this list (e, Shift+D).
        const key = c.hotkey ?? (c.rowKey ? ROW_KEYS[c.rowKey].hotkey : undefined)
        return (
          <button
            key={c.id}
            type="button"
            className={`kit-btn${c.action === 'D' ? ' kit-btn-danger' : ''}`}
            disabled={!active || !isApplicable(c, ctx)}
            data-command={c.id}
            title={key ? `${c.title}（${formatHotkey(key)}）` : c.title}
            onClick={() => void runRowCommand(c.id, names())}
          >
            {c.title}
            {key && <kbd>{formatHotkey(key)}</kbd>}
          </button>
        )
      })}
      {selected > 0 && <button type="button" className="kit-btn kit-btn-text" onClick={onClear}>清除选择</button>}
    </div>
  )
}
