// Choices the member screens load once: the product's levels, its tags and its agents (for filters and forms).
import { api } from '../../core/api'
import type { Choice } from '../kit/types'
import { RISK_LEVEL } from '../../contract/risk'

export async function levelChoices(): Promise<Choice[]> {
  const page = await api.level.index({ per_page: 100 }, { silent: true })
  return page.items.map((l) => ({ value: String(l.id), label: l.name }))
}

/** Up to 1,000 agents, newest first (the member index filtered to agents). */
export async function agentChoices(): Promise<Choice[]> {
  const page = await api.member.index({ is_agent: 1, per_page: 1000 }, { silent: true })
  return page.items.map((a) => ({ value: String(a.id), label: a.nickname ? `${a.username}（${a.nickname}）` : a.username }))
}

/**
 * The product's tags (up to 100) by name (a filter), or `described` with each one's risk level and exclusive group
 * (`黑名单（黑名单 · 互斥组 等级）`, where they are picked for a member).
 */
export async function tagChoices(described = false): Promise<Choice[]> {
  const page = await api.tag.index({ per_page: 100 }, { silent: true })
  const about = (t: (typeof page.items)[number]) => [RISK_LEVEL[t.risk_level], t.exclusive && `互斥组 ${t.exclusive}`].filter(Boolean).join(' · ')
  return page.items.map((t) => ({ value: String(t.id), label: described ? `${t.name}（${about(t)}）` : t.name }))
}
