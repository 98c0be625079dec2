// How the money lists show a record's state at a glance: 待支付 / 审核中 / 待复核 as warning tags, outcomes muted,
// signed amounts coloured; labels from the contract.
import { Tag } from '../kit/cells'
import { formatMoney } from '../../contract/format'
import { RECHARGE_STATUS, WITHDRAW_STATUS } from '../../contract/enums'
import type { Row } from '../kit/types'

export function RechargeStatus({ row }: { row: Row }) {
  const s = Number(row.status)
  return <Tag tone={s === 3 ? 'warn' : s === 1 ? 'ok' : 'off'}>{RECHARGE_STATUS[s]}</Tag>
}

export function WithdrawStatus({ row }: { row: Row }) {
  const s = Number(row.status)
  if (s === 3 && row.review_stage === 'second') return <Tag tone="info">待复核</Tag>
  return <>
    <Tag tone={s === 3 ? 'warn' : s === 1 ? 'ok' : 'off'}>{WITHDRAW_STATUS[s]}</Tag>
    {s === 3 && row.needs_double_review ? <Tag tone="info">需双人复核</Tag> : null}
  </>
}

export const withdrawStatusText = (row: Row) =>
  Number(row.status) === 3 && row.review_stage === 'second' ? `待复核（${String(row.first_review_admin)} 已初审）` : WITHDRAW_STATUS[Number(row.status)]

/** A signed amount: income green, expense red. */
export function Signed({ value }: { value: unknown }) {
  const v = String(value ?? '')
  return <span className={v.startsWith('-') ? 'fin-out' : 'fin-in'}>{v.startsWith('-') ? '' : '+'}{formatMoney(v)}</span>
}

/** The pending work of a list, shown beside its title. */
export function Pending({ items }: { items: [string, number][] }) {
  const shown = items.filter(([, n]) => n > 0)
  if (!shown.length) return null
  return <span className="fin-pending" data-testid="pending-work">{shown.map(([label, n]) => <Tag key={label} tone="warn">{label} {n}</Tag>)}</span>
}
