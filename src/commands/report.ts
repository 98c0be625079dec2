// 报表统计: the screen, 上月报表 at once, a range by preset (and optionally an agent's team) from the palette, and the CSV
// export of the report in view.
import { defineCommands } from '../core/registry'
import { http } from '../core/http'
import { REPORT_API, REPORT_PATH, type ReportIndex } from '../contract/report'
import { PRESETS, presetRange, reportUrl, type Preset } from '../views/report/range'

/** The agents of the product, for the agent argument (the report answers them; one day is the cheapest ask). */
async function agents(query: string) {
  const today = presetRange('today')
  const r = await http.get<ReportIndex>(REPORT_API.report, today, { silent: true })
  const q = query.trim().toLowerCase()
  const found = r.agent_list.filter((a) => a.username.toLowerCase().includes(q)).slice(0, 50)
    .map((a) => ({ value: String(a.id), label: a.username, hint: '代理团队' }))
  return q ? found : [{ value: '', label: '全部会员' }, ...found]
}

defineCommands([
  { id: 'report.open', title: '报表统计', keywords: ['report', 'baobiao', 'tongji'], menu: REPORT_PATH, path: REPORT_PATH, view: () => import('../views/report/report') },
  {
    id: 'report.range', title: '报表区间', keywords: ['report', 'range', 'baobiao', 'shangyue', 'benyue', '上月', '本月', '今天', '昨天', '本周'], menu: REPORT_PATH,
    args: [
      { name: 'preset', title: '区间', choices: () => Object.entries(PRESETS).map(([value, label]) => ({ value, label })) },
      { name: 'agent', title: '代理（可选，回车跳过为全部会员）', optional: true, search: (q: string) => agents(q) },
    ],
    run: (ctx) => ctx.navigate(reportUrl(REPORT_PATH, presetRange(ctx.args.preset as Preset), ctx.args.agent ? String(ctx.args.agent) : null)),
  },
  {
    id: 'report.lastMonth', title: '上月报表', keywords: ['report', 'last month', 'shangyue', 'baobiao'], menu: REPORT_PATH,
    run: (ctx) => ctx.navigate(reportUrl(REPORT_PATH, presetRange('lastMonth'))),
  },
  {
    id: 'report.export', title: '导出报表 CSV', keywords: ['report', 'export', 'csv', 'daochu'], menu: REPORT_PATH,
    when: () => window.location.pathname === REPORT_PATH,
    run: () => document.querySelector<HTMLButtonElement>('[data-testid="report-export"]')?.click(),
  },
])
