// What list screens share: the screen frame (heading with its keyboard hint over the declared table, with its command
// buttons), Enter running a row command, and a 0/1 status shown as a coloured tag.
import type { ReactNode } from 'react'
import { DataTable } from './data-table'
import { Tag } from './cells'
import { canRun, CommandButton, ScreenHead } from './screen'
import { runRowCommand } from './run-rows'
import type { ColumnSpec, Labels, ListSpec, Row } from './types'

type Tone = 'ok' | 'warn' | 'off' | 'info'

/** 1 on (正常, 启用, 开启), anything else off. */
export const onOff = (s: unknown): Tone => (s === 1 ? 'ok' : 'off')

/** The row's status as a tag in the tone `tone` picks. */
export const statusColumn = (labels: Labels, width = 70, tone: (s: unknown) => Tone = onOff): ColumnSpec => ({
  key: 'status', title: '状态', width, format: labels, render: (r: Row) => <Tag tone={tone(r.status)}>{labels[String(r.status)]}</Tag>,
})

/** Enter on a row runs the command `id` on it when the admin may (otherwise the detail drawer shows). */
export const openWith = (id: string) => (row: Row): void | boolean => {
  if (!canRun(id)) return false
  void runRowCommand(id, undefined, { rows: [row] })
}

/** A list screen: `buttons` are command ids (the last one primary); `actions` any other toolbar content. */
export function ListScreen({ spec, hint, buttons = [], actions }: { spec: ListSpec; hint: string; buttons?: string[]; actions?: ReactNode }) {
  return (
    <section className="kit-screen">
      <ScreenHead title={spec.title} hint={hint} />
      <DataTable spec={spec} actions={<>{buttons.map((id, i) => <CommandButton key={id} id={id} primary={i === buttons.length - 1} />)}{actions}</>} />
    </section>
  )
}
