// Choices the lottery screens load: the product's rooms, play groups and play ways (filters and forms).
import { http } from '../../core/http'
import { LOTTERY_API, type Playgroup, type Playway, type Room } from '../../contract/lottery'
import type { Choice } from '../kit/types'

export async function roomChoices(): Promise<Choice[]> {
  const page = await http.get<{ items: Room[] }>(`${LOTTERY_API.room}/index`, { per_page: 1000 }, { silent: true })
  return page.items.map((r) => ({ value: String(r.id), label: r.name }))
}

export async function groupChoices(): Promise<Choice[]> {
  const page = await http.get<{ items: Playgroup[] }>(`${LOTTERY_API.playgroup}/index`, { per_page: 1000 }, { silent: true })
  return page.items.map((g) => ({ value: String(g.id), label: g.status === 1 ? g.name : `${g.name}（停用）` }))
}

export async function playwayChoices(): Promise<Choice[]> {
  const page = await http.get<{ items: Playway[] }>(`${LOTTERY_API.playway}/index`, { per_page: 1000 }, { silent: true })
  return page.items.map((w) => ({ value: String(w.id), label: w.name }))
}
