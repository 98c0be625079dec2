// The records of manual top-ups, deductions and gift money (/api/giftmoney/index) for 人工充值扣款 and 彩金赠送.
import { DataTable, type ListSpec } from '../kit/data-table'
import { CommandButton, ScreenHead } from '../kit/screen'
import { FINANCE_API, MANUAL_TYPE } from '../../contract/finance'
import { Tag } from '../kit/cells'
import './finance.css'

export function manualSpec(list: string, title: string, types: string, stats: ListSpec['stats']): ListSpec {
  return {
    list, title, endpoint: `${FINANCE_API.giftmoney}/index`, params: { type: types },
    filters: [
      { name: 'username', title: '用户名', type: 'text' },
      { name: 'admin', title: '操作人', type: 'text' },
      { name: 'start_time', title: '开始日期', type: 'date' },
      { name: 'end_time', title: '结束日期', type: 'date', endOfDay: true },
    ],
    columns: [
      { key: 'order_no', title: '单号', width: 190 },
      { key: 'username', title: '会员', width: 130 },
      { key: 'type', title: '类型', width: 100, format: MANUAL_TYPE, render: (r) => <Tag tone={r.type === 8 ? 'off' : 'ok'}>{MANUAL_TYPE[Number(r.type)]}</Tag> },
      { key: 'amount', title: '金额', width: 120, format: 'money' },
      { key: 'remark', title: '备注', width: 220 },
      { key: 'admin', title: '操作人', width: 100 },
      { key: 'created_at', title: '时间', width: 165, format: 'datetime' },
    ],
    stats,
  }
}

export function ManualScreen({ spec, hint, actions }: { spec: ListSpec; hint: string; actions: string[] }) {
  return (
    <section className="kit-screen">
      <ScreenHead title={spec.title} hint={hint} />
      <DataTable spec={spec} actions={<>{actions.map((id, i) => <CommandButton key={id} id={id} primary={i === 0} />)}</>} />
    </section>
  )
}
