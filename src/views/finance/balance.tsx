// 账变记录 (real members; Alt+B opens a member's history from anywhere) and 试玩账变记录 (trial members' play money, never
// in the real lists or the reports): signed amounts, before/after, the type filter, income/expense sums (约 when over
// the time budget).
import type { ListSpec } from '../kit/data-table'
import type { Labels } from '../kit/types'
import type { Endpoint } from '../../contract/endpoint'
import { BALANCE_TYPE } from '../../contract/enums'
import { BALANCE_CHANGE_TYPE as TYPES } from '../../contract/finance'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import { Signed } from './cells'
import { dateRange, listScreen, USERNAME } from './screen'

const spec = (list: string, endpoint: Endpoint, title: string, types: Labels): ListSpec => ({
  list, title, endpoint,
  filters: [
    USERNAME,
    { name: 'type', title: '账变类型', type: 'select', options: types },
    { name: 'ref', title: '关联单号', type: 'text' },
    ...dateRange(),
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
})

export default listScreen(spec(MENU.balance, API.balance.index, '账变记录', BALANCE_TYPE), 'Alt+B 查看某会员的账变 · 只含真实会员 · 记录只增不改')
export const BalanceDemoScreen = listScreen(spec(MENU.balanceDemo, API.balance.demo, '试玩账变记录', TYPES), '只含试玩会员（试玩资金，不计入财务统计）')
