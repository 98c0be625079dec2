// /api/sysmenu routes (菜单管理): the menu tree, create, edit, delete and sibling resort.
import { route } from '../http/route'
import { sysmenu } from '../../contract/api/admin'
import { createMenu, deleteMenu, editMenu, menuTree, resortMenus, type MenuInput } from './sysmenu-store'
import { required } from './sysrole-store'
import { created, edited } from './records'

const input = (b: MenuInput): MenuInput => ({ ...b, label: required(b.label, '菜单名称', 'label') })

export default [
  route(sysmenu.index, async (ctx) => ({ items: await menuTree(ctx.db) })),
  created(sysmenu.create, (ctx, b) => createMenu(ctx.db, input(b))),
  edited(sysmenu.edit, (ctx, b) => editMenu(ctx.db, b.id, input(b))),
  route(sysmenu.delete, async (ctx, b) => {
    ctx.audit.before = await deleteMenu(ctx.db, b.id)
    return { id: b.id }
  }),
  route(sysmenu.resort, async (ctx, b) => {
    const r = await resortMenus(ctx.db, b.ids)
    ctx.audit.before = { parent_id: r.parent_id, order: r.before }
    ctx.audit.after = { parent_id: r.parent_id, order: r.after }
    return { parent_id: r.parent_id, items: r.after }
  }),
]
