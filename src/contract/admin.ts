// Answer shapes of the admin area: menus, roles, admins, permissions, master-control whitelist, operation log, Google
// authenticator. The rows of each list are declared once as a schema (checked against the answers in the server
// tests); their TypeScript types are derived from it. The endpoints themselves are in ./api/admin.ts.
import { Type, type Static } from '@sinclair/typebox'
import { Nullable, TimeText } from './schema'
import type { MenuNode, Paged } from './common'
import type { DiffEntry } from './diff'

const ActionKeyText = Type.Union([Type.Literal('C'), Type.Literal('R'), Type.Literal('U'), Type.Literal('D')])

// sysmenu — index answers the whole tree (each node with its children, web_uri and label).
export interface MenuIndex { items: MenuNode[] }

// sysrole
export const RoleItem = Type.Object({
  id: Type.Integer(), name: Type.String(), remark: Type.String(), is_super: Type.Boolean(), admin_count: Type.Integer(), created_at: TimeText,
}, { additionalProperties: false })
export type Role = Static<typeof RoleItem>
export type RoleIndex = Paged<Role>
export interface RoleMenus { role_id: number; menu_ids: number[]; permission_ids: number[] }

// sysadmin (and proadmin, same fields): never the password hash or the TOTP secret.
export const AdminItem = Type.Object({
  id: Type.Integer(), username: Type.String(), nickname: Type.String(), status: Type.Union([Type.Literal(0), Type.Literal(1)]),
  roles: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })), role_ids: Type.Array(Type.Integer()),
  google_auth: Type.Boolean(), product: Nullable(Type.String()), last_login_at: Nullable(TimeText), last_login_ip: Nullable(Type.String()),
  created_at: TimeText,
}, { additionalProperties: false })
export type Admin = Static<typeof AdminItem>
export type AdminIndex = Paged<Admin>

// syspermission — index answers its rows under `data` (with total, per_page, current_page).
export const PermissionItem = Type.Object({
  id: Type.Integer(), menu_id: Type.Integer(), menu_label: Type.String(), menu_path: Nullable(Type.String()), key: ActionKeyText,
  name: Type.String(), api_paths: Type.Array(Type.String()),
}, { additionalProperties: false })
export type Permission = Static<typeof PermissionItem>
export interface PermissionIndex { data: Permission[]; total: number; per_page: number; current_page: number }

// syswhitelist — index also answers the master switch (`enabled`) and the caller's address (`your_ip`).
export const WhitelistItem = Type.Object({
  id: Type.Integer(), ip: Type.String(), remark: Type.String(), created_at: TimeText, created_by: Type.String(),
}, { additionalProperties: false })
export type WhitelistEntry = Static<typeof WhitelistItem>
export interface WhitelistIndex extends Paged<WhitelistEntry> { enabled: boolean; your_ip: string }

// operation log
export const OperationItem = Type.Object({
  id: Type.Integer(), admin_id: Nullable(Type.Integer()), admin_name: Type.String(), product: Nullable(Type.String()), action: ActionKeyText,
  path: Type.String(), target_ids: Type.Array(Type.String()), ip: Type.String(), user_agent: Type.String(), created_at: TimeText,
}, { additionalProperties: false })
export type Operation = Static<typeof OperationItem>
/** `diff`: an edit's changed fields (both before and after stored); null for a row that is no edit. */
export interface OperationDetail extends Operation { before: unknown; after: unknown; diff: DiffEntry[] | null }
export type OperationIndex = Paged<Operation>

// google authenticator (the caller's own)
export interface GoogleStatus { is_open_google_auth: boolean; bound: boolean; secret?: string; otpauth_uri?: string; qr_svg?: string }
