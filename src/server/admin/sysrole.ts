// /api/sysrole routes (角色管理): list, create, edit, delete, the role's menus and permissions, and its admins.
import { Type } from '@sinclair/typebox'
import { route } from '../http/route'
import { Id, IdsBody, ListQuery, paged, paging, Text } from '../http/schemas'
import {
  assignGrants, createRole, deleteRoles, editRole, getRole, listRoles, required, roleGrants, scopeOf, setHolders,
} from './sysrole-store'

const MENU = '/layout/admin/role'
const RoleId = Type.Integer({ title: '角色', minimum: 1, maximum: 2147483647 })
const IdList = (title: string) => Type.Array(Type.Integer({ title, minimum: 1, maximum: 2147483647 }), { title, maxItems: 1000 })

const RoleFields = {
  name: Text('角色名称', 32, 1),
  remark: Type.Optional(Text('备注', 200)),
}

export default [
  route({
    method: 'GET', url: '/api/sysrole/index', summary: '角色列表', menu: MENU, action: 'R',
    query: ListQuery({ name: Type.Optional(Text('角色名称', 32)) }),
    handler: async (ctx, q) => {
      const p = paging(q)
      const { items, total } = await listRoles(ctx.db, scopeOf(ctx.caller), q.name, p)
      return paged(items, total, p)
    },
  }),
  route({
    method: 'POST', url: '/api/sysrole/create', summary: '新增角色', menu: MENU, action: 'C',
    body: Type.Object(RoleFields),
    handler: async (ctx, b) => {
      const { product, ...role } = await createRole(ctx.db, scopeOf(ctx.caller), required(b.name, '角色名称', 'name'), (b.remark ?? '').trim())
      ctx.audit.target_ids = [String(role.id)]
      ctx.audit.after = role
      return role
    },
  }),
  route({
    method: 'POST', url: '/api/sysrole/edit', summary: '编辑角色', menu: MENU, action: 'U',
    body: Type.Object({ id: Id, ...RoleFields }),
    handler: async (ctx, b) => {
      const { before, after } = await editRole(ctx.db, scopeOf(ctx.caller), b.id, required(b.name, '角色名称', 'name'), (b.remark ?? '').trim())
      ctx.audit.before = before
      ctx.audit.after = after
      const { product, ...role } = after
      return role
    },
  }),
  route({
    method: 'POST', url: '/api/sysrole/delete', summary: '删除角色（超级管理员与仍被使用的角色不能删除）', menu: MENU, action: 'D',
    body: IdsBody,
    handler: async (ctx, b) => {
      ctx.audit.before = await deleteRoles(ctx.db, scopeOf(ctx.caller), b.ids)
      return { ids: b.ids }
    },
  }),
  route({
    method: 'GET', url: '/api/sysrole/menu', summary: '角色的菜单与权限', menu: MENU, action: 'R',
    query: Type.Object({ role_id: RoleId }),
    handler: async (ctx, q) => roleGrants(ctx.db, await getRole(ctx.db, scopeOf(ctx.caller), q.role_id)),
  }),
  route({
    method: 'POST', url: '/api/sysrole/assign', summary: '分配菜单与权限（替换角色原有的授权）', menu: MENU, action: 'U',
    body: Type.Object({
      role_id: RoleId,
      menu_ids: IdList('菜单'),
      permission_ids: Type.Optional(IdList('权限')),
    }),
    handler: async (ctx, b) => {
      const role = await getRole(ctx.db, scopeOf(ctx.caller), b.role_id)
      const { before, after } = await assignGrants(ctx.db, ctx.caller, role, b.menu_ids, b.permission_ids)
      Object.assign(ctx.audit, { target_ids: [String(role.id)], before, after })
      return after
    },
  }),
  route({
    method: 'POST', url: '/api/sysrole/assign_user', summary: '设置持有该角色的管理员（角色变化的管理员须重新登录）', menu: MENU, action: 'U',
    body: Type.Object({ role_id: RoleId, admin_ids: IdList('管理员') }),
    handler: async (ctx, b) => {
      const role = await getRole(ctx.db, scopeOf(ctx.caller), b.role_id)
      const { before, after, changed } = await setHolders(ctx.db, ctx.caller, role, b.admin_ids)
      Object.assign(ctx.audit, { target_ids: [String(role.id)], before, after })
      return { role_id: role.id, admin_ids: after.admin_ids, sessions_ended: changed }
    },
  }),
]
