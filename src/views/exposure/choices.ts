// The product's 限红 tiers as choices (the member form, 设置限红).
import { api } from '../../core/api'
import type { Choice } from '../kit/types'

/** The product's tiers (up to 100), each with its limits: 普通（单注 500.00 / 每期 2000.00）. */
export async function limitChoices(): Promise<Choice[]> {
  const page = await api.limit.index({ per_page: 100 }, { silent: true })
  return page.items.map((l) => ({ value: String(l.id), label: `${l.name}（单注 ${l.single_max} / 每期 ${l.issue_max}）` }))
}
