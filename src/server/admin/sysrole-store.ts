// Roles: scoped listing and edits, menu/permission grants, role holders, and the super-role guards sysadmin shares.
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { TIME } from '../http/format'
import { badRequest, conflict, forbidden, notFound } from '../errors'
import { endSessions, type Caller } from '../rbac/access'
import { heldMenuIds, heldPermissions } from '../rbac/holds'
import type { Role, RoleMenus } from '../../contract/admin'

const SUPER_ROLE = '超级管理员'

/** Owner scope of admins and roles: the caller's pinned product (null = platform). */
export const scopeOf = (caller: Caller) => caller.pinned

/** Trims a required text; whitespace only counts as empty. */
export function required(value: string, title: string, field: string): string {
  const v = value.trim()
  if (!v) throw badRequest(`${title}不能为空`, field)
  return v
}

/** A LIKE pattern matching values that contain `s` (its wildcards taken literally). */
export const contains = (s: string | undefined) => (s?.trim() ? `%${s.trim().replace(/[\\%_]/g, '\\$&')}%` : null)

export const uniq = (ids: number[]) => [...new Set(ids)]

export const ROLE_COLS = `r.id, r.name, r.remark, r.is_super,
  (select count(*)::int from admin_roles ar where ar.role_id = r.id) as admin_count, ${TIME('r.created_at')} as created_at`

export interface RoleRow extends Role { product: string | null }

/** The role with this id in the scope, or 404. */
export async function getRole(db: Queryable, scope: string | null, id: number): Promise<RoleRow> {
  const r = await one<RoleRow>(db, `select ${ROLE_COLS}, r.product from roles r where r.id = $1 and r.product is not distinct from $2`, [id, scope])
  if (!r) throw notFound('角色不存在')
  return r
}

async function checkName(db: Queryable, scope: string | null, name: string, exceptId: number | null, isSuper = false) {
  // The super role's name is reserved: a product role called 超级管理员 would mislead whoever assigns it.
  const taken = (!isSuper && name === SUPER_ROLE) || !!(await one(db,
    `select 1 from roles where coalesce(product, '') = coalesce($1, '') and name = $2 and id is distinct from $3`, [scope, name, exceptId]))
  if (taken) throw conflict('角色名称已存在')
}

export async function createRole(db: Queryable, scope: string | null, name: string, remark: string): Promise<RoleRow> {
  await checkName(db, scope, name, null)
  const r = await one<{ id: number }>(db,
    `insert into roles (product, name, remark) values ($1, $2, $3)
     on conflict ((coalesce(product, '')), name) do nothing returning id`, [scope, name, remark])
  if (!r) throw conflict('角色名称已存在')
  return getRole(db, scope, r.id)
}

export async function editRole(db: Queryable, scope: string | null, id: number, name: string, remark: string) {
  const before = await getRole(db, scope, id)
  if (before.is_super && name !== before.name) throw conflict('超级管理员角色不能改名')
  await checkName(db, scope, name, id, before.is_super)
  await db.query('update roles set name = $2, remark = $3 where id = $1', [id, name, remark])
  return { before, after: await getRole(db, scope, id) }
}

/** Deletes all the roles or none: refuses the super role and roles still held by admins. */
export async function deleteRoles(db: Queryable, scope: string | null, ids: number[]) {
  const list = uniq(ids)
  const rows = await many<RoleRow>(db,
    `select ${ROLE_COLS}, r.product from roles r where r.id = any($1::int[]) and r.product is not distinct from $2 order by r.id for update`,
    [list, scope])
  if (rows.length !== list.length) throw notFound('角色不存在')
  const superRole = rows.find((r) => r.is_super)
  if (superRole) throw conflict(`角色「${superRole.name}」不能删除`)
  const used = rows.filter((r) => r.admin_count > 0)
  if (used.length) throw conflict(`角色「${used.map((r) => r.name).join('、')}」仍有管理员使用，不能删除`)
  await db.query('delete from roles where id = any($1::int[])', [list])
  return rows
}

