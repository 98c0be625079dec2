// /api/syspermission routes (菜单权限, under 菜单管理): list (its rows under `data`), create, edit, delete.
import { route } from '../http/route'
import { defineList } from '../db/list'
import { syspermission } from '../../contract/api/admin'
import type { Permission } from '../../contract/admin'
import {
  createPermission, deletePermissions, editPermission, PERMISSION_COLS, PERMISSIONS_RANKED, type PermissionInput,
} from './syspermission-store'
import { contains, required } from './sysrole-store'
import { created, edited, removed } from './records'

const input = (b: PermissionInput): PermissionInput => ({ ...b, name: required(b.name, '权限名称', 'name') })

const list = defineList<{ menu_id?: number; key?: string; name?: string }, Permission>({
  from: PERMISSIONS_RANKED, select: PERMISSION_COLS, id: 'p.id', table: PERMISSIONS_RANKED, order: { col: 'p.place', dir: 'asc', type: 'bigint' },
  filters: { menu_id: 'p.menu_id', key: 'p.key', name: (w, v) => { const p = contains(v); if (p) w.add('p.name ilike ?', p) } },
})

export default [
  // The answer keeps the shape this list has always had: { data, total, per_page, current_page }.
  route(syspermission.index, async (ctx, q) => {
    const { items, total, per_page, current_page } = await list(ctx, q)
    return { data: items, total, per_page, current_page }
  }),
  created(syspermission.create, (ctx, b) => createPermission(ctx.db, input(b))),
  edited(syspermission.edit, (ctx, b) => editPermission(ctx.db, b.id, input(b))),
  removed(syspermission.delete, (ctx, ids) => deletePermissions(ctx.db, ids)),
]
