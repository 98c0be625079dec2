// Endpoints of the products: the products the caller may work in and switching between them (any session), and the
// administrators of the current product (产品管理员) with the roles and permissions they may be given.
import { Type } from '@sinclair/typebox'
import { get, post } from '../endpoint'
import { MENU } from '../menus'
import { Id, IdBody, IdsBody, KeysetQuery, Nullable, Paged, Status01, Text, TimeText } from '../schema'
import type { Cursors, Paged as PagedOf, ProductInfo, UserInfo } from '../common'
import type { Admin, Permission, Role } from '../admin'

export const product = {
  index: get<ProductInfo>()('/api/product', 'session', '可切换的产品与当前产品'),
  switch: post<UserInfo>()('/api/product/switch', 'session', 'U', '切换当前产品（答复新的管理员信息）', Type.Object({ pro: Text('产品', 32, 1) })),
}

/** Cursors of a list over an int4 id (admins, roles, permissions). */
const Cursor = Type.Optional(Type.Integer({ title: '翻页位置', minimum: 0, maximum: 2147483647 }))
const Query = { ...KeysetQuery, after: Cursor, before: Cursor }

const Named = Type.Object({ id: Type.Integer(), name: Type.String() }, { additionalProperties: false })
const AdminItem = Type.Object({
  id: Type.Integer(), username: Type.String(), nickname: Type.String(), status: Type.Integer(),
  roles: Type.Array(Named), role_ids: Type.Array(Type.Integer()), google_auth: Type.Boolean(), product: Nullable(Type.String()),
  last_login_at: Nullable(TimeText), last_login_ip: Nullable(Type.String()), created_at: TimeText,
}, { additionalProperties: false })
const RoleItem = Type.Object({
  id: Type.Integer(), name: Type.String(), remark: Type.String(), is_super: Type.Boolean(), admin_count: Type.Integer(), created_at: TimeText,
}, { additionalProperties: false })
const PermissionItem = Type.Object({
  id: Type.Integer(), menu_id: Type.Integer(), menu_label: Type.String(), menu_path: Nullable(Type.String()),
  key: Type.String({ pattern: '^[CRUD]$' }), name: Type.String(), api_paths: Type.Array(Type.String()),
}, { additionalProperties: false })
/** The permission list answers its rows as `data` (as /api/syspermission does), with the paged list's other fields. */
const PermissionPage = Type.Object({ ...Type.Omit(Paged(PermissionItem), ['items']).properties, data: Type.Array(PermissionItem) })

const Fields = {
  username: Text('用户名', 64, 1),
  nickname: Text('昵称', 32, 1),
  role_ids: Type.Array(Type.Integer({ title: '角色', minimum: 1, maximum: 2147483647 }), { title: '角色', maxItems: 50 }),
  status: Status01(),
}

export const proadmin = {
  index: get<PagedOf<Admin> & Cursors>()('/api/proadmin/index', MENU.proadmin, '产品管理员列表（当前产品）',
    Type.Object({ ...Query, username: Type.Optional(Text('用户名', 64)) }), { response: Paged(AdminItem) }),
  create: post<Admin>()('/api/proadmin/create', MENU.proadmin, 'C', '新增产品管理员（密码为 RSA 密文）',
    Type.Object({ ...Fields, password: Text('密码', 2048, 1) })),
  edit: post<Admin>()('/api/proadmin/edit', MENU.proadmin, 'U', '修改产品管理员（密码留空则不改）',
    Type.Object({ id: Id, ...Fields, password: Type.Optional(Text('密码', 2048)) })),
  delete: post<null>()('/api/proadmin/delete', MENU.proadmin, 'D', '删除产品管理员', IdsBody),
  permissions: get<Omit<PagedOf<Permission>, 'items'> & Cursors & { data: Permission[] }>()('/api/proadmin/permission/index', MENU.proadmin,
    '可授予产品管理员的权限', Type.Object(Query), { response: PermissionPage }),
  roles: get<PagedOf<Role> & Cursors>()('/api/proadmin/role/index', MENU.proadmin, '可分配给产品管理员的角色',
    Type.Object({ ...Query, name: Type.Optional(Text('角色名称', 64)) }), { response: Paged(RoleItem) }),
  google: post<null>()('/api/proadmin/google', MENU.proadmin, 'U', '重置产品管理员的谷歌验证', IdBody),
}
