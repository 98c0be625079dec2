// /api/syspermission routes (菜单权限, under 菜单管理): list (answers `data`, as the specification says), create, edit, delete.
import { Type } from '@sinclair/typebox'
import { route } from '../http/route'
import { Id, IdsBody, ListQuery, paging, Text } from '../http/schemas'
import type { ActionKey } from '../../contract/enums'
import { createPermission, deletePermissions, editPermission, listPermissions, type PermissionInput } from './syspermission-store'
import { required } from './sysrole-store'

// Permissions hang off menus, so managing them is part of the menu screen.
const MENU = '/layout/admin/menu'

const MenuId = Type.Integer({ title: '菜单', minimum: 1, maximum: 2147483647 })
const Key = Type.Unsafe<ActionKey>({ type: 'string', enum: ['C', 'R', 'U', 'D'], title: '操作类型' })
const Fields = {
  menu_id: MenuId,
  key: Key,
  name: Text('权限名称', 64, 1),
  api_paths: Type.Array(
    Type.String({ title: '接口路径', maxLength: 200, pattern: '^/(api|common)/[A-Za-z0-9_./-]*$' }),
    { title: '接口路径', maxItems: 50 }),
}

const input = (b: PermissionInput): PermissionInput => ({ ...b, name: required(b.name, '权限名称', 'name') })

export default [
  route({
    method: 'GET', url: '/api/syspermission/index', summary: '权限列表（data, total, per_page, current_page）', menu: MENU, action: 'R',
    query: ListQuery({ menu_id: Type.Optional(MenuId), key: Type.Optional(Key), name: Type.Optional(Text('权限名称', 64)) }),
    handler: async (ctx, q) => listPermissions(ctx.db, q, paging(q)),
  }),
  route({
    method: 'POST', url: '/api/syspermission/create', summary: '新增权限', menu: MENU, action: 'C',
    body: Type.Object(Fields),
    handler: async (ctx, b) => {
      const p = await createPermission(ctx.db, input(b))
      ctx.audit.target_ids = [String(p.id)]
      ctx.audit.after = p
      return p
    },
  }),
  route({
    method: 'POST', url: '/api/syspermission/edit', summary: '编辑权限', menu: MENU, action: 'U',
    body: Type.Object({ id: Id, ...Fields }),
    handler: async (ctx, b) => {
      const { before, after } = await editPermission(ctx.db, b.id, input(b))
      ctx.audit.before = before
      ctx.audit.after = after
      return after
    },
  }),
  route({
    method: 'POST', url: '/api/syspermission/delete', summary: '删除权限（角色的授权一并删除）', menu: MENU, action: 'D',
    body: IdsBody,
    handler: async (ctx, b) => {
      ctx.audit.before = await deletePermissions(ctx.db, b.ids)
      return { ids: b.ids }
    },
  }),
]
