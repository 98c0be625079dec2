// 网站设置: the three setting screens (基础设置, 余额宝设置, 财务设置) — Enter or e edits a value in a dialog shaped by its
// type, t flips a switch after a preview, custom rows are added and deleted (built-ins never) — and 网站白名单.
import { defineCommands } from '../core/registry'
import { http } from '../core/http'
import { refreshList } from '../core/context'
import type { Command } from '../core/command'
import { SETTINGS_API, SETTINGS_PATHS as SP, SWITCH_LABEL } from '../contract/settings'
import { ids, lines, one, orCancel } from './admin-shared'

const forms = () => import('../views/settings/setting-form')
const wforms = () => import('../views/settings/whitelist-form')

/** Each category's screen path, API and title (the settings lists and their edit/delete beneath them). */
export const CATEGORIES = [
  { key: 'base', path: SP.base, api: SETTINGS_API.base, title: '基础设置', words: ['base', 'jichu', 'shezhi'], view: () => import('../views/settings/base') },
  { key: 'yuebao', path: SP.yuebao, api: SETTINGS_API.yuebao, title: '余额宝设置', words: ['yuebao', 'invest', 'shezhi'], view: () => import('../views/settings/yuebao') },
  { key: 'finance', path: SP.finance, api: SETTINGS_API.finance, title: '财务设置', words: ['finance', 'caiwu', 'shezhi'], view: () => import('../views/settings/finance') },
] as const

const cap = (s: string) => s[0].toUpperCase() + s.slice(1)

function categoryCommands(c: (typeof CATEGORIES)[number]): Command[] {
  return [
    { id: `settings.${c.key}List`, title: c.title, keywords: [...c.words], menu: c.path, path: c.path, view: c.view },
    {
      id: `settings.edit${cap(c.key)}`, title: `修改${c.title}`, keywords: ['edit', 'xiugai', ...c.words], menu: c.path, action: 'U',
      on: 'rows', list: c.path, rowKey: 'edit', when: (ctx) => one(ctx.rows),
      run: async (ctx) => {
        const r = orCancel(await (await forms()).settingForm(c.api, ctx.rows[0]))
        refreshList(c.path)
        return r
      },
    },
    {
      id: `settings.add${cap(c.key)}`, title: `新增${c.title}项`, keywords: ['add', 'custom', 'xinzeng', ...c.words], menu: c.path, action: 'U',
      run: async () => {
        const r = orCancel(await (await forms()).customSettingForm(c.api, c.title))
        refreshList(c.path)
        return r
      },
    },
    {
      id: `settings.delete${cap(c.key)}`, title: `删除${c.title}自定义项`, keywords: ['delete', 'shanchu', ...c.words], menu: c.path, action: 'D',
      on: 'rows', list: c.path, rowKey: 'delete', when: (ctx) => ctx.rows.every((r) => !r.builtin),
      confirm: (ctx) => ({ title: `删除 ${ctx.rows.length} 个自定义项`, danger: true, okText: '删除', lines: lines(ctx.rows, (r) => `${r.name}（${r.key}）= ${r.value}`) }),
      run: async (ctx) => {
        await http.post(`${c.api}/delete`, { ids: ids(ctx.rows) })
        refreshList(c.path)
        return { ok: ctx.rows.length, failed: [] }
      },
    },
  ]
}

const W = SP.whitelist

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
      const out = await http.post(`${c.api}/edit`, { id: r.id, value: r.value === '1' ? '0' : '1' })
      refreshList(c.path)
      return out
    },
  },
  { id: 'settings.whitelistList', title: '网站白名单', keywords: ['whitelist', 'ip', 'wangzhan', 'baimingdan'], menu: W, path: W, view: () => import('../views/settings/whitelist') },
  {
    id: 'settings.createWhitelist', title: '新增网站白名单', keywords: ['whitelist', 'ip', 'add'], menu: W, action: 'C',
    run: async () => {
      const r = orCancel(await (await wforms()).siteWhitelistForm())
      refreshList(W)
      return r
    },
  },
  {
    id: 'settings.editWhitelist', title: '编辑网站白名单', keywords: ['whitelist', 'edit'], menu: W, action: 'U', on: 'rows', list: W, rowKey: 'edit',
    when: (ctx) => one(ctx.rows),
    run: async (ctx) => {
      const r = orCancel(await (await wforms()).siteWhitelistForm(ctx.rows[0]))
      refreshList(W)
      return r
    },
  },
  {
    id: 'settings.deleteWhitelist', title: '删除网站白名单', keywords: ['whitelist', 'delete'], menu: W, action: 'D', on: 'rows', list: W, rowKey: 'delete',
    confirm: (ctx) => ({ title: `删除 ${ctx.rows.length} 条网站白名单`, danger: true, okText: '删除', lines: [...lines(ctx.rows, (r) => `${r.ip}${r.remark ? `（${r.remark}）` : ''}`), '维护期间这些地址将无法访问会员站，回调也会被拒绝'] }),
    run: async (ctx) => {
      await http.post(`${SETTINGS_API.whitelist}/delete`, { ids: ids(ctx.rows) })
      refreshList(W)
      return { ok: ctx.rows.length, failed: [] }
    },
  },
])
