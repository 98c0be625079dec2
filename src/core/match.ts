// The palette's own matcher: substring over title, id, keywords and their pinyin; exact and prefix first, recent next.
import type { Command } from './command'
import { pinyinForms } from './pinyin'

const terms = new WeakMap<Command, string[]>()

/** Everything a query is compared with, lower-cased: title, id, keywords, pinyin full and initials. */
export function searchTerms(cmd: Command): string[] {
  let t = terms.get(cmd)
  if (!t) {
    const words = [cmd.title, ...(cmd.keywords ?? [])]
    const pinyin = words.flatMap((w) => { const f = pinyinForms(w); return [...f.full, ...f.initials] })
    t = [...new Set([cmd.title, cmd.id, ...(cmd.keywords ?? []), ...pinyin].map((s) => s.toLowerCase()))]
    terms.set(cmd, t)
  }
  return t
}

/** 0 exact, 1 prefix, 2 substring, -1 no match. */
function termScore(term: string, hay: string[]): number {
  let best = -1
  for (const h of hay) {
    const s = h === term ? 0 : h.startsWith(term) ? 1 : h.includes(term) ? 2 : -1
    if (s === 0) return 0
    if (s >= 0 && (best < 0 || s < best)) best = s
  }
  return best
}

function score(query: string, cmd: Command): number {
  const hay = searchTerms(cmd)
  const whole = termScore(query.replace(/\s+/g, ''), hay)
  const parts = query.split(/\s+/).filter(Boolean)
  let sum = 0
  for (const p of parts) {
    const s = termScore(p, hay)
    if (s < 0) return whole
    sum += s
  }
  return whole >= 0 ? Math.min(whole, sum) : sum
}

/** Ranks commands for a query; an empty query lists recent ones first, then the rest in registry order. */
export function matchCommands(query: string, commands: readonly Command[], recentIds: readonly string[] = [], limit = Infinity): Command[] {
  const q = query.trim().toLowerCase()
  const recent = (id: string) => { const i = recentIds.indexOf(id); return i < 0 ? recentIds.length : i }
  const ranked = commands
    .map((cmd, order) => ({ cmd, order, s: q ? score(q, cmd) : 0, r: recent(cmd.id) }))
    .filter((x) => x.s >= 0)
    .sort((a, b) => a.s - b.s || a.r - b.r || a.order - b.order)
  return ranked.slice(0, limit).map((x) => x.cmd)
}
