// The report's figures and how they sum: shared by the rollup reader, the recomputation and the rebuild.

export const COUNTS = ['register_count', 'first_recharge_count', 'recharge_count', 'withdraw_count', 'active_count'] as const
export const AMOUNTS = ['recharge_amount', 'withdraw_amount', 'bet_amount', 'payout_amount', 'gift_amount', 'manual_add', 'manual_sub', 'interest_paid'] as const
export const METRICS = [...COUNTS, ...AMOUNTS] as const
export type Metric = (typeof METRICS)[number]

/** One day of the report as stored (cents, counts). */
export type DayFigures = Record<Metric, number> & { day: string }

/** SQL: every figure summed over rows of report_daily aliased `r`, the amounts as decimal text (exact past 2^53 cents on either driver). */
export const SUM_ROLLUP_TEXT = [...COUNTS.map((m) => `coalesce(sum(r.${m}), 0)::bigint as ${m}`),
  ...AMOUNTS.map((m) => `coalesce(sum(r.${m}), 0)::text as ${m}`)].join(', ')

/** The fields of the SQL type report_delta (migration 011) after member_id, in its order: one movement's effect on a member's day. */
export const DELTA_FIELDS = ['registered', 'first_recharge', 'active', 'recharge_amount', 'recharge_count', 'withdraw_amount',
  'withdraw_count', 'bet_amount', 'payout_amount', 'gift_amount', 'manual_add', 'manual_sub', 'interest_paid'] as const
export type DeltaField = (typeof DELTA_FIELDS)[number]
