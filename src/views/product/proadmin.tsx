// 产品管理员: tabs for the product's admins (12 a page; create/edit/delete/reset Google), its permission list and its role list.
import { openWith } from '../kit/list-screen'
import { useSearchParams } from 'wouter'
import { DataTable, type ListSpec } from '../kit/data-table'
import { Tag } from '../kit/cells'
import { CommandButton, ScreenHead } from '../kit/screen'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import { PAGE_SIZES } from '../../contract/common'
import { ACTION_KEY, ADMIN_STATUS } from '../../contract/enums'

const admins: ListSpec = {
  list: MENU.proadmin,
  title: '产品管理员',
  endpoint: API.proadmin.index,
  perPage: PAGE_SIZES.proadmin,
  filters: [{ name: 'username', title: '用户名', type: 'text' }],
  columns: [
    { key: 'id', title: 'ID', width: 70, hidden: true },
    { key: 'username', title: '用户名', width: 140 },
    { key: 'nickname', title: '昵称', width: 140 },
    { key: 'product', title: '产品', width: 90 },
    { key: 'roles', title: '角色', width: 180, format: 'list' },
    { key: 'status', title: '状态', width: 80, format: ADMIN_STATUS,
      render: (r) => <Tag tone={r.status === 1 ? 'ok' : 'off'}>{ADMIN_STATUS[String(r.status)] ?? String(r.status)}</Tag> },
    { key: 'google_auth', title: '谷歌验证', width: 90, format: { 1: '已开启', 0: '未开启' },
      render: (r) => <Tag tone={r.google_auth ? 'ok' : 'off'}>{r.google_auth ? '已开启' : '未开启'}</Tag> },
    { key: 'last_login_at', title: '最后登录', width: 170, format: 'datetime' },
    { key: 'created_at', title: '创建时间', width: 170, format: 'datetime' },
  ],
  onOpen: openWith('product.editProadmin'),
}

const permissions: ListSpec = {
  list: `${MENU.proadmin}/permission`,
  title: '产品权限列表',
  endpoint: API.proadmin.permissions,
  itemsKey: 'data',
  noExport: true,
  columns: [
    { key: 'id', title: 'ID', width: 70 },
    { key: 'name', title: '权限名称', width: 160 },
    { key: 'key', title: '操作类型', width: 90, format: ACTION_KEY },
    { key: 'menu_label', title: '所属菜单', width: 140 },
    { key: 'menu_path', title: '菜单路径', width: 220 },
    { key: 'api_paths', title: '接口', width: 260, format: 'list' },
  ],
}

const roles: ListSpec = {
  list: `${MENU.proadmin}/role`,
  title: '产品角色列表',
  endpoint: API.proadmin.roles,
  columns: [
    { key: 'id', title: 'ID', width: 70 },
    { key: 'name', title: '角色名称', width: 160 },
    { key: 'remark', title: '备注', width: 240 },
    { key: 'admin_count', title: '管理员数', width: 90, align: 'right' },
    { key: 'created_at', title: '创建时间', width: 170, format: 'datetime' },
  ],
}

const TABS = [
  { id: 'admins', title: '管理员', spec: admins },
  { id: 'permission', title: '权限列表', spec: permissions },
  { id: 'role', title: '角色列表', spec: roles },
] as const

export default function ProadminScreen() {
  const [params, setParams] = useSearchParams()
  const tab = TABS.find((t) => t.id === params.get('tab')) ?? TABS[0]
  // Each tab is its own view: its filters and page do not carry over.
  const select = (id: string) => setParams(id === 'admins' ? {} : { tab: id }, { replace: true })
  return (
    <section className="kit-screen">
      <ScreenHead title="产品管理员" hint="Enter 编辑 · Shift+G 重置谷歌验证 · Shift+D 删除" />
      <div className="kit-tabs" role="tablist" aria-label="产品管理员">
        {TABS.map((t) => (
          <button
            key={t.id} type="button" role="tab" className="kit-tab" aria-selected={t.id === tab.id}
            tabIndex={t.id === tab.id ? 0 : -1}
            onClick={() => select(t.id)}
            onKeyDown={(e) => {
              const i = TABS.findIndex((x) => x.id === tab.id)
              const next = e.key === 'ArrowRight' ? TABS[(i + 1) % TABS.length] : e.key === 'ArrowLeft' ? TABS[(i + TABS.length - 1) % TABS.length] : null
              if (next) { e.preventDefault(); select(next.id); setTimeout(() => (document.querySelector(`.kit-tab[aria-selected="true"]`) as HTMLElement | null)?.focus()) }
            }}
          >{t.title}</button>
        ))}
      </div>
      <DataTable key={tab.id} spec={tab.spec} actions={tab.id === 'admins' ? <CommandButton id="product.createProadmin" primary /> : undefined} />
    </section>
  )
}
