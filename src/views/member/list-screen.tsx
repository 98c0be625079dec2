// What the member area's list screens share: the screen itself (heading with its keyboard hint, the declared table,
// its command buttons, the last one primary), Enter running a row command, and the columns several lists show.
import { DataTable, type ColumnSpec, type FilterSpec, type ListSpec, type Row } from '../kit/data-table'
import { Tag } from '../kit/cells'
import { canRun, CommandButton, ScreenHead } from '../kit/screen'
import { runRowCommand } from '../kit/run-rows'
import type { Labels } from '../kit/types'
import { CARD_STATUS } from '../../contract/member'

/** Enter on a row runs the row command `id` when the admin may (otherwise the detail drawer opens). */
export const openWith = (id: string) => (row: Row) => {
  if (!canRun(id)) return false
  void runRowCommand(id, undefined, { rows: [row] })
}

/** The status as a tag: 正常 green, 禁用 grey. */
export const statusColumn = (labels: Labels): ColumnSpec => ({
  key: 'status', title: '状态', width: 70, format: labels, render: (r) => <Tag tone={r.status === 1 ? 'ok' : 'off'}>{labels[String(r.status)]}</Tag>,
})

/**
 * A list of bank cards or wallets: the owner first, the kind's own filters and columns, then its default mark, status
 * and binding time; Enter runs `edit`.
 */
export function payeeList(p: Pick<ListSpec, 'list' | 'title' | 'endpoint'> & { edit: string; filters: FilterSpec[]; columns: ColumnSpec[] }): ListSpec {
  return {
    list: p.list, title: p.title, endpoint: p.endpoint,
    filters: [{ name: 'username', title: '会员用户名', type: 'text' }, ...p.filters, { name: 'status', title: '状态', type: 'select', options: CARD_STATUS }],
    columns: [
      { key: 'id', title: 'ID', width: 70, hidden: true },
      { key: 'username', title: '会员', width: 130 },
      ...p.columns,
      { key: 'is_default', title: '默认', width: 60, format: 'bool', render: (r) => (r.is_default ? <Tag tone="info">默认</Tag> : null) },
      statusColumn(CARD_STATUS),
      { key: 'created_at', title: '绑定时间', width: 160, format: 'datetime' },
    ],
    onOpen: openWith(p.edit),
  }
}

export function ListScreen({ spec, hint, buttons }: { spec: ListSpec; hint: string; buttons: string[] }) {
  return (
    <section className="kit-screen">
      <ScreenHead title={spec.title} hint={hint} />
      <DataTable spec={spec} actions={<>{buttons.map((id, i) => <CommandButton key={id} id={id} primary={i === buttons.length - 1} />)}</>} />
    </section>
  )
}
