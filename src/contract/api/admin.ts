// Endpoints of the admin area (see ../endpoint.ts). Each export is one resource: { name: endpoint }.
import { Type } from '@sinclair/typebox'
import { get, post } from '../endpoint'
import { MENU } from '../menus'
import { Id, IdBody, IdQuery, IdsBody, KeysetQuery, DateTime, Paged, PageQuery, Status01, Text } from '../schema'
import type { ActionKey } from '../enums'
import type { MenuNode } from '../common'
import type { AuditReport } from '../audit'
import {
  AdminItem, OperationItem, PermissionItem, RoleItem, WhitelistItem,
  type Admin, type AdminIndex, type GoogleStatus, type MenuIndex, type OperationDetail, type OperationIndex, type Permission,
  type PermissionIndex, type Role, type RoleIndex, type RoleMenus, type WhitelistEntry, type WhitelistIndex,
} from '../admin'

/** Paging of a list over an int4 id: its cursors are int4 too. */
const IntKeyset = {
  ...PageQuery,
  after: Type.Optional(Type.Integer({ title: '翻页位置', minimum: 0, maximum: 2147483647 })),
  before: Type.Optional(Type.Integer({ title: '翻页位置', minimum: 0, maximum: 2147483647 })),
}
const IdList = (title: string, minItems = 0) => Type.Array(Type.Integer({ title, minimum: 1, maximum: 2147483647 }), { title, minItems, maxItems: 1000 })
/** A delete answers the ids it removed. */
type Deleted = { ids: number[] }

// sysadmin (管理员列表): admin accounts of the caller's scope (platform, or his pinned product).
const AdminFields = {
  username: Type.String({ title: '用户名', minLength: 3, maxLength: 32, pattern: '^[A-Za-z0-9_]+$' }),
  nickname: Text('昵称', 32, 1),
  role_ids: IdList('角色', 1),
  status: Status01(),
}
// RSA ciphertext (base64) of the password, like login.
const Password = Text('密码', 2048)

export const sysadmin = {
  index: get<AdminIndex>()('/api/sysadmin/index', MENU.admins, '管理员列表',
    Type.Object({ ...IntKeyset, id: Type.Optional(Id), username: Type.Optional(Text('用户名', 32)), status: Type.Optional(Status01()) }),
    { response: Paged(AdminItem) }),
  create: post<Admin>()('/api/sysadmin/create', MENU.admins, 'C', '新增管理员（密码为 RSA 密文）',
    Type.Object({ ...AdminFields, password: Password })),
  edit: post<Admin>()('/api/sysadmin/edit', MENU.admins, 'U', '编辑管理员（密码留空不修改；禁用、改角色或改密码会结束其登录）',
    Type.Object({ id: Id, ...AdminFields, password: Type.Optional(Password) })),
  delete: post<Deleted>()('/api/sysadmin/delete', MENU.admins, 'D', '删除管理员', IdsBody),
}

// sysrole (角色管理): roles of the caller's scope, their menus and permissions, and their admins.
const RoleId = Type.Integer({ title: '角色', minimum: 1, maximum: 2147483647 })
const RoleFields = { name: Text('角色名称', 32, 1), remark: Type.Optional(Text('备注', 200)) }

export const sysrole = {
  index: get<RoleIndex>()('/api/sysrole/index', MENU.roles, '角色列表',
    Type.Object({ ...IntKeyset, name: Type.Optional(Text('角色名称', 32)) }), { response: Paged(RoleItem) }),
  create: post<Role>()('/api/sysrole/create', MENU.roles, 'C', '新增角色', Type.Object(RoleFields)),
  edit: post<Role>()('/api/sysrole/edit', MENU.roles, 'U', '编辑角色', Type.Object({ id: Id, ...RoleFields })),
  delete: post<Deleted>()('/api/sysrole/delete', MENU.roles, 'D', '删除角色（超级管理员与仍被使用的角色不能删除）', IdsBody),
  menu: get<RoleMenus>()('/api/sysrole/menu', MENU.roles, '角色的菜单与权限', Type.Object({ role_id: RoleId })),
  assign: post<RoleMenus>()('/api/sysrole/assign', MENU.roles, 'U', '分配菜单与权限（替换角色原有的授权）',
    Type.Object({ role_id: RoleId, menu_ids: IdList('菜单'), permission_ids: Type.Optional(IdList('权限')) })),
  assign_user: post<{ role_id: number; admin_ids: number[]; sessions_ended: number[] }>()('/api/sysrole/assign_user', MENU.roles, 'U',
    '设置持有该角色的管理员（角色变化的管理员须重新登录）', Type.Object({ role_id: RoleId, admin_ids: IdList('管理员') })),
}

// sysmenu (菜单管理): the menu tree.
type MenuRecord = Omit<MenuNode, 'children' | 'path'>
const MenuFields = {
  parent_id: Type.Unsafe<number | null>({ type: ['integer', 'null'], title: '上级菜单', minimum: 1, maximum: 2147483647 }),
  label: Text('菜单名称', 32, 1),
  // A page's route path under /layout; empty or null makes a directory.
  web_uri: Type.Optional(Type.Unsafe<string | null>({
    type: ['string', 'null'], title: '菜单路径', maxLength: 128, pattern: '^(/layout(/[A-Za-z0-9_-]+)*)?$',
  })),
  hidden: Type.Optional(Type.Boolean({ title: '是否隐藏' })),
  sort: Type.Optional(Type.Integer({ title: '排序', minimum: 0, maximum: 1000000 })),
}

