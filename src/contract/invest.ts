// Request and response shapes of the interest-balance area (余额宝): plan records and their lists.
import { INVEST_PLAN, type Labels } from './enums'
import type { Cursors, Paged } from './common'

export const INVEST_API = { invest: '/api/invest' } as const
export const INVEST_PATHS = { index: '/layout/invest/index', demo: '/layout/invest/demo' } as const

/** A plan's term in days (labels in enums) and the balance change type its purchase writes (9: 7 days, 11: 15 days). */
export { INVEST_PLAN }
export const PLAN_TYPE: Record<7 | 15, 9 | 11> = { 7: 9, 15: 11 }

export interface InvestPlan {
  id: number; member_id: number; username: string
  /** 0 member, 1 virtual account (labelled; left out of the sums). */
  member_kind: 0 | 1 | 2
  plan: 7 | 15
  /** Money, two places. */
  principal: string
  /** Percent for the whole term, from the settings at purchase. */
  rate: string
  /** Interest due at maturity (paid when state becomes 2; forfeited when 3). */
  interest: string
  state: 1 | 2 | 3
  start_at: string; mature_at: string; ended_at: string | null
}
export interface InvestIndex extends Paged<InvestPlan>, Cursors {
  /** principal: of the plans listed; interest_paid: interest of the matured ones among them (virtual accounts left out). */
  balance_stat: { principal: string; interest_paid: string } | null
  types: { plan: Labels; state: Labels }
}
export interface InvestQuery {
  page?: number; per_page?: number; after?: number; before?: number
  username?: string; member_id?: number; plan?: number; state?: number; start_time?: string; end_time?: string
  /** /index only: 0 real members only, 1 virtual accounts only (both when absent). */
  is_virtual?: 0 | 1
}
