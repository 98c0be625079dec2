// Product administrators' rules and SQL: the admins of one product, the roles and permissions they may be given,
// username and password checks (kept here, apart from /api/sysadmin's, as the two modules are written separately).
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { badRequest } from '../errors'
import { TIME } from '../http/format'
import type { RsaKeys } from '../auth/rsa'
import { MENU } from '../../contract/menus'
import type { Admin } from '../../contract/admin'

const USERNAME = /^[A-Za-z0-9_]{3,32}$/

export function checkUsername(raw: string): string {
  const name = raw.trim()
  if (!USERNAME.test(name)) throw badRequest('用户名须为 3–32 位字母、数字或下划线', 'username')
  return name
}

/** The plain password from the console's RSA ciphertext; 400 when it cannot be decrypted or its length is wrong. */
export function decryptPassword(keys: RsaKeys, cipher: string): string {
  const plain = keys.decrypt(cipher)
  if (plain === null) throw badRequest('密码无法解密，请刷新页面后重试', 'password')
  if (plain.length < 8 || plain.length > 64) throw badRequest('密码长度须为 8–64 个字符', 'password')
  return plain
}

/** The folder of the platform's own system area (its pages' parent path). */
const ADMIN_DIR = MENU.admins.slice(0, MENU.admins.lastIndexOf('/'))
/** Menus of the system area (menus, permissions and the master whitelist are platform-global): never given to a product admin. */
export const ADMIN_AREA = `(m.web_uri = '${ADMIN_DIR}' or m.web_uri like '${ADMIN_DIR}/%')`

/**
 * Roles a product admin of `product` (an SQL expression) may hold: its product's roles and platform roles, never the
 * super role nor a role reaching the system area.
 */
export const assignable = (product: string) => `not r.is_super and (r.product = ${product} or r.product is null)
  and not exists (select 1 from menus m where ${ADMIN_AREA} and (
        m.id in (select rm.menu_id from role_menus rm where rm.role_id = r.id)
     or m.id in (select p.menu_id from role_permissions rp join permissions p on p.id = rp.permission_id where rp.role_id = r.id)))`

export const ADMIN_COLUMNS = `a.id, a.username, a.nickname, a.status::int as status,
  coalesce((select json_agg(json_build_object('id', r.id, 'name', r.name) order by r.id)
              from admin_roles ar join roles r on r.id = ar.role_id where ar.admin_id = a.id), '[]'::json) as roles,
  a.google_enabled as google_auth, a.product, ${TIME('a.last_login_at')} as last_login_at, a.last_login_ip,
  ${TIME('a.created_at')} as created_at`

type AdminRow = Omit<Admin, 'role_ids'>
export const withRoleIds = (a: AdminRow): Admin => ({ ...a, role_ids: a.roles.map((r) => r.id) })

/** The admins of the product among ids (locked for the change); an id outside the product is simply absent. */
export async function proAdminsByIds(db: Queryable, product: string, ids: number[], lock = false): Promise<Admin[]> {
  const rows = await many<AdminRow>(db,
    `select ${ADMIN_COLUMNS} from admins a where a.product = $1 and a.id = any($2::int[]) order by a.id${lock ? ' for update of a' : ''}`,
    [product, ids])
  return rows.map(withRoleIds)
}

/** 400 unless every role can be given to an admin of the product; answers the ids without repeats. */
export async function checkRoles(db: Queryable, product: string, roleIds: number[]): Promise<number[]> {
  const ids = [...new Set(roleIds)].sort((a, b) => a - b)
  const ok = await many<{ id: number }>(db, `select r.id from roles r where r.id = any($2::int[]) and ${assignable('$1')}`, [product, ids])
  if (ok.length !== ids.length) throw badRequest('所选角色不存在或不能分配给产品管理员', 'role_ids')
  return ids
}

export async function usernameTaken(db: Queryable, username: string, exceptId = 0): Promise<boolean> {
  return !!(await one(db, 'select 1 from admins where lower(username) = lower($1) and id <> $2', [username, exceptId]))
}

export async function insertAdmin(db: Queryable, a: { product: string; username: string; nickname: string; passwordHash: string; status: number }) {
  return (await one<{ id: number }>(db,
    `insert into admins (product, username, nickname, password_hash, status) values ($1, $2, $3, $4, $5)
     on conflict do nothing returning id`, [a.product, a.username, a.nickname, a.passwordHash, a.status]))?.id
}

export async function updateAdmin(db: Queryable, id: number, a: { username: string; nickname: string; status: number; passwordHash?: string }) {
  await db.query(
    `update admins set username = $2, nickname = $3, status = $4, password_hash = coalesce($5, password_hash), updated_at = now()
      where id = $1`, [id, a.username, a.nickname, a.status, a.passwordHash ?? null])
}

export async function setRoles(db: Queryable, adminId: number, roleIds: number[]): Promise<void> {
  await db.query('delete from admin_roles where admin_id = $1', [adminId])
  await db.query('insert into admin_roles (admin_id, role_id) select $1, unnest($2::int[])', [adminId, roleIds])
}

export async function deleteAdmins(db: Queryable, ids: number[]): Promise<void> {
  await db.query('delete from admins where id = any($1::int[])', [ids])
}

/** Forgets the authenticator; the last used step is kept so spent codes stay spent. */
export async function resetGoogle(db: Queryable, id: number): Promise<void> {
  await db.query('update admins set google_enabled = false, google_secret = null, updated_at = now() where id = $1', [id])
}
