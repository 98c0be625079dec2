// The report as CSV: one row per day and the total, the columns as the screen shows them (UTF-8 with BOM).
import { REPORT_COLUMNS, type ReportIndex } from '../../contract/report'

const cell = (v: string | number) => String(v)

export function reportCsv(r: ReportIndex, agent: string): string {
  const head = ['日期', ...REPORT_COLUMNS.map((c) => c.title)]
  const rows = r.items.map((d) => [d.date, ...REPORT_COLUMNS.map((c) => cell(d[c.key]))])
  rows.push(['合计', ...REPORT_COLUMNS.map((c) => cell(r.total[c.key]))])
  const title = `报表统计 ${r.start_time} 至 ${r.end_time}${agent ? ` 代理 ${agent}（团队）` : ''}`
  return '\uFEFF' + [title, head.join(','), ...rows.map((x) => x.join(','))].join('\r\n') + '\r\n'
}

export const reportFileName = (r: ReportIndex, agent: string) => `报表统计_${r.start_time}_${r.end_time}${agent ? `_${agent}` : ''}.csv`
