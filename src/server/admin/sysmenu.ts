// /api/sysmenu routes (菜单管理): the menu tree, create, edit, delete and sibling resort.
import { Type } from '@sinclair/typebox'
import { route } from '../http/route'
import { Id, IdBody, Text } from '../http/schemas'
import { createMenu, deleteMenu, editMenu, menuTree, resortMenus, type MenuInput } from './sysmenu-store'
import { required } from './sysrole-store'

const MENU = '/layout/admin/menu'

const MenuFields = {
  parent_id: Type.Unsafe<number | null>({ type: ['integer', 'null'], title: '上级菜单', minimum: 1, maximum: 2147483647 }),
  label: Text('菜单名称', 32, 1),
  // A page's route path under /layout; empty or null makes a directory.
  web_uri: Type.Optional(Type.Unsafe<string | null>({
    type: ['string', 'null'], title: '菜单路径', maxLength: 128, pattern: '^(/layout(/[A-Za-z0-9_-]+)*)?$',
  })),
  hidden: Type.Optional(Type.Boolean({ title: '是否隐藏' })),
  sort: Type.Optional(Type.Integer({ title: '排序', minimum: 0, maximum: 1000000 })),
}

const input = (b: MenuInput): MenuInput => ({ ...b, label: required(b.label, '菜单名称', 'label') })

export default [
  route({
    method: 'GET', url: '/api/sysmenu/index', summary: '菜单树', menu: MENU, action: 'R',
    handler: async (ctx) => ({ items: await menuTree(ctx.db) }),
  }),
  route({
    method: 'POST', url: '/api/sysmenu/create', summary: '新增菜单', menu: MENU, action: 'C',
    body: Type.Object(MenuFields),
    handler: async (ctx, b) => {
      const menu = await createMenu(ctx.db, input(b))
      ctx.audit.target_ids = [String(menu.id)]
      ctx.audit.after = menu
      return menu
    },
  }),
  route({
    method: 'POST', url: '/api/sysmenu/edit', summary: '编辑菜单', menu: MENU, action: 'U',
    body: Type.Object({ id: Id, ...MenuFields }),
    handler: async (ctx, b) => {
      const { before, after } = await editMenu(ctx.db, b.id, input(b))
      ctx.audit.before = before
      ctx.audit.after = after
      return after
    },
  }),
  route({
    method: 'POST', url: '/api/sysmenu/delete', summary: '删除菜单（有子菜单时不能删除；其权限与角色授权一并删除）', menu: MENU, action: 'D',
    body: IdBody,
    handler: async (ctx, b) => {
      ctx.audit.before = await deleteMenu(ctx.db, b.id)
      return { id: b.id }
    },
  }),
  route({
    method: 'POST', url: '/api/sysmenu/resort', summary: '同级菜单排序', menu: MENU, action: 'U',
    body: Type.Object({ ids: Type.Array(Id, { title: '菜单', minItems: 1, maxItems: 1000 }) }),
    handler: async (ctx, b) => {
      const r = await resortMenus(ctx.db, b.ids)
      ctx.audit.before = { parent_id: r.parent_id, order: r.before }
      ctx.audit.after = { parent_id: r.parent_id, order: r.after }
      return { parent_id: r.parent_id, items: r.after }
    },
  }),
]
