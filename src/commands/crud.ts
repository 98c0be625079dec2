// The commands of an ordinary managed list, declared as data: its screen, create and edit through a form, delete of the
// selected rows with a confirm naming each. `crud({...})` answers the commands for defineCommands.
import type { ComponentType } from 'react'
import type { TSchema } from '@sinclair/typebox'
import type { Command, CommandContext, Row } from '../core/command'
import type { Endpoint } from '../contract/endpoint'
import { refreshList } from '../core/context'
import { call } from '../core/api'
import { ids, lines, one, orCancel } from '../core/ops'

export interface CrudSpec {
  /** The list's page (its menu): MENU.levels. */
  list: string
  /** What one row is: 会员等级; and its measure word in the delete confirm (个, 条, 张). */
  noun: string
  unit?: string
  keywords: string[]
  /** The list command: id and view. */
  open: { id: string; title?: string; view: () => Promise<{ default: ComponentType }>; hotkey?: string }
  /** Create through a form (null from the form: cancelled). */
  create?: { id: string; title?: string; form: () => Promise<unknown | null> }
  /** Edit the focused row through a form. */
  edit?: { id: string; title?: string; form: (row: Row) => Promise<unknown | null> }
  /** Delete the selected rows by `{ ids }`, each named by `line`, with notes under the list. */
  remove?: { id: string; title?: string; endpoint: Endpoint<TSchema, unknown>; line: (r: Row) => string; notes?: string[] }
}

export function crud(s: CrudSpec): Command[] {
  const L = s.list
  const kw = s.keywords[0]
  const out: Command[] = [{ id: s.open.id, title: s.open.title ?? s.noun, keywords: s.keywords, menu: L, path: L, view: s.open.view, ...(s.open.hotkey ? { hotkey: s.open.hotkey } : {}) }]
  const after = <T>(r: T) => {
    refreshList(L)
    return r
  }
  if (s.create) {
    const { form } = s.create
    out.push({ id: s.create.id, title: s.create.title ?? `新增${s.noun}`, keywords: [kw, 'add'], menu: L, action: 'C', run: async () => after(orCancel(await form())) })
  }
  if (s.edit) {
    const { form } = s.edit
    out.push({
      id: s.edit.id, title: s.edit.title ?? `编辑${s.noun}`, keywords: [kw, 'edit'], menu: L, action: 'U', on: 'rows', list: L, rowKey: 'edit',
      when: (ctx: CommandContext) => one(ctx.rows), run: async (ctx: CommandContext) => after(orCancel(await form(ctx.rows[0]))),
    })
  }
  if (s.remove) {
    const { endpoint, line, notes = [] } = s.remove
    out.push({
      id: s.remove.id, title: s.remove.title ?? `删除${s.noun}`, keywords: [kw, 'delete'], menu: L, action: 'D', on: 'rows', list: L, rowKey: 'delete',
      confirm: (ctx: CommandContext) => ({ title: `删除 ${ctx.rows.length} ${s.unit ?? '个'}${s.noun}`, danger: true, okText: '删除', lines: [...lines(ctx.rows, line), ...notes] }),
      run: async (ctx: CommandContext) => {
        await call(endpoint, { ids: ids(ctx.rows) })
        return after({ ok: ctx.rows.length, failed: [] })
      },
    })
  }
  return out
}
