// 网站设置: the three setting screens (基础设置, 余额宝设置, 财务设置) — Enter or e edits a value in a dialog shaped by its
// type, t flips a switch after a preview, custom rows are added and deleted (built-ins never) — and 网站白名单.
import { defineCommands } from '../core/registry'
import { call } from '../core/api'
import { refreshList } from '../core/context'
import { ids, lines, one, orCancel } from '../core/ops'
import type { Command } from '../core/command'
import { API } from '../contract/api'
import { MENU } from '../contract/menus'
import { SWITCH_LABEL } from '../contract/settings'
import { CATEGORIES, type Category } from '../views/settings/categories'
import { crud } from './crud'

const forms = () => import('../views/settings/setting-form')
const wforms = () => import('../views/settings/whitelist-form')

function categoryCommands(c: Category): Command[] {
  const after = <T>(r: T) => {
    refreshList(c.path)
    return r
  }
  return [
    {
      id: c.ids.list, title: c.title, keywords: c.words, menu: c.path, path: c.path,
      view: () => import('../views/settings/settings-list').then((m) => ({ default: m.SCREENS[c.key] })),
    },
    {
      id: c.ids.edit, title: `修改${c.title}`, keywords: ['edit', 'xiugai', ...c.words], menu: c.path, action: 'U',
      on: 'rows', list: c.path, rowKey: 'edit', when: (ctx) => one(ctx.rows),
      run: async (ctx) => after(orCancel(await (await forms()).settingForm(c.edit, ctx.rows[0]))),
    },
    {
      // A custom row is added through the category's edit, so it needs the edit permission.
      id: c.ids.add, title: `新增${c.title}项`, keywords: ['add', 'custom', 'xinzeng', ...c.words], menu: c.path, action: 'U',
      run: async () => after(orCancel(await (await forms()).customSettingForm(c.edit, c.title))),
    },
    {
      id: c.ids.remove, title: `删除${c.title}自定义项`, keywords: ['delete', 'shanchu', ...c.words], menu: c.path, action: 'D',
      on: 'rows', list: c.path, rowKey: 'delete', when: (ctx) => ctx.rows.every((r) => !r.builtin),
      confirm: (ctx) => ({ title: `删除 ${ctx.rows.length} 个自定义项`, danger: true, okText: '删除', lines: lines(ctx.rows, (r) => `${r.name}（${r.key}）= ${r.value}`) }),
      run: async (ctx) => {
        await call(c.remove, { ids: ids(ctx.rows) })
        return after({ ok: ctx.rows.length, failed: [] })
      },
    },
  ]
}

defineCommands([
  ...CATEGORIES.flatMap(categoryCommands),
  {
    id: 'settings.flipSwitch', title: '切换开关', keywords: ['switch', 'toggle', 'kaiguan'], action: 'U', hotkey: 't', on: 'rows',
    when: (ctx) => one(ctx.rows) && ctx.rows[0].value_type === 'switch' && CATEGORIES.some((c) => c.path === ctx.list),
    confirm: (ctx) => {
      const r = ctx.rows[0]
      const next = r.value === '1' ? '0' : '1'
      return { title: `${SWITCH_LABEL[next]}：${r.name}`, okText: SWITCH_LABEL[next], danger: r.key === 'maintenance' && next === '1', lines: [`${r.name}：${SWITCH_LABEL[String(r.value)]} → ${SWITCH_LABEL[next]}`, ...(r.remark ? [String(r.remark)] : [])] }
    },
    run: async (ctx) => {
      const c = CATEGORIES.find((x) => x.path === ctx.list)!
      const r = ctx.rows[0]
      const out = await call(c.edit, { id: Number(r.id), value: r.value === '1' ? '0' : '1' })
      refreshList(c.path)
      return out
    },
  },
  ...crud({
    list: MENU.whitelist, noun: '网站白名单', unit: '条', keywords: ['whitelist', 'ip', 'wangzhan', 'baimingdan'],
    open: { id: 'settings.whitelistList', view: () => import('../views/settings/whitelist') },
    create: { id: 'settings.createWhitelist', form: async () => (await wforms()).siteWhitelistForm() },
    edit: { id: 'settings.editWhitelist', form: async (row) => (await wforms()).siteWhitelistForm(row) },
    remove: {
      id: 'settings.deleteWhitelist', endpoint: API.whitelist.delete, line: (r) => `${r.ip}${r.remark ? `（${r.remark}）` : ''}`,
      notes: ['维护期间这些地址将无法访问会员站，回调也会被拒绝'],
    },
  }),
])
