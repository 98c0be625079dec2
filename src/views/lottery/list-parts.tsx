// What the lottery list screens share: the screen frame (heading with its keyboard hint over the table), a status
// column shown as a coloured tag, the date-range filters, and Enter opening a row's edit command.
import type { ReactNode } from 'react'
import { DataTable, type ColumnSpec, type FilterSpec, type ListSpec } from '../kit/data-table'
import { Tag } from '../kit/cells'
import { canRun, ScreenHead } from '../kit/screen'
import { runRowCommand } from '../kit/run-rows'
import type { Labels, Row } from '../kit/types'

type Tone = 'ok' | 'warn' | 'off' | 'info'

/** 1 on (启用, 开启), anything else off. */
export const onOff = (s: unknown): Tone => (s === 1 ? 'ok' : 'off')

/** The row's status as a tag in the tone `tone` picks. */
export const statusColumn = (labels: Labels, tone: (s: unknown) => Tone, width = 70): ColumnSpec => ({
  key: 'status', title: '状态', width, format: labels, render: (r: Row) => <Tag tone={tone(r.status)}>{labels[String(r.status)]}</Tag>,
})

/** 开始日期 – 结束日期 (the end day included). */
export const DATE_RANGE: FilterSpec[] = [
  { name: 'start_time', title: '开始日期', type: 'date' },
  { name: 'end_time', title: '结束日期', type: 'date', endOfDay: true },
]

/** Enter on a row runs the command `id` on it when the admin may (otherwise the detail drawer shows). */
export const openWith = (id: string) => (row: Row) => {
  if (!canRun(id)) return false
  void runRowCommand(id, undefined, { rows: [row] })
}

export function ListScreen({ spec, hint, actions }: { spec: ListSpec; hint: string; actions?: ReactNode }) {
  return (
    <section className="kit-screen">
      <ScreenHead title={spec.title} hint={hint} />
      <DataTable spec={spec} actions={actions} />
    </section>
  )
}
