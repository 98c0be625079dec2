// 基础设置 (category 2), 余额宝设置 (1) and 财务设置 (4): each list with its edit (a value by type and bounds; without
// id a custom row) and delete (custom rows only).
import { route } from '../http/route'
import { badRequest } from '../errors'
import { SETTING_CATEGORIES, type SettingCategory } from '../../contract/setting-categories'
import { addSetting, deleteSettings, editSetting, listSettings } from './rows'

const routesFor = ({ category, index, edit, remove }: SettingCategory) => [
  // One page holds every setting; the console's list still sends its page and page size.
  route(index, async (ctx) => {
    const items = await listSettings(ctx.db, ctx.caller.product, category)
    return { items, total: items.length, per_page: items.length, current_page: 1 }
  }),
  route(edit, async (ctx, b) => {
    const value = String(b.value)
    if (b.id !== undefined) {
      const { before, after } = await editSetting(ctx.db, ctx.caller.product, category, b.id, value, b.remark)
      ctx.audit.before = before
      ctx.audit.after = after
      return after
    }
    if (!b.key) throw badRequest('新增设置项须填写键名', 'key')
    if (!b.name?.trim()) throw badRequest('新增设置项须填写名称', 'name')
    if (!b.value_type) throw badRequest('新增设置项须选择值类型', 'value_type')
    const added = await addSetting(ctx.db, ctx.caller.product, category,
      { key: b.key, name: b.name, value_type: b.value_type, value, remark: b.remark, sort: b.sort })
    ctx.audit.action = 'C'
    ctx.audit.target_ids = [String(added.id)]
    ctx.audit.after = added
    return added
  }),
  route(remove, async (ctx, b) => {
    ctx.audit.before = await deleteSettings(ctx.db, ctx.caller.product, category, [...new Set(b.ids)])
    return { ids: b.ids }
  }),
]

export default SETTING_CATEGORIES.flatMap(routesFor)
