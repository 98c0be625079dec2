// What the merchant menu's lists declare alike: a 0/1 status shown as a tag, and Enter running the row's edit command.
import { Tag } from '../kit/cells'
import { canRun } from '../kit/screen'
import { runRowCommand } from '../kit/run-rows'
import type { ColumnSpec, Labels, Row } from '../kit/types'

/** The status column: 1 a green tag, 0 a grey one, labelled by `labels`. */
export const statusColumn = (labels: Labels, width: number): ColumnSpec => ({
  key: 'status', title: '状态', width, format: labels, render: (r) => <Tag tone={r.status === 1 ? 'ok' : 'off'}>{labels[String(r.status)]}</Tag>,
})

/** Enter on a row runs the command `id` on it when the admin may; otherwise the detail drawer opens. */
export const openWith = (id: string) => (row: Row): void | boolean => {
  if (!canRun(id)) return false
  void runRowCommand(id, undefined, { rows: [row] })
}
