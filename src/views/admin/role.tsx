// 角色管理: roles as a declared list; Enter edits, m assigns menus, u assigns admins, all also as buttons.
import { openWith } from '../kit/list-screen'
import { DataTable, type ListSpec } from '../kit/data-table'
import { Tag } from '../kit/cells'
import { CommandButton, ScreenHead } from '../kit/screen'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'

const spec: ListSpec = {
  list: MENU.roles,
  title: '角色管理',
  endpoint: API.sysrole.index,
  filters: [{ name: 'name', title: '角色名称', type: 'text' }],
  columns: [
    { key: 'id', title: 'ID', width: 70 },
    { key: 'name', title: '角色名称', width: 160, render: (r) => <>{String(r.name)}{r.is_super ? <Tag tone="warn">超级</Tag> : null}</> },
    { key: 'remark', title: '备注', width: 240 },
    { key: 'admin_count', title: '管理员数', width: 90, align: 'right' },
    { key: 'created_at', title: '创建时间', width: 170, format: 'datetime' },
  ],
  onOpen: openWith('admin.editRole'),
}

export default function RoleScreen() {
  return (
    <section className="kit-screen">
      <ScreenHead title="角色管理" hint="Enter 编辑 · m 分配菜单 · u 分配管理员 · Shift+D 删除" />
      <DataTable spec={spec} actions={<CommandButton id="admin.createRole" primary />} />
    </section>
  )
}
