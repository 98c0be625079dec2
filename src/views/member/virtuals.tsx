// 虚拟账号: the house's play-money accounts, labelled 虚拟, with their balance sum; Enter edits.
import type { ListSpec } from '../kit/data-table'
import { Tag } from '../kit/cells'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import { MEMBER_STATUS } from '../../contract/member'
import { ListScreen, openWith, statusColumn } from '../kit/list-screen'

const spec: ListSpec = {
  list: MENU.virtuals,
  title: '虚拟账号',
  endpoint: API.virtuals.index,
  filters: [
    { name: 'username', title: '用户名', type: 'text' },
    { name: 'status', title: '状态', type: 'select', options: MEMBER_STATUS },
  ],
  columns: [
    { key: 'id', title: 'ID', width: 70 },
    { key: 'username', title: '用户名', width: 140, render: (r) => <>{String(r.username)}<Tag tone="warn">虚拟</Tag></>, text: (r) => `${r.username}（虚拟）` },
    { key: 'nickname', title: '昵称', width: 100 },
    { key: 'level_name', title: '等级', width: 90 },
    statusColumn(MEMBER_STATUS),
    { key: 'balance', title: '虚拟余额', width: 130, format: 'money' },
    { key: 'remark', title: '备注', width: 180 },
    { key: 'created_at', title: '创建时间', width: 160, format: 'datetime' },
  ],
  stats: [{ key: 'balance_stat.balance', title: '虚拟余额', format: 'money' }],
  onOpen: openWith('member.editVirtual'),
}

export default function VirtualsScreen() {
  return <ListScreen spec={spec} hint="Enter 编辑 · 设置余额会记录一笔虚拟资金转账 · 虚拟资金不计入任何财务统计" buttons={['member.setVirtualBalance', 'member.createVirtual']} />
}
