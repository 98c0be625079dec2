// 风险敞口, 限红设置 (a managed list; 设置限红 on the member list and drawer) and 大额中奖.
import { defineCommands } from '../core/registry'
import { refreshList } from '../core/context'
import { orCancel } from '../core/ops'
import { MENU } from '../contract/menus'
import { API } from '../contract/api'
import { crud } from './crud'

const forms = () => import('../views/exposure/forms')
const lists = () => import('../views/exposure/lists')

defineCommands([
  {
    id: 'exposure.open', title: '风险敞口', keywords: ['exposure', 'risk', 'fengxian', 'changkou', 'peifu', 'draw'], menu: MENU.exposure, path: MENU.exposure,
    view: () => import('../views/exposure/exposure').then((m) => ({ default: m.ExposureScreen })),
  },
  { id: 'exposure.bigwins', title: '大额中奖', keywords: ['bigwin', 'win', 'dae', 'zhongjiang'], menu: MENU.bigwins, path: MENU.bigwins, view: () => lists().then((m) => ({ default: m.BigWinsScreen })) },
  ...crud({
    list: MENU.limits, noun: '限红', keywords: ['limit', 'xianhong'],
    open: { id: 'exposure.limitList', title: '限红设置', view: () => lists().then((m) => ({ default: m.LimitsScreen })) },
    create: { id: 'exposure.createLimit', form: async () => (await forms()).limitForm() },
    edit: { id: 'exposure.editLimit', form: async (row) => (await forms()).limitForm(row) },
    remove: { id: 'exposure.deleteLimits', endpoint: API.limit.delete, line: (r) => `${r.name}（单注 ${r.single_max} / 每期 ${r.issue_max}，${r.member_count} 个会员）`, notes: ['有会员使用的限红不能删除'] },
  }),
  {
    id: 'member.setLimit', title: '设置限红', keywords: ['limit', 'xianhong', 'shezhi'], menu: MENU.member, action: 'U', hotkey: 'shift+l',
    on: 'rows', list: MENU.member, when: (ctx) => ctx.rows.length === 1,
    run: async (ctx) => {
      const r = orCancel(await (await forms()).memberLimitForm(ctx.rows[0]))
      refreshList(MENU.member)
      return r
    },
  },
])
