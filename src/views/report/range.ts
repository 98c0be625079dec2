// The report's date presets, computed in the product's time zone (Asia/Shanghai, UTC+8, weeks from Monday).
const TZ_MS = 8 * 3_600_000
const DAY_MS = 86_400_000

export const PRESETS = { today: '今天', yesterday: '昨天', week: '本周', month: '本月', lastMonth: '上月' } as const
export type Preset = keyof typeof PRESETS

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The first and last day (YYYY-MM-DD) of a preset, as of `now`. */
export function presetRange(p: Preset, now = Date.now()): { start_time: string; end_time: string } {
  const local = now + TZ_MS
  const today = Math.floor(local / DAY_MS) * DAY_MS
  const d = new Date(today)
  switch (p) {
    case 'today': return { start_time: iso(today), end_time: iso(today) }
    case 'yesterday': return { start_time: iso(today - DAY_MS), end_time: iso(today - DAY_MS) }
    case 'week': return { start_time: iso(today - ((d.getUTCDay() + 6) % 7) * DAY_MS), end_time: iso(today) }
    case 'month': return { start_time: iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)), end_time: iso(today) }
    case 'lastMonth': return {
      start_time: iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)),
      end_time: iso(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - DAY_MS),
    }
  }
}

/** The report's URL for a range and an optional agent. */
export function reportUrl(path: string, r: { start_time: string; end_time: string }, agentId?: number | string | null): string {
  const q = new URLSearchParams({ start_time: r.start_time, end_time: r.end_time })
  if (agentId) q.set('agent_id', String(agentId))
  return `${path}?${q}`
}
