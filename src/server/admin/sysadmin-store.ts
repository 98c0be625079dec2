// Admin accounts of one owner scope: their columns without secrets, create/edit with RSA passwords and role checks,
// delete, and the rules that end sessions and keep one enabled super admin.
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { TIME } from '../http/format'
import { badRequest, conflict, notFound } from '../errors'
import { endSessions, type Caller } from '../rbac/access'
import type { RsaKeys } from '../auth/rsa'
import { hashPassword } from '../auth/password'
import type { Admin } from '../../contract/admin'
import {
  ensureEnabledSuper, ensureMayTakeOver, ensureNotSelf, ensureWithinCeiling, lockSuperRole, requireSuperCaller, uniq,
} from './sysrole-store'

// Never the password hash or the TOTP secret.
export const ADMIN_COLS = `a.id, a.username, a.nickname, a.status::int as status, a.google_enabled as google_auth, a.product,
  ${TIME('a.last_login_at')} as last_login_at, a.last_login_ip, ${TIME('a.created_at')} as created_at,
  coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.id)
              from admin_roles ar join roles r on r.id = ar.role_id where ar.admin_id = a.id), '[]'::json) as roles,
  exists (select 1 from admin_roles ar join roles r on r.id = ar.role_id where ar.admin_id = a.id and r.is_super) as is_super`

export type AdminRow = Admin & { is_super: boolean }

/** An admin as answered: its role ids beside its roles, without the super flag. */
export const shape = ({ is_super, ...a }: AdminRow): Admin => ({ ...a, role_ids: a.roles.map((r) => r.id) })

async function getRow(db: Queryable, scope: string | null, id: number, lock = false): Promise<AdminRow> {
  const a = await one<AdminRow>(db,
    `select ${ADMIN_COLS} from admins a where a.id = $1 and a.product is not distinct from $2${lock ? ' for update' : ''}`, [id, scope])
  if (!a) throw notFound('管理员不存在')
  return a
}

const getAdmin = async (db: Queryable, scope: string | null, id: number) => shape(await getRow(db, scope, id))

/** The plain password from the console's RSA ciphertext, checked for length. */
function plainPassword(keys: RsaKeys, cipher: string): string {
  const plain = keys.decrypt(cipher)
  if (plain === null) throw badRequest('密码格式不正确', 'password')
  const n = [...plain].length
  if (n < 8 || n > 64) throw badRequest('密码长度需为 8-64 位', 'password')
  return plain
}

/** Role ids must be roles of the same scope; answers whether the super role is among them. */
async function checkRoles(db: Queryable, scope: string | null, roleIds: number[]): Promise<{ ids: number[]; hasSuper: boolean }> {
  const ids = uniq(roleIds)
  const rows = await many<{ id: number; is_super: boolean }>(db,
    'select id, is_super from roles where id = any($1::int[]) and product is not distinct from $2', [ids, scope])
  if (rows.length !== ids.length) throw badRequest('角色不存在', 'role_ids')
  return { ids, hasSuper: rows.some((r) => r.is_super) }
}

async function checkUsername(db: Queryable, username: string, exceptId: number | null) {
  // Unique across every scope and regardless of case, so `Admin` cannot pose as `admin`.
  if (await one(db, 'select 1 from admins where lower(username) = lower($1) and id is distinct from $2', [username, exceptId])) {
    throw conflict('用户名已存在')
  }
}

export interface AdminInput { username: string; nickname: string; password?: string; role_ids: number[]; status: number }

export async function createAdmin(db: Queryable, caller: Caller, keys: RsaKeys, scope: string | null, b: AdminInput): Promise<Admin> {
  if (!b.password?.trim()) throw badRequest('密码不能为空', 'password')
  const plain = plainPassword(keys, b.password)
  const roles = await checkRoles(db, scope, b.role_ids)
  if (roles.hasSuper) requireSuperCaller(caller)
  await ensureWithinCeiling(db, caller, roles.ids)
  await checkUsername(db, b.username, null)
  const a = await one<{ id: number }>(db,
    `insert into admins (product, username, nickname, password_hash, status) values ($1, $2, $3, $4, $5)
     on conflict do nothing returning id`, [scope, b.username, b.nickname, await hashPassword(plain), b.status])
  if (!a) throw conflict('用户名已存在')
  await db.query('insert into admin_roles (admin_id, role_id) select $1, unnest($2::int[])', [a.id, roles.ids])
  return getAdmin(db, scope, a.id)
}

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x))

/** Edits an admin; disabling it, changing its roles or its password ends its sessions at once. */
export async function editAdmin(db: Queryable, caller: Caller, keys: RsaKeys, scope: string | null, id: number, b: AdminInput) {
  if (id === caller.adminId && b.status !== 1) throw badRequest('不能禁用自己', 'status')
  const plain = b.password?.trim() ? plainPassword(keys, b.password) : null
  // The super role is locked before the admin row, in the same order as sysrole/assign_user, so they cannot deadlock.
  await lockSuperRole(db)
  const before = await getRow(db, scope, id, true)
  if (plain !== null) await ensureMayTakeOver(db, caller, id)
  const roles = await checkRoles(db, scope, b.role_ids)
  if (before.is_super || roles.hasSuper) requireSuperCaller(caller)
  const had = before.roles.map((r) => r.id)
  const rolesChanged = !sameSet(had, roles.ids)
  // Own nickname, username or password may change, own roles may not; roles it already had and keeps are no gift.
  if (rolesChanged) ensureNotSelf(caller, [id])
  await ensureWithinCeiling(db, caller, roles.ids, had)
  await checkUsername(db, b.username, id)
  await db.query(
    `update admins set username = $2, nickname = $3, status = $4, password_hash = coalesce($5, password_hash), updated_at = now()
      where id = $1`, [id, b.username, b.nickname, b.status, plain === null ? null : await hashPassword(plain)])
  if (rolesChanged) {
    await db.query('delete from admin_roles where admin_id = $1', [id])
    await db.query('insert into admin_roles (admin_id, role_id) select $1, unnest($2::int[])', [id, roles.ids])
  }
  if (before.is_super) await ensureEnabledSuper(db)
  const disabled = before.status === 1 && b.status !== 1
  const sessionsEnded = disabled || rolesChanged || plain !== null
  if (sessionsEnded) await endSessions(db, [id])
  return { before: shape(before), after: await getAdmin(db, scope, id), sessionsEnded, passwordChanged: plain !== null }
}

/** Deletes all the admins or none; never the caller, never the last enabled super admin. */
export async function deleteAdmins(db: Queryable, caller: Caller, scope: string | null, ids: number[]): Promise<Admin[]> {
  const list = uniq(ids)
  if (list.includes(caller.adminId)) throw badRequest('不能删除自己', 'ids')
  await lockSuperRole(db)
  const rows = await many<AdminRow>(db,
    `select ${ADMIN_COLS} from admins a where a.id = any($1::int[]) and a.product is not distinct from $2 order by a.id for update`, [list, scope])
  if (rows.length !== list.length) throw notFound('管理员不存在')
  const supers = rows.some((r) => r.is_super)
  if (supers) requireSuperCaller(caller)
  await db.query('delete from admins where id = any($1::int[])', [list]) // sessions and role links go with them
  if (supers) await ensureEnabledSuper(db)
  return rows.map(shape)
}
