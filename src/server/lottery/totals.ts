// The bet totals rollup (lottery_bet_totals): signed deltas per (product, money, room, status), added to one of STRANDS
// slots per transaction, so the bet list's unfiltered (or by room and status) count and sums are exact at any size.
import type { Queryable } from '../db/db'
import { one } from '../db/db'
import { STRAND_OF_TX } from '../db/constants'
import type { Totals } from '../db/paging'

/** The bet list's sums: stakes (cancelled bets out) and members' payout − stake over settled bets. */
export interface BetStats { subscribe_money_stat: string; losing_wonning_stat: string }

const APPLY = (deltas: string) => `
  insert into lottery_bet_totals as t (product, money, room_id, status, slot, n, stake, payout)
  select product, money, room_id, status, (${STRAND_OF_TX})::smallint, sum(n), sum(stake), sum(payout)
    from (${deltas}) d group by product, money, room_id, status
  on conflict (product, money, room_id, status, slot)
  do update set n = t.n + excluded.n, stake = t.stake + excluded.stake, payout = t.payout + excluded.payout`

/** One new open bet. */
export async function betPlaced(db: Queryable, product: string, money: number, roomId: number, amount: number): Promise<void> {
  await db.query(APPLY('select $1::text as product, $2::smallint as money, $3::int as room_id, 3::smallint as status, 1 as n, $4::bigint as stake, 0::bigint as payout'),
    [product, money, roomId, amount])
}

/**
 * After settlement, as a data-modifying CTE beside the settling UPDATE: every bet of the issue moved from 3 (匹配中) to 1
 * or 2, counted from the rows that UPDATE returns (`settled`: product, money, room_id, status, amount, payout), so the
 * issue's bets are not read again.
 */
export const SETTLED_TOTALS = (settled: string): string => APPLY(`
    select product, money, room_id, status, count(*) as n, sum(amount) as stake, sum(payout) as payout
      from ${settled} group by product, money, room_id, status
    union all
    select product, money, room_id, 3::smallint, -count(*), -sum(amount), 0 from ${settled} group by product, money, room_id`)

/** Before cancellation marks them: the issue's open and settled bets move to 4 (已撤单). */
export async function cancelledTotals(db: Queryable, issueId: number): Promise<void> {
  await db.query(APPLY(`
    select product, money, room_id, status, -count(*) as n, -sum(amount) as stake, -sum(payout) as payout
      from lottery_bets where issue_id = $1 and status in (1, 2, 3) group by product, money, room_id, status
    union all
    select product, money, room_id, 4::smallint, count(*), sum(amount), 0
      from lottery_bets where issue_id = $1 and status in (1, 2, 3) group by product, money, room_id`),
  [issueId])
}

/** The count and sums of one money class's bets, of one room and one status when given, from the rollup. */
export async function betTotals(db: Queryable, k: { product: string; money: number; room_id?: number; status?: number }): Promise<Totals<BetStats>> {
  const r = await one<{ n: string } & BetStats>(db,
    `select coalesce(sum(n), 0)::text as n, cents_text(coalesce(sum(stake) filter (where status <> 4), 0)) as subscribe_money_stat,
            cents_text(coalesce(sum(payout - stake) filter (where status in (1, 2)), 0)) as losing_wonning_stat
       from lottery_bet_totals where product = $1 and money = $2 and ($3::int is null or room_id = $3) and ($4::int is null or status = $4)`,
    [k.product, k.money, k.room_id ?? null, k.status ?? null])
  return { total: Number(r!.n), total_exact: true, stats: { subscribe_money_stat: r!.subscribe_money_stat, losing_wonning_stat: r!.losing_wonning_stat } }
}
