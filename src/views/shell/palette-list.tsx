// The palette's command list: own matcher (pinyin, initials, id), bounded, 当前行 first, recent first, grouped by area.
import { memo, useMemo, useState } from 'react'
import { Command as Cmdk } from 'cmdk'
import { useSnapshot } from 'valtio'
import type { Command } from '../../core/command'
import { consoleState } from '../../core/context'
import { groupOf } from '../../core/groups'
import { formatHotkey } from '../../core/hotkey-spec'
import { recentIds } from '../../core/recent'
import { commandContext, matchCommands, visibleCommands } from '../../core/registry'
import { sessionState } from '../../core/session'
import { CountBadge } from './count-badge'

export const PALETTE_LIMIT = 50

interface Section { heading: string; items: Command[] }

function sections(query: string, visible: Command[], recent: string[]): Section[] {
  const rows = matchCommands(query, visible.filter((c) => c.on === 'rows'), recent, PALETTE_LIMIT)
  const rest = matchCommands(query, visible.filter((c) => c.on !== 'rows'), recent, PALETTE_LIMIT - rows.length)
  const out: Section[] = rows.length ? [{ heading: '当前行', items: rows }] : []
  if (query.trim()) return rest.length ? [...out, { heading: '搜索结果', items: rest }] : out
  const recentItems = rest.filter((c) => recent.includes(c.id))
  if (recentItems.length) out.push({ heading: '最近使用', items: recentItems })
  const byGroup = new Map<string, Command[]>()
  for (const c of rest) {
    if (recent.includes(c.id)) continue
    const g = groupOf(c)
    byGroup.set(g, [...(byGroup.get(g) ?? []), c])
  }
  for (const [heading, items] of byGroup) out.push({ heading, items })
  return out
}

/** One command; a keystroke re-renders only the items it adds (the others keep their command and handler). */
const PaletteItem = memo(function PaletteItem({ cmd, onPick }: { cmd: Command; onPick: (cmd: Command) => void }) {
  return (
    <Cmdk.Item value={cmd.id} data-command-id={cmd.id} className="palette-item" onSelect={() => onPick(cmd)}>
      <span className="palette-title">{cmd.title}</span>
      <CountBadge paths={[cmd.path]} />
      <span className="palette-id">{cmd.id}</span>
      {cmd.hotkey && <kbd>{formatHotkey(cmd.hotkey)}</kbd>}
    </Cmdk.Item>
  )
})

export function PaletteList({ onPick }: { onPick: (cmd: Command) => void }) {
  const session = useSnapshot(sessionState)
  const ctxSnap = useSnapshot(consoleState)
  const [query, setQuery] = useState('')
  const [recent] = useState(recentIds)
  const visible = useMemo(
    () => visibleCommands(session.user?.menu_list ?? [], commandContext()),
    [session.user, ctxSnap.list, ctxSnap.focused, ctxSnap.selected, ctxSnap.product],
  )
  const list = useMemo(() => sections(query, visible, recent), [query, visible, recent])
  const first = list[0]?.items[0]?.id ?? ''
  const [value, setValue] = useState(first)
  const [lastQuery, setLastQuery] = useState(query)
  if (lastQuery !== query) { setLastQuery(query); setValue(first) }

  return (
    <Cmdk shouldFilter={false} loop value={value} onValueChange={setValue} label="命令面板">
      <Cmdk.Input
        autoFocus
        data-testid="palette-input"
        className="palette-input"
        placeholder="输入命令名称、拼音、首字母或 id…"
        value={query}
        onValueChange={setQuery}
        onCompositionStart={() => { consoleState.composing = true }}
        onCompositionEnd={() => { consoleState.composing = false }}
      />
      <Cmdk.List className="palette-list">
        <Cmdk.Empty className="palette-empty">没有匹配的命令</Cmdk.Empty>
        {list.map((s) => (
          <Cmdk.Group key={s.heading} heading={s.heading}>
            {s.items.map((c) => <PaletteItem key={c.id} cmd={c} onPick={onPick} />)}
          </Cmdk.Group>
        ))}
      </Cmdk.List>
      <div className="palette-foot muted">↑↓ 选择 · Enter 执行 · Esc 关闭</div>
    </Cmdk>
  )
}