export async function roleGrants(db: Queryable, role: RoleRow): Promise<RoleMenus> {
  const q = (all: string, held: string) => many<{ id: number }>(db, role.is_super ? all : held, role.is_super ? [] : [role.id])
  const menus = await q('select id from menus order by id', 'select menu_id as id from role_menus where role_id = $1 order by 1')
  const perms = await q('select id from permissions order by id', 'select permission_id as id from role_permissions where role_id = $1 order by 1')
  return { role_id: role.id, menu_ids: menus.map((m) => m.id), permission_ids: perms.map((p) => p.id) }
}

const CEILING = '不能分配您自己没有的菜单或权限'

/** Menus (with their ancestors) and permissions the caller holds through its roles. */
async function callerHolds(db: Queryable, adminId: number) {
  const menus = await many<{ id: number }>(db, `select id from ${heldMenuIds('$1')} h`, [adminId])
  const perms = await many<{ id: number }>(db, `select distinct id from ${heldPermissions('$1')} h`, [adminId])
  return { menus: new Set(menus.map((m) => m.id)), perms: new Set(perms.map((p) => p.id)) }
}

/** Replaces a role's menus and permissions. permissionIds undefined = every permission of those menus. */
export async function assignGrants(db: Queryable, caller: Caller, role: RoleRow, menuIds: number[], permissionIds?: number[]) {
  if (role.is_super) throw conflict('超级管理员拥有全部权限，无需分配')
  const menus = uniq(menuIds)
  const found = await many<{ id: number }>(db, 'select id from menus where id = any($1::int[])', [menus])
  if (found.length !== menus.length) throw badRequest('菜单不存在', 'menu_ids')
  const ofMenus = (await many<{ id: number }>(db, 'select id from permissions where menu_id = any($1::int[]) order by id', [menus])).map((p) => p.id)
  let perms = ofMenus
  if (permissionIds) {
    perms = uniq(permissionIds)
    const allowed = new Set(ofMenus)
    if (perms.some((p) => !allowed.has(p))) throw badRequest('权限不属于所选菜单', 'permission_ids')
  }
  const before = await roleGrants(db, role)
  if (!caller.isSuper) {
    // An admin who may manage roles still cannot hand out more than it holds itself.
    const holds = await callerHolds(db, caller.adminId)
    const had = { menus: new Set(before.menu_ids), perms: new Set(before.permission_ids) }
    const grantsMore = menus.some((m) => !had.menus.has(m) && !holds.menus.has(m)) || perms.some((p) => !had.perms.has(p) && !holds.perms.has(p))
    if (grantsMore) throw forbidden(CEILING)
  }
  await db.query('delete from role_menus where role_id = $1', [role.id])
  await db.query('insert into role_menus (role_id, menu_id) select $1, unnest($2::int[])', [role.id, menus])
  await db.query('delete from role_permissions where role_id = $1', [role.id])
  await db.query('insert into role_permissions (role_id, permission_id) select $1, unnest($2::int[])', [role.id, perms])
  return { before, after: await roleGrants(db, role) }
}

/** Serializes every change to who holds the super role (so two changes cannot both remove "the other" super admin). */
export async function lockSuperRole(db: Queryable): Promise<void> {
  await db.query('select id from roles where is_super for update')
}

/** Call after a change inside its transaction: at least one enabled admin must still hold the super role. */
export async function ensureEnabledSuper(db: Queryable): Promise<void> {
  const r = await one<{ n: number }>(db,
    `select count(*)::int as n from admins a join admin_roles ar on ar.admin_id = a.id join roles r on r.id = ar.role_id
      where r.is_super and a.status = 1`)
  if (!r?.n) throw conflict('至少需要保留一个启用的超级管理员')
}

export function requireSuperCaller(caller: Caller): void {
  if (!caller.isSuper) throw forbidden('只有超级管理员可以授予、收回或修改超级管理员')
}

/** Nobody changes his own roles (not even the super admin, who could otherwise drop or widen his own rights unseen). */
export function ensureNotSelf(caller: Caller, adminIds: number[]): void {
  if (adminIds.includes(caller.adminId)) throw forbidden('不能修改自己的角色')
}

