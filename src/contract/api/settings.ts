// Endpoints of the website settings: the three setting categories (基础设置 /api/system, 余额宝设置 /api/system/yuebao,
// 财务设置 /api/system/finance), each a list with its edit and delete, and the website whitelist (/api/whitelist).
import { Type } from '@sinclair/typebox'
import { get, post } from '../endpoint'
import { MENU, type MenuPath } from '../menus'
import { Id, IdsBody, KeysetQuery, Paged, PageQuery, Text } from '../schema'
import { SETTING_TYPES, SettingList, SiteWhitelistItem, type Setting, type SettingIndex, type SiteWhitelistEntry } from '../settings'
import type { Cursors, Paged as PagedOf } from '../common'

const EditBody = Type.Object({
  id: Type.Optional(Id),
  value: Type.Union([Type.String({ maxLength: 500 }), Type.Number()], { title: '设置值' }),
  key: Type.Optional(Type.String({ title: '键名', minLength: 2, maxLength: 40, pattern: '^[a-z][a-z0-9_]*$' })),
  name: Type.Optional(Text('名称', 40, 1)),
  value_type: Type.Optional(Type.Union(SETTING_TYPES.map((t) => Type.Literal(t)), { title: '值类型' })),
  remark: Type.Optional(Text('备注', 200)),
  sort: Type.Optional(Type.Integer({ title: '排序', minimum: 0, maximum: 100000 })),
})

/**
 * One category's list (every row on one page; the console's page and page size are taken and ignored), its edit (a
 * value by type and bounds; without id a custom row) and its delete (custom rows only), under the category's URL.
 */
const category = (url: string, menu: MenuPath, title: string, n: number) => ({
  index: get<SettingIndex>()(url, menu, `${title}（分类 ${n}）`, Type.Object(PageQuery), { response: SettingList }),
  edit: post<Setting>()(`${url}/edit`, menu, 'U', `修改${title}（按类型与范围校验；不带 id 时新增自定义项）`, EditBody),
  delete: post<{ ids: number[] }>()(`${url}/delete`, menu, 'D', `删除${title}中的自定义项（内置项不能删除）`, IdsBody),
})
const base = category('/api/system', MENU.settingsBase, '基础设置', 2)
const yuebao = category('/api/system/yuebao', MENU.settingsInvest, '余额宝设置', 1)
const finance = category('/api/system/finance', MENU.settingsFinance, '财务设置', 4)

export const system = {
  index: base.index, edit: base.edit, delete: base.delete,
  yuebao: yuebao.index, yuebaoEdit: yuebao.edit, yuebaoDelete: yuebao.delete,
  finance: finance.index, financeEdit: finance.edit, financeDelete: finance.delete,
}

const Entry = { ip: Text('IP地址', 64, 1), remark: Type.Optional(Text('备注', 100)) }
/** Cursors of a list over an int4 id. */
const Int4Cursor = Type.Optional(Type.Integer({ title: '翻页位置', minimum: 0, maximum: 2147483647 }))

export const whitelist = {
  index: get<PagedOf<SiteWhitelistEntry> & Cursors>()('/api/whitelist/index', MENU.whitelist, '网站白名单（每页 12 条）',
    Type.Object({ ...KeysetQuery, after: Int4Cursor, before: Int4Cursor, ip: Type.Optional(Text('IP地址', 64)) }),
    { response: Paged(SiteWhitelistItem) }),
  create: post<SiteWhitelistEntry>()('/api/whitelist/create', MENU.whitelist, 'C', '新增网站白名单（IP 或 CIDR 网段）', Type.Object(Entry)),
  edit: post<SiteWhitelistEntry>()('/api/whitelist/edit', MENU.whitelist, 'U', '修改网站白名单', Type.Object({ id: Id, ...Entry })),
  delete: post<null>()('/api/whitelist/delete', MENU.whitelist, 'D', '删除网站白名单', IdsBody),
}
