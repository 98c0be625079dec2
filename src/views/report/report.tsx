// 报表统计: a range of days (presets 今天 / 昨天 / 本周 / 本月 / 上月 or any two dates, at most 366 days) for the product or
// one agent's team, read from the daily rollups: a chart of recharge, withdrawal and profit, a table with a total row,
// CSV export. The range and agent live in the URL, so the palette's 报表区间 command and a reload land on the same view.
import { useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'wouter'
import { api } from '../../core/api'
import { ScreenHead } from '../kit/screen'
import { download } from '../kit/csv'
import { formatMoney } from '../../contract/format'
import { REPORT_COLUMNS, type ReportIndex } from '../../contract/report'
import { toCents } from '../../contract/money'
import { DayChart, SERIES_COLORS } from './chart'
import { PRESETS, presetRange, type Preset } from './range'
import { reportCsv, reportFileName } from './report-csv'
import './report.css'

const yuan = (v: string) => (toCents(v) ?? 0) / 100
/** The total's 活跃人数 adds the days' counts: a member who bet on three days counts three times (人次). */
const ACTIVE_TOTAL = '合计的活跃人数为各日活跃人数相加（人次），同一会员多日投注计多次'

export default function ReportScreen() {
  const [params, setParams] = useSearchParams()
  const query = useMemo(() => Object.fromEntries([...params.entries()].filter(([k]) => ['start_time', 'end_time', 'agent_id'].includes(k))), [params])
  const [data, setData] = useState<ReportIndex | null>(null)
  const [error, setError] = useState('')
  const [loading, setLoading] = useState(true)
  const [agentText, setAgentText] = useState('')

  useEffect(() => {
    let live = true
    setLoading(true)
    api.report.index(query, { silent: true })
      .then((r) => { if (live) { setData(r); setError('') } })
      .catch((e: Error) => { if (live) setError(e.message || '加载失败') })
      .finally(() => { if (live) setLoading(false) })
    return () => { live = false }
  }, [query])

  const agent = data?.agent_list.find((a) => a.id === data.agent_id)?.username ?? ''
  useEffect(() => { setAgentText(agent) }, [agent])

  const set = (next: Record<string, string | undefined>) => {
    const q = new URLSearchParams(params)
    for (const [k, v] of Object.entries(next)) if (v) q.set(k, v); else q.delete(k)
    setParams(q)
  }
  const pickAgent = (name: string) => {
    const a = data?.agent_list.find((x) => x.username.toLowerCase() === name.trim().toLowerCase())
    if (!name.trim()) set({ agent_id: undefined })
    else if (a) set({ agent_id: String(a.id) })
    else setError(`没有名为 ${name} 的代理`)
  }

  const ascending = useMemo(() => (data ? data.items.slice().reverse() : []), [data])
  const days = useMemo(() => ascending.map((d) => d.date), [ascending])
  const series = useMemo(() => [
    { label: '充值', color: SERIES_COLORS.recharge, values: ascending.map((d) => yuan(d.recharge_amount)) },
    { label: '提现', color: SERIES_COLORS.withdraw, values: ascending.map((d) => yuan(d.withdraw_amount)) },
    { label: '盈亏', color: SERIES_COLORS.profit, values: ascending.map((d) => yuan(d.profit)) },
  ], [ascending])

  return (
    <section className="kit-screen report" data-testid="report">
      <ScreenHead title="报表统计" hint="只含真实会员 · 代理筛选为其整个团队 · 合计的活跃人数为各日相加（人次） · 数据来自日汇总，与流水一致" />
      <div className="report-bar" role="toolbar" aria-label="报表区间">
        {(Object.keys(PRESETS) as Preset[]).map((p) => (
          <button key={p} type="button" className="kit-btn" data-preset={p} onClick={() => set(presetRange(p))}>{PRESETS[p]}</button>
        ))}
        <label>开始 <input type="date" aria-label="开始日期" value={data?.start_time ?? ''} onChange={(e) => set({ start_time: e.target.value })} /></label>
        <label>结束 <input type="date" aria-label="结束日期" value={data?.end_time ?? ''} onChange={(e) => set({ end_time: e.target.value })} /></label>
        <label>代理
          <input list="report-agents" aria-label="代理" placeholder="全部（输入代理用户名）" value={agentText}
            onChange={(e) => setAgentText(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter') pickAgent(agentText) }}
            onBlur={() => { if (agentText !== agent) pickAgent(agentText) }} />
        </label>
        <datalist id="report-agents">{data?.agent_list.map((a) => <option key={a.id} value={a.username} />)}</datalist>
        <button type="button" className="kit-btn kit-btn-primary" disabled={!data} data-testid="report-export"
          onClick={() => data && download(reportFileName(data, agent), reportCsv(data, agent))}>导出 CSV</button>
      </div>
      {error && <p className="kit-error" role="alert">{error}</p>}
      {loading && !data ? <p className="kit-muted" data-testid="report-loading">加载中…</p> : data && (
        <>
          <p className="kit-muted" data-testid="report-range">{data.start_time} 至 {data.end_time}{agent ? ` · 代理 ${agent} 团队` : ' · 全部会员'}{loading ? ' · 更新中…' : ''}</p>
          <DayChart days={days} series={series} label={`${data.start_time} 至 ${data.end_time} 充值、提现、盈亏走势`} />
          <div className="report-table-wrap">
            <table className="report-table" data-testid="report-table">
              <thead><tr><th>日期</th>{REPORT_COLUMNS.map((c) => <th key={c.key} className={c.money ? 'num' : 'count'}>{c.title}</th>)}</tr></thead>
              <tbody>
                <tr className="report-total" data-testid="report-total"><th>合计</th>{REPORT_COLUMNS.map((c) => (
                  <td key={c.key} className="num" title={c.key === 'active_count' ? ACTIVE_TOTAL : undefined}>{c.money ? formatMoney(String(data.total[c.key])) : data.total[c.key]}</td>
                ))}</tr>
                {data.items.map((d) => (
                  <tr key={d.date} data-date={d.date}><th>{d.date}</th>{REPORT_COLUMNS.map((c) => <td key={c.key} className="num">{c.money ? formatMoney(String(d[c.key])) : d[c.key]}</td>)}</tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  )
}
