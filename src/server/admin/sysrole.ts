// /api/sysrole routes (角色管理): list, create, edit, delete, the role's menus and permissions, and its admins.
import { route } from '../http/route'
import { sysrole } from '../../contract/api/admin'
import {
  assignGrants, contains, createRole, deleteRoles, editRole, getRole, required, roleGrants, ROLE_COLS, scopeOf, setHolders, type RoleRow,
} from './sysrole-store'
import { created, edited, removed, scopedList } from './records'

const withoutProduct = ({ product, ...role }: RoleRow) => role

export default [
  // The super role first, then by id: `(not is_super)` is the order key (false before true).
  scopedList(sysrole.index, 'r.product', {
    from: 'roles r', select: ROLE_COLS, id: 'r.id', table: 'roles', order: { col: '(not is_super)', dir: 'asc', type: 'boolean' },
    filters: { name: (w, v) => { const p = contains(v); if (p) w.add('r.name ilike ?', p) } },
  }),
  created(sysrole.create, async (ctx, b) =>
    withoutProduct(await createRole(ctx.db, scopeOf(ctx.caller), required(b.name, '角色名称', 'name'), (b.remark ?? '').trim()))),
  edited(sysrole.edit, (ctx, b) => editRole(ctx.db, scopeOf(ctx.caller), b.id, required(b.name, '角色名称', 'name'), (b.remark ?? '').trim()),
    withoutProduct),
  removed(sysrole.delete, (ctx, ids) => deleteRoles(ctx.db, scopeOf(ctx.caller), ids)),
  route(sysrole.menu, async (ctx, q) => roleGrants(ctx.db, await getRole(ctx.db, scopeOf(ctx.caller), q.role_id))),
  route(sysrole.assign, async (ctx, b) => {
    const role = await getRole(ctx.db, scopeOf(ctx.caller), b.role_id)
    const { before, after } = await assignGrants(ctx.db, ctx.caller, role, b.menu_ids, b.permission_ids)
    Object.assign(ctx.audit, { target_ids: [String(role.id)], before, after })
    return after
  }),
  route(sysrole.assign_user, async (ctx, b) => {
    const role = await getRole(ctx.db, scopeOf(ctx.caller), b.role_id)
    const { before, after, changed } = await setHolders(ctx.db, ctx.caller, role, b.admin_ids)
    Object.assign(ctx.audit, { target_ids: [String(role.id)], before, after })
    return { role_id: role.id, admin_ids: after.admin_ids, sessions_ended: changed }
  }),
]
