// What the money list screens (finance and 余额宝) share: the screen itself (title and keyboard hint, the pending work
// beside them, the table with its command buttons) and the filter and sum pieces their lists repeat.
//
// Screens an operator opens to work through (pending withdrawals, recharges) pass `focus`: once the first page is on
// screen and nothing else holds the keyboard, the grid takes focus with its first row focused, so the row keys act at
// once. (The table kit leaves focus where it is; this is these screens' own choice.)
import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
import { DataTable, type ListSpec } from '../kit/data-table'
import { ScreenHead } from '../kit/screen'
import type { FilterSpec, StatSpec } from '../kit/types'
import { Pending } from './cells'
import './finance.css'

export const USERNAME: FilterSpec = { name: 'username', title: '用户名', type: 'text' }

/** The start_time / end_time pair of filters (the end sent as the end of its day). */
export const dateRange = (from = '开始日期', to = '结束日期'): FilterSpec[] => [
  { name: 'start_time', title: from, type: 'date' },
  { name: 'end_time', title: to, type: 'date', endOfDay: true },
]

/** The sums of a recharge or withdrawal list by status; `pending` names status 3 (待支付, 审核中). */
export const moneyStats = (pending: string): StatSpec[] => [
  { key: 'money_stat.total', title: '总额', format: 'money' },
  { key: 'money_stat.pending', title: pending, format: 'money' },
  { key: 'money_stat.success', title: '成功', format: 'money' },
  { key: 'money_stat.failed', title: '失败', format: 'money' },
]

function useFocusGrid(root: RefObject<HTMLElement | null>, on: boolean): void {
  useEffect(() => {
    if (!on) return
    let done = false
    const tryFocus = () => {
      const grid = root.current?.querySelector<HTMLElement>('[data-testid="data-table"]')
      if (done || !grid || grid.getAttribute('data-state') !== 'ok') return
      done = true
      const idle = !document.activeElement || document.activeElement === document.body
      if (idle && grid.querySelector('[data-testid="row"]')) grid.focus()
    }
    const observer = new MutationObserver(tryFocus)
    if (root.current) observer.observe(root.current, { attributes: true, subtree: true, attributeFilter: ['data-state'], childList: true })
    tryFocus()
    return () => observer.disconnect()
  }, [root, on])
}

export function ListScreen({ spec, hint, buttons, pending, focus = false }: {
  spec: ListSpec
  hint: string
  /** The table's command buttons. */
  buttons?: ReactNode
  /** Pending work shown beside the title: [label, count]. */
  pending?: [string, number][]
  focus?: boolean
}) {
  const root = useRef<HTMLElement>(null)
  useFocusGrid(root, focus)
  return (
    <section className="kit-screen" ref={root}>
      <ScreenHead title={spec.title} hint={hint}>{pending && <Pending items={pending} />}</ScreenHead>
      <DataTable spec={spec} actions={buttons} />
    </section>
  )
}

/** A screen that is its list and nothing else (no state of its own). */
export const listScreen = (spec: ListSpec, hint: string, buttons?: ReactNode) => function Screen() {
  return <ListScreen spec={spec} hint={hint} buttons={buttons} />
}
