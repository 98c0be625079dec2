// 角色管理 and 菜单管理: roles (create/edit/delete, assign menus and admins) and the menu tree (create/edit/delete).
import { defineCommands } from '../core/registry'
import { api } from '../core/api'
import { refreshList } from '../core/context'
import { orCancel, one } from '../core/ops'
import type { CommandContext, Row } from '../core/command'
import { API } from '../contract/api'
import { MENU } from '../contract/menus'
import { crud } from './crud'
import { argsOrForm } from './admin-create'

const R = MENU.roles
const M = MENU.menus
const roleForms = () => import('../views/admin/role-forms')
const menuForms = () => import('../views/admin/menu-forms')
const text = (v: unknown) => (v === undefined || v === null ? '' : String(v))

/** Runs a dialog on the command's rows and refreshes the list after it (a closed dialog is a cancellation). */
const viaDialog = (list: string, open: (ctx: CommandContext) => Promise<unknown | null>) => async (ctx: CommandContext) => {
  const result = orCancel(await open(ctx))
  refreshList(list)
  return result
}

const [roleList, ...roleRows] = crud({
  list: R, noun: '角色', keywords: ['role', 'juese'],
  open: { id: 'admin.roleList', title: '角色管理', view: () => import('../views/admin/role') },
  edit: { id: 'admin.editRole', form: async (row) => (await roleForms()).roleForm(row) },
  remove: {
    id: 'admin.deleteRole', endpoint: API.sysrole.delete,
    line: (r) => `${r.name}${Number(r.admin_count) ? `（${r.admin_count} 个管理员将失去该角色）` : ''}`,
  },
})

const [menuList, editMenu] = crud({
  list: M, noun: '菜单', keywords: ['menu', 'caidan'],
  open: { id: 'admin.menuList', title: '菜单管理', view: () => import('../views/admin/menu') },
  edit: { id: 'admin.editMenu', form: async (row) => (await menuForms()).menuForm(row) },
})

defineCommands([
  roleList,
  {
    id: 'admin.createRole', title: '新增角色', keywords: ['role', 'add'], menu: R, action: 'C',
    args: [
      { name: 'name', title: '角色名称', optional: true },
      { name: 'remark', title: '备注', optional: true },
    ],
    run: argsOrForm(R, 'name', (a) => api.sysrole.create({ name: text(a.name), remark: text(a.remark) }), async () => (await roleForms()).roleForm()),
  },
  ...roleRows,
  {
    id: 'admin.assignRoleMenus', title: '分配菜单', keywords: ['role', 'menu', 'permission', 'quanxian'], menu: R, action: 'U',
    on: 'rows', list: R, hotkey: 'm', when: (ctx) => one(ctx.rows),
    run: async (ctx) => orCancel(await (await import('../views/admin/role-menus')).assignMenus(ctx.rows[0])),
  },
  {
    id: 'admin.assignRoleUsers', title: '分配管理员', keywords: ['role', 'admin', 'user'], menu: R, action: 'U',
    on: 'rows', list: R, hotkey: 'u', when: (ctx) => one(ctx.rows),
    run: viaDialog(R, async (ctx) => (await import('../views/admin/role-users')).assignUsers(ctx.rows[0])),
  },

  menuList,
  {
    id: 'admin.createMenu', title: '新增菜单', keywords: ['menu', 'add'], menu: M, action: 'C',
    // On the menu screen the new menu goes under the focused node's parent by default.
    run: viaDialog(M, async (ctx) => {
      const focused: Row | undefined = ctx.list === M ? ctx.rows[0] : undefined
      return (await menuForms()).menuForm(undefined, focused ? (focused.parent_id as number | null) : null)
    }),
  },
  {
    id: 'admin.createSubmenu', title: '新增子菜单', keywords: ['menu', 'child'], menu: M, action: 'C', on: 'rows', list: M,
    when: (ctx) => one(ctx.rows),
    run: viaDialog(M, async (ctx) => (await menuForms()).menuForm(undefined, Number(ctx.rows[0].id))),
  },
  editMenu,
  {
    id: 'admin.deleteMenu', title: '删除菜单', keywords: ['menu', 'delete'], menu: M, action: 'D', on: 'rows', list: M, rowKey: 'delete',
    when: (ctx) => one(ctx.rows),
    confirm: (ctx) => ({
      title: '删除菜单', danger: true, okText: '删除',
      lines: [`${ctx.rows[0].label}${ctx.rows[0].web_uri ? `（${ctx.rows[0].web_uri}）` : ''}`, '含子菜单的菜单不能删除；已分配给角色的权限一并移除'],
    }),
    run: async (ctx) => {
      await api.sysmenu.delete({ id: Number(ctx.rows[0].id) })
      refreshList(M)
    },
  },
])
