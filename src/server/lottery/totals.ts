// The bet totals rollup (lottery_bet_totals): signed deltas per (product, money, room, status), added to one of STRANDS
// slots per transaction, so the bet list's unfiltered (or by room and status) count and sums are exact at any size.
import type { Queryable } from '../db/db'
import { STRAND_OF_TX } from '../db/constants'

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

/** After settlement: every bet of the issue moved from 3 (匹配中) to 1 or 2. */
export async function settledTotals(db: Queryable, issueId: number): Promise<void> {
  await db.query(APPLY(`
    select product, money, room_id, status, count(*) as n, sum(amount) as stake, sum(payout) as payout
      from lottery_bets where issue_id = $1 group by product, money, room_id, status
    union all
    select product, money, room_id, 3::smallint, -count(*), -sum(amount), 0 from lottery_bets where issue_id = $1 group by product, money, room_id`),
  [issueId])
}

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
