// 产品管理员: the administrators of the current product, the roles and permissions they may be given, and the reset of
// their authenticator.
import { route, type Ctx } from '../http/route'
import { defineList, listRoute } from '../db/list'
import { conflict, notFound } from '../errors'
import { hashPassword } from '../auth/password'
import { endSessions } from '../rbac/access'
import { ensureMayTakeOver, ensureNotSelf, ensureWithinCeiling } from '../admin/sysrole-store'
import { proadmin } from '../../contract/api/product'
import type { Admin } from '../../contract/admin'
import {
  checkRoles, checkUsername, decryptPassword, deleteAdmins, insertAdmin, proAdminsByIds, resetGoogle, setRoles, updateAdmin, usernameTaken,
} from './proadmin-store'
import { ADMINS, PERMISSIONS, ROLES } from './proadmin-lists'

/** What the log keeps of an admin (never its password or authenticator secret). */
const summary = (a: Admin) => ({ username: a.username, nickname: a.nickname, status: a.status, role_ids: a.role_ids, google_auth: a.google_auth })

async function oneOf(ctx: Ctx, id: number): Promise<Admin> {
  const [a] = await proAdminsByIds(ctx.db, ctx.caller.product, [id], true)
  if (!a) throw notFound()
  return a
}

const permissionPage = defineList(PERMISSIONS)

export default [
  listRoute(proadmin.index, ADMINS),
  route(proadmin.create, async (ctx, b) => {
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
  }),
  route(proadmin.edit, async (ctx, b) => {
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
  }),
  route(proadmin.delete, async (ctx, b) => {
    const ids = [...new Set(b.ids)]
    const before = await proAdminsByIds(ctx.db, ctx.caller.product, ids, true)
    if (before.length !== ids.length) throw notFound()
    if (ids.includes(ctx.caller.adminId)) throw conflict('不能删除当前登录的账号')
    await deleteAdmins(ctx.db, ids)
    ctx.audit.target_ids = ids.map(String)
    ctx.audit.before = before.map((a) => ({ id: a.id, ...summary(a) }))
    return null
  }),
  // Its rows answer as `data`, as /api/syspermission's do.
  route(proadmin.permissions, async (ctx, q) => {
    const { items, ...page } = await permissionPage(ctx, q)
    return { data: items, ...page }
  }),
  listRoute(proadmin.roles, ROLES),
  route(proadmin.google, async (ctx, b) => {
    const before = await oneOf(ctx, b.id)
    await ensureMayTakeOver(ctx.db, ctx.caller, b.id)
    await resetGoogle(ctx.db, b.id)
    await endSessions(ctx.db, [b.id])
    ctx.audit.before = { google_auth: before.google_auth }
    ctx.audit.after = { google_auth: false }
    return null
  }),
]
