// 角色管理 and 菜单管理: roles (create/edit/delete, assign menus and admins) and the menu tree (create/edit/delete).
import { defineCommands } from '../core/registry'
import { http } from '../core/http'
import { refreshList } from '../core/context'
import type { Row } from '../core/command'
import { API } from '../contract/admin'
import { ids, lines, one, orCancel, PATHS } from './admin-shared'

const R = PATHS.role
const M = PATHS.menu
const roleForms = () => import('../views/admin/role-forms')
const menuForms = () => import('../views/admin/menu-forms')
const text = (v: unknown) => (v === undefined || v === null ? '' : String(v))

defineCommands([
  { id: 'admin.roleList', title: '角色管理', keywords: ['role', 'juese'], menu: R, path: R, view: () => import('../views/admin/role') },
  {
    id: 'admin.createRole', title: '新增角色', keywords: ['role', 'add'], menu: R, action: 'C',
    args: [
      { name: 'name', title: '角色名称', optional: true },
      { name: 'remark', title: '备注', optional: true },
    ],
    run: async (ctx) => {
      const result = ctx.args.name
        ? await http.post(`${API.sysrole}/create`, { name: text(ctx.args.name), remark: text(ctx.args.remark) })
        : orCancel(await (await roleForms()).roleForm())
      refreshList(R)
      return result
    },
  },
  {
    id: 'admin.editRole', title: '编辑角色', keywords: ['role', 'edit'], menu: R, action: 'U', on: 'rows', list: R, rowKey: 'edit',
    when: (ctx) => one(ctx.rows),
    run: async (ctx) => {
      const result = orCancel(await (await roleForms()).roleForm(ctx.rows[0]))
      refreshList(R)
      return result
    },
  },
  {
    id: 'admin.deleteRole', title: '删除角色', keywords: ['role', 'delete'], menu: R, action: 'D', on: 'rows', list: R, rowKey: 'delete',
    confirm: (ctx) => ({
      title: `删除 ${ctx.rows.length} 个角色`, danger: true, okText: '删除',
      lines: lines(ctx.rows, (r) => `${r.name}${Number(r.admin_count) ? `（${r.admin_count} 个管理员将失去该角色）` : ''}`),
    }),
    run: async (ctx) => {
      await http.post(`${API.sysrole}/delete`, { ids: ids(ctx.rows) })
      refreshList(R)
      return { ok: ctx.rows.length, failed: [] }
    },
  },
  {
    id: 'admin.assignRoleMenus', title: '分配菜单', keywords: ['role', 'menu', 'permission', 'quanxian'], menu: R, action: 'U',
    on: 'rows', list: R, hotkey: 'm', when: (ctx) => one(ctx.rows),
    run: async (ctx) => orCancel(await (await import('../views/admin/role-menus')).assignMenus(ctx.rows[0])),
  },
  {
    id: 'admin.assignRoleUsers', title: '分配管理员', keywords: ['role', 'admin', 'user'], menu: R, action: 'U',
    on: 'rows', list: R, hotkey: 'u', when: (ctx) => one(ctx.rows),
    run: async (ctx) => {
      const result = orCancel(await (await import('../views/admin/role-users')).assignUsers(ctx.rows[0]))
      refreshList(R)
      return result
    },
  },

  { id: 'admin.menuList', title: '菜单管理', keywords: ['menu', 'caidan'], menu: M, path: M, view: () => import('../views/admin/menu') },
  {
    id: 'admin.createMenu', title: '新增菜单', keywords: ['menu', 'add'], menu: M, action: 'C',
    run: async (ctx) => {
      // On the menu screen the new menu goes under the focused node's parent by default.
      const focused: Row | undefined = ctx.list === M ? ctx.rows[0] : undefined
      const result = orCancel(await (await menuForms()).menuForm(undefined, focused ? (focused.parent_id as number | null) : null))
      refreshList(M)
      return result
    },
  },
  {
    id: 'admin.createSubmenu', title: '新增子菜单', keywords: ['menu', 'child'], menu: M, action: 'C', on: 'rows', list: M,
    when: (ctx) => one(ctx.rows),
    run: async (ctx) => {
      const result = orCancel(await (await menuForms()).menuForm(undefined, Number(ctx.rows[0].id)))
      refreshList(M)
      return result
    },
  },
  {
    id: 'admin.editMenu', title: '编辑菜单', keywords: ['menu', 'edit'], menu: M, action: 'U', on: 'rows', list: M, rowKey: 'edit',
    when: (ctx) => one(ctx.rows),
    run: async (ctx) => {
      const result = orCancel(await (await menuForms()).menuForm(ctx.rows[0]))
      refreshList(M)
      return result
    },
  },
  {
    id: 'admin.deleteMenu', title: '删除菜单', keywords: ['menu', 'delete'], menu: M, action: 'D', on: 'rows', list: M, rowKey: 'delete',
    when: (ctx) => one(ctx.rows),
    confirm: (ctx) => ({
      title: '删除菜单', danger: true, okText: '删除',
      lines: [`${ctx.rows[0].label}${ctx.rows[0].web_uri ? `（${ctx.rows[0].web_uri}）` : ''}`, '含子菜单的菜单不能删除；已分配给角色的权限一并移除'],
    }),
    run: async (ctx) => {
      await http.post(`${API.sysmenu}/delete`, { id: Number(ctx.rows[0].id) })
      refreshList(M)
    },
  },
])
