// 报表统计: the screen, 上月报表 at once, a range by preset (and optionally an agent's team) from the palette, and the CSV
// export of the report in view.
import { defineCommands } from '../core/registry'
import { api } from '../core/api'
import { MENU } from '../contract/menus'
import { PRESETS, presetRange, reportUrl, type Preset } from '../views/report/range'

/** The agents of the product, for the agent argument (the report answers them; one day is the cheapest ask). */
async function agents(query: string) {
  const today = presetRange('today')
  const r = await api.report.index(today, { silent: true })
  const q = query.trim().toLowerCase()
  const found = r.agent_list.filter((a) => a.username.toLowerCase().includes(q)).slice(0, 50)
    .map((a) => ({ value: String(a.id), label: a.username, hint: '代理团队' }))
  return q ? found : [{ value: '', label: '全部会员' }, ...found]
}

defineCommands([
  { id: 'report.open', title: '报表统计', keywords: ['report', 'baobiao', 'tongji'], menu: MENU.report, path: MENU.report, view: () => import('../views/report/report') },
  {
    id: 'report.range', title: '报表区间', keywords: ['report', 'range', 'baobiao', 'shangyue', 'benyue', '上月', '本月', '今天', '昨天', '本周'], menu: MENU.report,
    args: [
      { name: 'preset', title: '区间', choices: () => Object.entries(PRESETS).map(([value, label]) => ({ value, label })) },
      { name: 'agent', title: '代理（可选，回车跳过为全部会员）', optional: true, search: (q: string) => agents(q) },
    ],
    run: (ctx) => ctx.navigate(reportUrl(MENU.report, presetRange(ctx.args.preset as Preset), ctx.args.agent ? String(ctx.args.agent) : null)),
  },
  {
    id: 'report.lastMonth', title: '上月报表', keywords: ['report', 'last month', 'shangyue', 'baobiao'], menu: MENU.report,
    run: (ctx) => ctx.navigate(reportUrl(MENU.report, presetRange('lastMonth'))),
  },
  {
    id: 'report.export', title: '导出报表 CSV', keywords: ['report', 'export', 'csv', 'daochu'], menu: MENU.report,
    when: () => window.location.pathname === MENU.report,
    run: () => document.querySelector<HTMLButtonElement>('[data-testid="report-export"]')?.click(),
  },
])
