// Request and response shapes of the admin area: menus, roles, admins, permissions,
// master-control whitelist, operation log, Google authenticator, product admins and products.
import type { ActionKey } from './enums'
import type { MenuNode, Paged } from './common'

export const API = {
  login: '/api/login', logout: '/api/logout', userinfo: '/api/userinfo', configs: '/common/configs',
  product: '/api/product', productSwitch: '/api/product/switch',
  sysmenu: '/api/sysmenu', sysrole: '/api/sysrole', sysadmin: '/api/sysadmin', syspermission: '/api/syspermission',
  syswhitelist: '/api/syswhitelist', operation: '/api/operation', google: '/api/google', proadmin: '/api/proadmin',
} as const

// sysmenu — GET index answers { items: MenuNode[] } (a tree; each node has children, web_uri and label).
export interface MenuInput { parent_id: number | null; label: string; web_uri?: string | null; hidden?: boolean; sort?: number }
export interface MenuEdit extends MenuInput { id: number }
export interface MenuIndex { items: MenuNode[] }
// POST resort { ids: number[] } — the new order of siblings (ids of one parent, in order).
// POST delete { id } — refused (409) while the menu has children.

// sysrole
export interface Role { id: number; name: string; remark: string; is_super: boolean; admin_count: number; created_at: string }
export interface RoleInput { name: string; remark?: string }
export interface RoleEdit extends RoleInput { id: number }
export interface RoleMenus { role_id: number; menu_ids: number[]; permission_ids: number[] }
/** POST assign: menus granted to the role; permission_ids omitted = every permission of those menus. */
export interface RoleAssign { role_id: number; menu_ids: number[]; permission_ids?: number[] }
export interface RoleAssignUser { role_id: number; admin_ids: number[] }
export type RoleIndex = Paged<Role>

// sysadmin (and proadmin, same fields)
export interface Admin {
  id: number; username: string; nickname: string; status: 0 | 1
  roles: { id: number; name: string }[]; role_ids: number[]
  google_auth: boolean; product: string | null; last_login_at: string | null; last_login_ip: string | null; created_at: string
}
/** password: RSA PKCS#1 v1.5 ciphertext (base64) of the password, like login. Optional on edit (blank = unchanged). */
export interface AdminInput { username: string; nickname: string; password?: string; role_ids: number[]; status: 0 | 1 }
export interface AdminEdit extends AdminInput { id: number }
export type AdminIndex = Paged<Admin>

// syspermission — answers { data, total, per_page, current_page } as the specification says.
export interface Permission { id: number; menu_id: number; menu_label: string; menu_path: string | null; key: ActionKey; name: string; api_paths: string[] }
export interface PermissionInput { menu_id: number; key: ActionKey; name: string; api_paths: string[] }
export interface PermissionEdit extends PermissionInput { id: number }
export interface PermissionIndex { data: Permission[]; total: number; per_page: number; current_page: number }

// syswhitelist — index also answers { enabled } (the master switch) and { your_ip }.
export interface WhitelistEntry { id: number; ip: string; remark: string; created_at: string; created_by: string }
export interface WhitelistInput { ip: string; remark?: string }
export interface WhitelistEdit extends WhitelistInput { id: number }
export interface WhitelistIndex extends Paged<WhitelistEntry> { enabled: boolean; your_ip: string }
// POST /api/syswhitelist/switch { enabled: boolean }

// operation log
export interface Operation {
  id: number; admin_id: number | null; admin_name: string; product: string | null; action: ActionKey
  path: string; target_ids: string[]; ip: string; user_agent: string; created_at: string
}
export interface OperationDetail extends Operation { before: unknown; after: unknown }
export interface OperationQuery { page?: number; per_page?: number; admin?: string; action?: ActionKey; path?: string; start_time?: string; end_time?: string }
export type OperationIndex = Paged<Operation>

// google authenticator (the caller's own)
export interface GoogleStatus { is_open_google_auth: boolean; bound: boolean; secret?: string; otpauth_uri?: string; qr_svg?: string }

// product admins — admins pinned to the current product; index page size 12.
export type ProAdminIndex = Paged<Admin>
