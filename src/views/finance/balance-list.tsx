// The balance change list shared by 账变记录 (real members) and 试玩账变记录 (trial members): signed amounts,
// before/after, type filter from the answer's labels, income/expense sums (约 when over the time budget).
import { DataTable, type ListSpec } from '../kit/data-table'
import { ScreenHead } from '../kit/screen'
import { BALANCE_TYPE } from '../../contract/enums'
import { TRANSFER_TYPE } from '../../contract/ledger'
import { Signed } from './cells'
import './finance.css'

const TYPES = Object.fromEntries(Object.entries(TRANSFER_TYPE).filter(([k]) => Number(k) <= 12 || k === '103' || k === '104'))

export function balanceSpec(list: string, endpoint: string, title: string): ListSpec {
  return {
    list, title, endpoint,
    filters: [
      { name: 'username', title: '用户名', type: 'text' },
      { name: 'type', title: '账变类型', type: 'select', options: list.endsWith('demo') ? TYPES : BALANCE_TYPE },
      { name: 'ref', title: '关联单号', type: 'text' },
      { name: 'start_time', title: '开始日期', type: 'date' },
      { name: 'end_time', title: '结束日期', type: 'date', endOfDay: true },
    ],
    columns: [
      { key: 'id', title: 'ID', width: 90, hidden: true },
      { key: 'username', title: '会员', width: 130 },
      { key: 'type', title: '类型', width: 130, format: TYPES },
      { key: 'amount', title: '变动金额', width: 130, format: 'money', render: (r) => <Signed value={r.amount} /> },
      { key: 'before', title: '变动前', width: 130, format: 'money' },
      { key: 'after', title: '变动后', width: 130, format: 'money' },
      { key: 'ref', title: '关联单号', width: 190 },
      { key: 'remark', title: '备注', width: 180 },
      { key: 'created_at', title: '时间', width: 165, format: 'datetime' },
    ],
    stats: [
      { key: 'balance_stat.income', title: '收入', format: 'money' },
      { key: 'balance_stat.expense', title: '支出', format: 'money' },
      { key: 'balance_stat.net', title: '净额', format: 'money' },
    ],
  }
}

export function BalanceScreen({ spec, hint }: { spec: ListSpec; hint: string }) {
  return (
    <section className="kit-screen">
      <ScreenHead title={spec.title} hint={hint} />
      <DataTable spec={spec} />
    </section>
  )
}
