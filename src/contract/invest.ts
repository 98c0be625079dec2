// Shapes of the interest-balance area (余额宝): the balance change type a purchase writes, and a listed plan (its type
// derived from the schema the plan lists answer, declared in contract/api/invest.ts).
import { Type, type Static } from '@sinclair/typebox'
import type { Labels } from './enums'
import type { Cursors, Paged } from './common'
import { Money, Nullable, TimeText } from './schema'

/** The balance change type a plan's purchase writes (9: 7 days, 11: 15 days); the terms' labels are INVEST_PLAN in enums. */
export const PLAN_TYPE: Record<7 | 15, 9 | 11> = { 7: 9, 15: 11 }

export const InvestPlanItem = Type.Object({
  id: Type.Integer(), member_id: Type.Integer(), username: Type.String(),
  /** 0 member, 1 virtual account (labelled; left out of the sums), 2 trial member. */
  member_kind: Type.Integer(),
  plan: Type.Integer(),
  principal: Money,
  /** Percent for the whole term, from the settings at purchase. */
  rate: Type.String(),
  /** Interest due at maturity (paid when state becomes 2; forfeited when 3). */
  interest: Money,
  state: Type.Integer(),
  start_at: TimeText, mature_at: TimeText, ended_at: Nullable(TimeText),
}, { additionalProperties: false })
/** principal: of the plans listed; interest_paid: interest of the matured ones among them (virtual accounts left out). */
export const InvestSums = Type.Object({ principal: Money, interest_paid: Money })
export interface InvestIndex extends Paged<Static<typeof InvestPlanItem>>, Cursors {
  balance_stat: Static<typeof InvestSums> | null
  types: { plan: Labels; state: Labels }
}
