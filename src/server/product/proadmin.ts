// /api/proadmin: the administrators of the current product (产品管理员), their roles, permissions and authenticator reset.
import { Type } from '@sinclair/typebox'
import { route, type Ctx } from '../http/route'
import { Id, IdBody, IdsBody, ListQuery, paged, paging, Text } from '../http/schemas'
import { conflict, notFound } from '../errors'
import { hashPassword } from '../auth/password'
import { endSessions } from '../rbac/access'
import { ensureMayTakeOver, ensureNotSelf, ensureWithinCeiling } from '../admin/sysrole-store'
import { PAGE_SIZES } from '../../contract/common'
import type { Admin } from '../../contract/admin'
import {
  assignableRoles, checkRoles, checkUsername, decryptPassword, deleteAdmins, grantablePermissions, insertAdmin,
  listProAdmins, proAdminsByIds, resetGoogle, setRoles, updateAdmin, usernameTaken,
} from './proadmin-store'

const MENU = '/layout/proadmin'

const Fields = {
  username: Text('用户名', 64, 1),
  nickname: Text('昵称', 32, 1),
  role_ids: Type.Array(Type.Integer({ title: '角色', minimum: 1, maximum: 2147483647 }), { title: '角色', maxItems: 50 }),
  status: Type.Integer({ title: '状态', minimum: 0, maximum: 1 }),
}

/** What the log keeps of an admin (never its password or authenticator secret). */
const summary = (a: Admin) => ({ username: a.username, nickname: a.nickname, status: a.status, role_ids: a.role_ids, google_auth: a.google_auth })

async function oneOf(ctx: Ctx, id: number): Promise<Admin> {
  const [a] = await proAdminsByIds(ctx.db, ctx.caller.product, [id], true)
  if (!a) throw notFound()
  return a
}

export default [
  route({
    method: 'GET', url: '/api/proadmin/index', summary: '产品管理员列表（当前产品）', menu: MENU, action: 'R',
    query: ListQuery({ username: Type.Optional(Text('用户名', 64)) }),
    handler: async (ctx, q) => {
      const p = paging(q, PAGE_SIZES.proadmin)
      const { items, total } = await listProAdmins(ctx.db, ctx.caller.product, q.username?.trim() || null, p)
      return paged(items, total, p)
    },
  }),
  route({
    method: 'POST', url: '/api/proadmin/create', summary: '新增产品管理员（密码为 RSA 密文）', menu: MENU, action: 'C',
    body: Type.Object({ ...Fields, password: Text('密码', 2048, 1) }),
    handler: async (ctx, b) => {
      const username = checkUsername(b.username)
      const plain = decryptPassword(ctx.keys, b.password)
      const roleIds = await checkRoles(ctx.db, ctx.caller.product, b.role_ids)
      await ensureWithinCeiling(ctx.db, ctx.caller, roleIds)
      const id = await insertAdmin(ctx.db, {
        product: ctx.caller.product, username, nickname: b.nickname.trim(), passwordHash: await hashPassword(plain), status: b.status,
      })
      if (!id) throw conflict('用户名已存在')
      await setRoles(ctx.db, id, roleIds)
      const [after] = await proAdminsByIds(ctx.db, ctx.caller.product, [id])
      ctx.audit.target_ids = [String(id)]
      ctx.audit.after = summary(after)
      return after
    },
  }),
  route({
    method: 'POST', url: '/api/proadmin/edit', summary: '修改产品管理员（密码留空则不改）', menu: MENU, action: 'U',
    body: Type.Object({ id: Id, ...Fields, password: Type.Optional(Text('密码', 2048)) }),
    handler: async (ctx, b) => {
      const before = await oneOf(ctx, b.id)
      const username = checkUsername(b.username)
      const plain = b.password ? decryptPassword(ctx.keys, b.password) : undefined
      const roleIds = await checkRoles(ctx.db, ctx.caller.product, b.role_ids)
      if (b.id === ctx.caller.adminId && b.status !== 1) throw conflict('不能禁用当前登录的账号')
      const rolesChanged = roleIds.join() !== before.role_ids.join()
      // The same rules as /api/sysadmin: never one's own roles, and only roles within the caller's own rights are given.
      if (rolesChanged) ensureNotSelf(ctx.caller, [b.id])
      if (plain !== undefined) await ensureMayTakeOver(ctx.db, ctx.caller, b.id)
      await ensureWithinCeiling(ctx.db, ctx.caller, roleIds, before.role_ids)
      if (await usernameTaken(ctx.db, username, b.id)) throw conflict('用户名已存在')
      await updateAdmin(ctx.db, b.id, { username, nickname: b.nickname.trim(), status: b.status, passwordHash: plain && (await hashPassword(plain)) })
      await setRoles(ctx.db, b.id, roleIds)
      // Disabled, given other roles or a new password: whoever holds its sessions must log in again.
      if (plain !== undefined || rolesChanged || (before.status === 1 && b.status === 0)) await endSessions(ctx.db, [b.id])
      const [after] = await proAdminsByIds(ctx.db, ctx.caller.product, [b.id])
      ctx.audit.before = summary(before)
      ctx.audit.after = { ...summary(after), changed_fields: plain !== undefined ? ['password'] : [] }
      return after
    },
  }),
  route({
    method: 'POST', url: '/api/proadmin/delete', summary: '删除产品管理员', menu: MENU, action: 'D',
    body: IdsBody,
    handler: async (ctx, b) => {
      const ids = [...new Set(b.ids)]
      const before = await proAdminsByIds(ctx.db, ctx.caller.product, ids, true)
      if (before.length !== ids.length) throw notFound()
      if (ids.includes(ctx.caller.adminId)) throw conflict('不能删除当前登录的账号')
      await deleteAdmins(ctx.db, ids)
      ctx.audit.target_ids = ids.map(String)
      ctx.audit.before = before.map((a) => ({ id: a.id, ...summary(a) }))
      return null
    },
  }),
  route({
    method: 'GET', url: '/api/proadmin/permission/index', summary: '可授予产品管理员的权限', menu: MENU, action: 'R',
    query: ListQuery({}),
    handler: async (ctx, q) => {
      const p = paging(q)
      const { data, total } = await grantablePermissions(ctx.db, p)
      return { data, total, per_page: p.per_page, current_page: p.page }
    },
  }),
  route({
    method: 'GET', url: '/api/proadmin/role/index', summary: '可分配给产品管理员的角色', menu: MENU, action: 'R',
    query: ListQuery({ name: Type.Optional(Text('角色名称', 64)) }),
    handler: async (ctx, q) => {
      const p = paging(q)
      const { items, total } = await assignableRoles(ctx.db, ctx.caller.product, q.name?.trim() || null, p)
      return paged(items, total, p)
    },
  }),
  route({
    method: 'POST', url: '/api/proadmin/google', summary: '重置产品管理员的谷歌验证', menu: MENU, action: 'U',
    body: IdBody,
    handler: async (ctx, b) => {
      const before = await oneOf(ctx, b.id)
      await ensureMayTakeOver(ctx.db, ctx.caller, b.id)
      await resetGoogle(ctx.db, b.id)
      await endSessions(ctx.db, [b.id])
      ctx.audit.before = { google_auth: before.google_auth }
      ctx.audit.after = { google_auth: false }
      return null
    },
  }),
]
