// 总控白名单: entries (create/edit/delete) and the master switch, confirmed with the caller's own IP.
import { defineCommands } from '../core/registry'
import { http } from '../core/http'
import { refreshList } from '../core/context'
import { confirm } from '../core/dialogs'
import { API, type WhitelistIndex } from '../contract/admin'
import { cancelled, ids, lines, one, orCancel, PATHS } from './admin-shared'

const W = PATHS.whitelist
const forms = () => import('../views/admin/whitelist-forms')

defineCommands([
  { id: 'admin.whitelistList', title: '总控白名单', keywords: ['whitelist', 'ip', 'baimingdan'], menu: W, path: W, view: () => import('../views/admin/whitelist') },
  {
    id: 'admin.createWhitelist', title: '新增白名单', keywords: ['whitelist', 'ip', 'add'], menu: W, action: 'C',
    args: [
      { name: 'ip', title: 'IP 或网段', optional: true, placeholder: '如 10.0.0.1、10.0.0.0/24 或 IPv6' },
      { name: 'remark', title: '备注', optional: true },
    ],
    run: async (ctx) => {
      const result = ctx.args.ip
        ? await http.post(`${API.syswhitelist}/create`, { ip: String(ctx.args.ip).trim(), remark: String(ctx.args.remark ?? '') })
        : orCancel(await (await forms()).whitelistForm())
      refreshList(W)
      return result
    },
  },
  {
    id: 'admin.editWhitelist', title: '编辑白名单', keywords: ['whitelist', 'edit'], menu: W, action: 'U', on: 'rows', list: W, rowKey: 'edit',
    when: (ctx) => one(ctx.rows),
    run: async (ctx) => {
      const result = orCancel(await (await forms()).whitelistForm(ctx.rows[0]))
      refreshList(W)
      return result
    },
  },
  {
    id: 'admin.deleteWhitelist', title: '删除白名单', keywords: ['whitelist', 'delete'], menu: W, action: 'D', on: 'rows', list: W, rowKey: 'delete',
    confirm: (ctx) => ({
      title: `删除 ${ctx.rows.length} 条白名单`, danger: true, okText: '删除',
      lines: [...lines(ctx.rows, (r) => `${r.ip}${r.remark ? `（${r.remark}）` : ''}`), '总控白名单开启时，不在名单内的 IP 将无法使用后台'],
    }),
    run: async (ctx) => {
      await http.post(`${API.syswhitelist}/delete`, { ids: ids(ctx.rows) })
      refreshList(W)
      return { ok: ctx.rows.length, failed: [] }
    },
  },
  {
    id: 'admin.switchWhitelist', title: '开关总控白名单', keywords: ['whitelist', 'switch', 'kaiguan'], menu: W, action: 'U',
    args: [{
      name: 'enabled', title: '开关', optional: true,
      choices: () => [{ value: '1', label: '开启' }, { value: '0', label: '关闭' }],
    }],
    run: async (ctx) => {
      const now = await http.get<WhitelistIndex>(`${API.syswhitelist}/index`, { per_page: 1 })
      const given = ctx.args.enabled
      const enabled = given === undefined || given === '' ? !now.enabled : given === true || given === '1' || given === 'true'
      const ok = await confirm({
        title: enabled ? '开启总控白名单' : '关闭总控白名单',
        danger: enabled,
        okText: enabled ? '开启' : '关闭',
        lines: enabled
          ? [`开启后只有名单内的 IP 能使用后台（共 ${now.total} 条）`, `您当前的 IP：${now.your_ip}`, '若您的 IP 不在名单内，服务器会拒绝开启']
          : ['关闭后任何 IP 都能访问后台登录页', `您当前的 IP：${now.your_ip}`],
      })
      if (!ok) throw cancelled()
      await http.post(`${API.syswhitelist}/switch`, { enabled })
      refreshList(W)
      return { enabled }
    },
  },
])