/**
 * The ceiling on giving rights, the rule assignGrants applies to a role's grants, for every path that gives an admin
 * roles (sysrole/assign_user, sysadmin and proadmin create/edit): a non-super caller may give a role only when all it
 * grants (its menus and permissions) the caller holds himself; only a super caller gives the super role (it holds
 * everything). keptRoleIds: roles the admin holds already and keeps; keeping them gives nothing new.
 */
export async function ensureWithinCeiling(db: Queryable, caller: Caller, roleIds: number[], keptRoleIds: number[] = [], msg = CEILING): Promise<void> {
  if (caller.isSuper) return
  const kept = new Set(keptRoleIds)
  const given = uniq(roleIds).filter((id) => !kept.has(id))
  if (!given.length) return
  if (await one(db, 'select 1 from roles where id = any($1::int[]) and is_super', [given])) requireSuperCaller(caller)
  const menus = await many<{ id: number }>(db, 'select distinct menu_id as id from role_menus where role_id = any($1::int[])', [given])
  const perms = await many<{ id: number }>(db,
    'select distinct permission_id as id from role_permissions where role_id = any($1::int[])', [given])
  const holds = await callerHolds(db, caller.adminId)
  if (menus.some((m) => !holds.menus.has(m.id)) || perms.some((p) => !holds.perms.has(p.id))) throw forbidden(msg)
}

/**
 * Resetting another admin's password or authenticator is taking over his account: a caller who is not super may do it
 * only to an admin whose roles are all within his own rights (else he would log in as the stronger admin).
 */
export async function ensureMayTakeOver(db: Queryable, caller: Caller, adminId: number): Promise<void> {
  if (caller.isSuper || adminId === caller.adminId) return
  const held = await many<{ id: number }>(db, 'select role_id as id from admin_roles where admin_id = $1', [adminId])
  await ensureWithinCeiling(db, caller, held.map((r) => r.id), [], '不能重置权限高于您的管理员的密码或谷歌验证')
}

/**
 * Sets exactly which admins of the role's scope hold the role; ends the sessions of every admin whose roles changed.
 * Only holders of the role's scope are touched: admins of another scope holding it (product admins given a platform
 * role through 产品管理员) are neither seen nor removed, and appear in neither before nor after.
 * Adding a holder gives him the role's rights, so the role must be within the caller's ceiling. Removing one only
 * narrows another admin's rights and raises nobody: it stays allowed whatever the role grants, as assignGrants lets
 * a role lose menus and sysadmin/edit lets an admin lose roles (revoking is the role manager's job, and it is logged).
 * The caller never adds or removes himself.
 */
export async function setHolders(db: Queryable, caller: Caller, role: RoleRow, adminIds: number[]) {
  const ids = uniq(adminIds)
  const found = await many<{ id: number }>(db,
    'select id from admins where id = any($1::int[]) and product is not distinct from $2', [ids, role.product])
  if (found.length !== ids.length) throw badRequest('管理员不存在', 'admin_ids')
  if (role.is_super) {
    requireSuperCaller(caller)
    await lockSuperRole(db)
  }
  const old = (await many<{ id: number }>(db,
    `select ar.admin_id as id from admin_roles ar join admins a on a.id = ar.admin_id
      where ar.role_id = $1 and a.product is not distinct from $2 order by 1`, [role.id, role.product])).map((r) => r.id)
  const removed = old.filter((id) => !ids.includes(id))
  const added = ids.filter((id) => !old.includes(id))
  ensureNotSelf(caller, [...added, ...removed])
  if (added.length) await ensureWithinCeiling(db, caller, [role.id])
  await db.query('delete from admin_roles where role_id = $1 and admin_id = any($2::int[])', [role.id, removed])
  await db.query('insert into admin_roles (admin_id, role_id) select unnest($2::int[]), $1', [role.id, added])
  if (role.is_super) await ensureEnabledSuper(db)
  await endSessions(db, [...added, ...removed])
  return { before: { admin_ids: old }, after: { admin_ids: [...ids].sort((a, b) => a - b) }, changed: [...added, ...removed] }
}
