// /api/sysadmin routes (管理员列表): admin accounts of the caller's scope — list, create, edit, delete.
import { route } from '../http/route'
import { sysadmin } from '../../contract/api/admin'
import { ADMIN_COLS, createAdmin, deleteAdmins, editAdmin, shape, type AdminInput, type AdminRow } from './sysadmin-store'
import { contains, required, scopeOf } from './sysrole-store'
import { created, removed, scopedList } from './records'

const input = <B extends AdminInput>(b: B): B => ({ ...b, nickname: required(b.nickname, '昵称', 'nickname') })

export default [
  scopedList(sysadmin.index, 'a.product', {
    from: 'admins a', select: ADMIN_COLS, id: 'a.id', table: 'admins', order: { col: 'a.id', dir: 'asc', type: 'int' },
    filters: {
      id: 'a.id', status: 'a.status',
      username: (w, v) => { const p = contains(v); if (p) w.add('(a.username ilike ? or a.nickname ilike ?)', p, p) },
    },
    rows: (rows: AdminRow[]) => rows.map(shape),
  }),
  created(sysadmin.create, (ctx, b) => createAdmin(ctx.db, ctx.caller, ctx.keys, scopeOf(ctx.caller), input(b))),
  route(sysadmin.edit, async (ctx, b) => {
    const r = await editAdmin(ctx.db, ctx.caller, ctx.keys, scopeOf(ctx.caller), b.id, input(b))
    ctx.audit.before = r.before
    ctx.audit.after = { ...r.after, pwd_changed: r.passwordChanged, sessions_ended: r.sessionsEnded }
    return r.after
  }),
  removed(sysadmin.delete, (ctx, ids) => deleteAdmins(ctx.db, ctx.caller, scopeOf(ctx.caller), ids)),
]
