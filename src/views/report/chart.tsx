// A line chart over days (uPlot: small, canvas, no inline styles or scripts, so it keeps the content policy). Loaded
// only with the home and report chunks.
import { useEffect, useRef } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'

export interface Series { label: string; values: number[]; color: string }

const COLORS = { recharge: '#2f7d32', withdraw: '#c0392b', profit: '#1f5fbf' }
export const SERIES_COLORS = COLORS

/** A chart timestamp (seconds) as the product's day, YYYY-MM-DD. */
const day = (ts: number) => new Date(ts * 1000 + 8 * 3_600_000).toISOString().slice(0, 10)

/** Days as YYYY-MM-DD (ascending) and money series in yuan. */
export function DayChart({ days, series, height = 240, label }: { days: string[]; series: Series[]; height?: number; label: string }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = box.current
    if (!el || days.length === 0) return
    const xs = days.map((d) => Date.parse(`${d}T00:00:00+08:00`) / 1000)
    const plot = new uPlot({
      width: Math.max(320, el.clientWidth), height,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Asia/Shanghai'),
      series: [{ label: '日期', value: (_u: uPlot, v: number | null) => (v == null ? '-' : day(v)) }, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, value: (_u: uPlot, v: number | null) => (v == null ? '-' : v.toFixed(2)) }))],
      axes: [{}, { size: 70, values: (_u: uPlot, ticks: number[]) => ticks.map((v) => (Math.abs(v) >= 10_000 ? `${(v / 10_000).toFixed(1)}万` : String(v))) }],
      scales: { x: { time: true } },
    }, [xs, ...series.map((s) => s.values)], el)
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(320, el.clientWidth), height }))
    resize.observe(el)
    return () => { resize.disconnect(); plot.destroy() }
  }, [days, series, height])
  return <div className="day-chart" ref={box} role="img" aria-label={label} data-testid="day-chart" />
}
