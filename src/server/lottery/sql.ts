// SQL pieces of the lottery area: bet order numbers (computed, not stored) and the issue's display columns.
import { PRODUCT_TZ, TIME } from '../http/format'

/** `B` + the bet's day in the product's time zone + its id (unique because the id is): B202401150000012345. */
export const ORDER_NO = (b: string) =>
  `('B' || to_char(${b}.created_at at time zone '${PRODUCT_TZ}', 'YYYYMMDD') || lpad(${b}.id::text, 10, '0'))`

/** The id inside an order number, or null when the text is not one. */
export function idOfOrderNo(orderNo: string | undefined): number | null {
  const m = /^B\d{8}(\d{10,})$/.exec(orderNo?.trim() ?? '')
  return m ? Number(m[1]) : null
}

/** An issue's columns as lists show them (i = lottery_issues, r = lottery_rooms); the seed only once drawn. */
export const ISSUE_COLS = `i.id, i.room_id, r.name as room_name, i.issue_no, ${TIME('i.open_at')} as open_at, ${TIME('i.lock_at')} as lock_at,
  i.status::int as status, coalesce(array_to_string(i.result, ','), '') as result, i.seed_hash,
  case when i.opened_at is not null then encode(i.seed, 'hex') else '' end as seed, i.is_manual, i.remark,
  case when i.status in (3, 4) then i.bet_count
       else (select count(*)::int from lottery_bets b where b.issue_id = i.id and b.money = 0) end as bet_count,
  cents_text(case when i.status in (3, 4) then i.bet_amount
       else (select coalesce(sum(b.amount), 0) from lottery_bets b where b.issue_id = i.id and b.money = 0) end) as bet_amount,
  cents_text(i.payout_amount) as payout_amount, ${TIME('i.settled_at')} as settled_at`
