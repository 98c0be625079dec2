// /api/sysadmin routes (管理员列表): admin accounts of the caller's scope — list, create, edit, delete.
import { Type } from '@sinclair/typebox'
import { route } from '../http/route'
import { Id, IdsBody, ListQuery, paged, paging, Text } from '../http/schemas'
import { createAdmin, deleteAdmins, editAdmin, listAdmins, type AdminInput } from './sysadmin-store'
import { required, scopeOf } from './sysrole-store'

const MENU = '/layout/admin/admins'

const Status = Type.Integer({ title: '状态', minimum: 0, maximum: 1 })
export const AdminFields = {
  username: Type.String({ title: '用户名', minLength: 3, maxLength: 32, pattern: '^[A-Za-z0-9_]+$' }),
  nickname: Text('昵称', 32, 1),
  role_ids: Type.Array(Type.Integer({ title: '角色', minimum: 1, maximum: 2147483647 }), { title: '角色', minItems: 1, maxItems: 100 }),
  status: Status,
}
// RSA ciphertext (base64) of the password, like login.
const Password = Text('密码', 2048)

const input = (b: AdminInput): AdminInput => ({ ...b, nickname: required(b.nickname, '昵称', 'nickname') })

export default [
  route({
    method: 'GET', url: '/api/sysadmin/index', summary: '管理员列表', menu: MENU, action: 'R',
    query: ListQuery({ id: Type.Optional(Id), username: Type.Optional(Text('用户名', 32)), status: Type.Optional(Status) }),
    handler: async (ctx, q) => {
      const p = paging(q)
      const { items, total } = await listAdmins(ctx.db, scopeOf(ctx.caller), q, p)
      return paged(items, total, p)
    },
  }),
  route({
    method: 'POST', url: '/api/sysadmin/create', summary: '新增管理员（密码为 RSA 密文）', menu: MENU, action: 'C',
    body: Type.Object({ ...AdminFields, password: Password }),
    handler: async (ctx, b) => {
      const admin = await createAdmin(ctx.db, ctx.caller, ctx.keys, scopeOf(ctx.caller), input(b))
      ctx.audit.target_ids = [String(admin.id)]
      ctx.audit.after = admin
      return admin
    },
  }),
  route({
    method: 'POST', url: '/api/sysadmin/edit', summary: '编辑管理员（密码留空不修改；禁用、改角色或改密码会结束其登录）', menu: MENU, action: 'U',
    body: Type.Object({ id: Id, ...AdminFields, password: Type.Optional(Password) }),
    handler: async (ctx, b) => {
      const r = await editAdmin(ctx.db, ctx.caller, ctx.keys, scopeOf(ctx.caller), b.id, input(b))
      ctx.audit.before = r.before
      ctx.audit.after = { ...r.after, pwd_changed: r.passwordChanged, sessions_ended: r.sessionsEnded }
      return r.after
    },
  }),
  route({
    method: 'POST', url: '/api/sysadmin/delete', summary: '删除管理员', menu: MENU, action: 'D',
    body: IdsBody,
    handler: async (ctx, b) => {
      ctx.audit.before = await deleteAdmins(ctx.db, ctx.caller, scopeOf(ctx.caller), b.ids)
      return { ids: b.ids }
    },
  }),
]
