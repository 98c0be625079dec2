// /api/system (基础设置, category 2), /api/system/yuebao (余额宝设置, 1) and /api/system/finance (财务设置, 4): each
// list with its edit (a value by type and bounds; without id a custom row) and delete (custom rows only).
import { Type } from '@sinclair/typebox'
import { route, type RouteSpec } from '../http/route'
import { Id, IdsBody, ListQuery, Text } from '../http/schemas'
import { badRequest } from '../errors'
import { SETTING_LISTS } from './catalog'
import { addSetting, deleteSettings, editSetting, listSettings } from './rows'
import type { SettingType } from '../../contract/settings'

const TYPES = ['number', 'money', 'percent', 'switch', 'text', 'time_range'] as const

const EditBody = Type.Object({
  id: Type.Optional(Id),
  value: Type.Union([Type.String({ maxLength: 500 }), Type.Number()], { title: '设置值' }),
  key: Type.Optional(Type.String({ title: '键名', minLength: 2, maxLength: 40, pattern: '^[a-z][a-z0-9_]*$' })),
  name: Type.Optional(Text('名称', 40, 1)),
  value_type: Type.Optional(Type.Union(TYPES.map((t) => Type.Literal(t)), { title: '值类型' })),
  remark: Type.Optional(Text('备注', 200)),
  sort: Type.Optional(Type.Integer({ title: '排序', minimum: 0, maximum: 100000 })),
})

function routesFor(l: (typeof SETTING_LISTS)[number]): RouteSpec[] {
  return [
    route({
      method: 'GET', url: l.url, summary: `${l.title}（分类 ${l.category}）`, menu: l.menu, action: 'R',
      // One page holds every setting; the console's list still sends its page and page size.
      query: ListQuery({}),
      handler: async (ctx) => {
        const items = await listSettings(ctx.db, ctx.caller.product, l.category)
        return { items, total: items.length, per_page: items.length, current_page: 1 }
      },
    }),
    route({
      method: 'POST', url: `${l.url}/edit`, summary: `修改${l.title}（按类型与范围校验；不带 id 时新增自定义项）`, menu: l.menu, action: 'U',
      body: EditBody,
      handler: async (ctx, b) => {
        const value = String(b.value)
        if (b.id !== undefined) {
          const { before, after } = await editSetting(ctx.db, ctx.caller.product, l.category, b.id, value, b.remark)
          ctx.audit.before = before
          ctx.audit.after = after
          return after
        }
        if (!b.key) throw badRequest('新增设置项须填写键名', 'key')
        if (!b.name?.trim()) throw badRequest('新增设置项须填写名称', 'name')
        if (!b.value_type) throw badRequest('新增设置项须选择值类型', 'value_type')
        const added = await addSetting(ctx.db, ctx.caller.product, l.category,
          { key: b.key, name: b.name, value_type: b.value_type as SettingType, value, remark: b.remark, sort: b.sort })
        ctx.audit.action = 'C'
        ctx.audit.target_ids = [String(added.id)]
        ctx.audit.after = added
        return added
      },
    }),
    route({
      method: 'POST', url: `${l.url}/delete`, summary: `删除${l.title}中的自定义项（内置项不能删除）`, menu: l.menu, action: 'D',
      body: IdsBody,
      handler: async (ctx, b) => {
        ctx.audit.before = await deleteSettings(ctx.db, ctx.caller.product, l.category, [...new Set(b.ids)])
        return { ids: b.ids }
      },
    }),
  ]
}

export default SETTING_LISTS.flatMap(routesFor)