export const sysmenu = {
  index: get<MenuIndex>()('/api/sysmenu/index', MENU.menus, '菜单树'),
  create: post<MenuRecord>()('/api/sysmenu/create', MENU.menus, 'C', '新增菜单', Type.Object(MenuFields)),
  edit: post<MenuRecord>()('/api/sysmenu/edit', MENU.menus, 'U', '编辑菜单', Type.Object({ id: Id, ...MenuFields })),
  delete: post<{ id: number }>()('/api/sysmenu/delete', MENU.menus, 'D', '删除菜单（有子菜单时不能删除；其权限与角色授权一并删除）', IdBody),
  resort: post<{ parent_id: number | null; items: { id: number; sort: number }[] }>()('/api/sysmenu/resort', MENU.menus, 'U', '同级菜单排序',
    Type.Object({ ids: Type.Array(Id, { title: '菜单', minItems: 1, maxItems: 1000 }) })),
}

// syspermission (菜单权限): permissions hang off menus, so managing them is part of the menu screen.
const MenuId = Type.Integer({ title: '菜单', minimum: 1, maximum: 2147483647 })
const Key = Type.Unsafe<ActionKey>({ type: 'string', enum: ['C', 'R', 'U', 'D'], title: '操作类型' })
const PermissionFields = {
  menu_id: MenuId,
  key: Key,
  name: Text('权限名称', 64, 1),
  api_paths: Type.Array(
    Type.String({ title: '接口路径', maxLength: 200, pattern: '^/(api|common)/[A-Za-z0-9_./-]*$' }),
    { title: '接口路径', maxItems: 50 }),
}

export const syspermission = {
  index: get<PermissionIndex>()('/api/syspermission/index', MENU.menus, '权限列表（data, total, per_page, current_page）',
    Type.Object({ ...IntKeyset, menu_id: Type.Optional(MenuId), key: Type.Optional(Key), name: Type.Optional(Text('权限名称', 64)) }), {
      response: Type.Object({ data: Type.Array(PermissionItem), total: Type.Integer(), per_page: Type.Integer(), current_page: Type.Integer() },
        { additionalProperties: false }),
    }),
  create: post<Permission>()('/api/syspermission/create', MENU.menus, 'C', '新增权限', Type.Object(PermissionFields)),
  edit: post<Permission>()('/api/syspermission/edit', MENU.menus, 'U', '编辑权限', Type.Object({ id: Id, ...PermissionFields })),
  delete: post<Deleted>()('/api/syspermission/delete', MENU.menus, 'D', '删除权限（角色的授权一并删除）', IdsBody),
}

// syswhitelist (总控白名单): platform-global, with its master switch.
const EntryFields = { ip: Text('IP地址', 64, 1), remark: Type.Optional(Text('备注', 100)) }

export const syswhitelist = {
  index: get<WhitelistIndex>()('/api/syswhitelist/index', MENU.adminWhitelist, '总控白名单列表（含总开关与当前IP）',
    Type.Object(IntKeyset), { response: Paged(WhitelistItem, { enabled: Type.Boolean(), your_ip: Type.String() }) }),
  create: post<WhitelistEntry>()('/api/syswhitelist/create', MENU.adminWhitelist, 'C', '新增总控白名单（IP 或 CIDR 网段）', Type.Object(EntryFields)),
  edit: post<WhitelistEntry>()('/api/syswhitelist/edit', MENU.adminWhitelist, 'U', '修改总控白名单', Type.Object({ id: Id, ...EntryFields })),
  delete: post<null>()('/api/syswhitelist/delete', MENU.adminWhitelist, 'D', '删除总控白名单', IdsBody),
  // JSON true/false only: no type coercion may turn a null or "0" into switching the whitelist off.
  switch: post<{ enabled: boolean }>()('/api/syswhitelist/switch', MENU.adminWhitelist, 'U', '总控白名单总开关',
    Type.Object({ enabled: Type.Unsafe<boolean>({ title: '白名单开关', enum: [true, false] }) })),
}

// operation (操作日志): the current product's log, newest first.
export const operation = {
  index: get<OperationIndex>()('/api/operation/index', MENU.log, '操作日志列表（当前产品）', Type.Object({
    ...KeysetQuery,
    admin: Type.Optional(Text('管理员', 64)),
    action: Type.Optional(Type.String({ title: '操作类型', pattern: '^[CRUD]$', maxLength: 1 })),
    path: Type.Optional(Text('接口路径', 200)),
    start_time: Type.Optional(DateTime('开始时间')),
    end_time: Type.Optional(DateTime('结束时间')),
  }), { response: Paged(OperationItem) }),
  show: get<OperationDetail>()('/api/operation/show', MENU.log, '操作日志详情（含修改前后内容）', IdQuery, { audit: true }),
}

// audit (审计校验): super admins only, refused to everyone else by the handler.
export const audit = {
  verify: get<AuditReport>()('/api/audit/verify', 'session', '审计校验：逐条重算操作日志的哈希链（仅超级管理员）'),
}

// google: every admin's own authenticator.
const Code = Text('谷歌验证码', 16, 1)

export const google = {
  index: get<GoogleStatus>()('/api/google/index', 'session', '我的谷歌验证状态（未开启时给出待绑定密钥与二维码）'),
  test: post<{ ok: boolean }>()('/api/google/test', 'session', 'R', '校验谷歌验证码（每个验证码只能使用一次）',
    Type.Object({ code: Code }), { audit: true }),
  // true/false or 1/0 exactly (no type coercion: a null must not mean "off").
  set_google_auth: post<GoogleStatus>()('/api/google/set_google_auth', 'session', 'U', '开启或关闭我的谷歌验证（需要有效验证码）',
    Type.Object({ is_open_google_auth: Type.Unsafe<boolean | 0 | 1>({ title: '谷歌验证开关', enum: [true, false, 1, 0] }), code: Code })),
}
