// 管理员列表: the admin accounts as a declared list; Enter opens the edit page, 新增管理员 opens the create page.
import { DataTable, type ListSpec } from '../kit/data-table'
import { Tag } from '../kit/cells'
import { canRun, CommandButton, ScreenHead } from '../kit/screen'
import { navigate } from '../../core/nav'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import { ADMIN_STATUS } from '../../contract/enums'

const LIST = MENU.admins

const spec: ListSpec = {
  list: LIST,
  title: '管理员列表',
  endpoint: API.sysadmin.index,
  filters: [{ name: 'username', title: '用户名', type: 'text' }],
  columns: [
    { key: 'id', title: 'ID', width: 70, hidden: true },
    { key: 'username', title: '用户名', width: 140 },
    { key: 'nickname', title: '昵称', width: 140 },
    { key: 'roles', title: '角色', width: 200, format: 'list' },
    {
      key: 'status', title: '状态', width: 80, format: ADMIN_STATUS,
      render: (r) => <Tag tone={r.status === 1 ? 'ok' : 'off'}>{ADMIN_STATUS[String(r.status)] ?? String(r.status)}</Tag>,
    },
    {
      key: 'google_auth', title: '谷歌验证', width: 90, format: { 1: '已开启', 0: '未开启' },
      render: (r) => <Tag tone={r.google_auth ? 'ok' : 'off'}>{r.google_auth ? '已开启' : '未开启'}</Tag>,
    },
    { key: 'last_login_at', title: '最后登录', width: 170, format: 'datetime' },
    { key: 'last_login_ip', title: '最后登录 IP', width: 140, hidden: true },
    { key: 'created_at', title: '创建时间', width: 170, format: 'datetime' },
  ],
  onOpen: (row) => {
    if (!canRun('admin.editAdmin')) return false
    navigate(`${MENU.adminEdit}?id=${row.id}`)
  },
}

export default function AdminsScreen() {
  return (
    <section className="kit-screen">
      <ScreenHead title="管理员列表" hint="j/k 移动 · x 选择 · Enter 编辑 · e 编辑 · Shift+D 删除 · / 筛选" />
      <DataTable spec={spec} actions={<CommandButton id="admin.createAdmin" primary />} />
    </section>
  )
}
