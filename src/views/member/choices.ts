// Choices the member screens load once: the product's levels and its agents (for filters and forms).
import { api } from '../../core/api'
import type { Choice } from '../kit/types'

export async function levelChoices(): Promise<Choice[]> {
  const page = await api.level.index({ per_page: 100 }, { silent: true })
  return page.items.map((l) => ({ value: String(l.id), label: l.name }))
}

/** Up to 1,000 agents, newest first (the member index filtered to agents). */
export async function agentChoices(): Promise<Choice[]> {
  const page = await api.member.index({ is_agent: 1, per_page: 1000 }, { silent: true })
  return page.items.map((a) => ({ value: String(a.id), label: a.nickname ? `${a.username}（${a.nickname}）` : a.username }))
}
