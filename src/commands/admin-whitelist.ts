// 总控白名单: entries (create/edit/delete) and the master switch, confirmed with the caller's own IP.
import { defineCommands } from '../core/registry'
import { api } from '../core/api'
import { refreshList } from '../core/context'
import { confirm } from '../core/dialogs'
import { cancelled } from '../core/ops'
import { API } from '../contract/api'
import { MENU } from '../contract/menus'
import { crud } from './crud'
import { argsOrForm } from './admin-create'

const W = MENU.adminWhitelist
const forms = () => import('../views/admin/whitelist-forms')

const [whitelistList, ...entryRows] = crud({
  list: W, noun: '白名单', unit: '条', keywords: ['whitelist', 'ip', 'baimingdan'],
  open: { id: 'admin.whitelistList', title: '总控白名单', view: () => import('../views/admin/whitelist') },
  edit: { id: 'admin.editWhitelist', form: async (row) => (await forms()).whitelistForm(row) },
  remove: {
    id: 'admin.deleteWhitelist', endpoint: API.syswhitelist.delete, line: (r) => `${r.ip}${r.remark ? `（${r.remark}）` : ''}`,
    notes: ['总控白名单开启时，不在名单内的 IP 将无法使用后台'],
  },
})

defineCommands([
  whitelistList,
  {
    id: 'admin.createWhitelist', title: '新增白名单', keywords: ['whitelist', 'ip', 'add'], menu: W, action: 'C',
    args: [
      { name: 'ip', title: 'IP 或网段', optional: true, placeholder: '如 10.0.0.1、10.0.0.0/24 或 IPv6' },
      { name: 'remark', title: '备注', optional: true },
    ],
    run: argsOrForm(W, 'ip', (a) => api.syswhitelist.create({ ip: String(a.ip).trim(), remark: String(a.remark ?? '') }),
      async () => (await forms()).whitelistForm()),
  },
  ...entryRows,
  {
    id: 'admin.switchWhitelist', title: '开关总控白名单', keywords: ['whitelist', 'switch', 'kaiguan'], menu: W, action: 'U',
    args: [{
      name: 'enabled', title: '开关', optional: true,
      choices: () => [{ value: '1', label: '开启' }, { value: '0', label: '关闭' }],
    }],
    run: async (ctx) => {
      const now = await api.syswhitelist.index({ per_page: 1 })
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
      await api.syswhitelist.switch({ enabled })
      refreshList(W)
      return { enabled }
    },
  },
])
