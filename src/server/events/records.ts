// What an event carries, loaded by id within its product when the note arrives (after the writer's commit): the
// record as its list shows it. A row gone by then (never committed, removed) gives no event.
import type { Queryable } from '../db/db'
import { one } from '../db/db'
import { ORDER_NO } from '../lottery/sql'
import type { BigWinEvent, RecordEvent } from '../../contract/events'

const RECORD = (t: string, table: string) => `
  select ${t}.id, ${t}.order_no, ${t}.member_id, m.username, cents_text(${t}.amount) as amount, ${t}.status::int as status
    from ${table} ${t} join members m on m.id = ${t}.member_id where ${t}.id = $1 and ${t}.product = $2`

const SQL = {
  withdraw: RECORD('w', 'withdrawals'),
  recharge: RECORD('r', 'recharges'),
  bet: `
    select b.id, ${ORDER_NO('b')} as order_no, b.member_id, m.username, cents_text(b.amount) as stake, cents_text(b.payout) as payout, i.issue_no
      from lottery_bets b join members m on m.id = b.member_id join lottery_issues i on i.id = b.issue_id
     where b.id = $1 and b.product = $2`,
}

export type Loaded = RecordEvent | BigWinEvent

/** The record of a withdrawal, recharge or bet note, or undefined when it is not there (any more). */
export async function loadRecord(db: Queryable, what: keyof typeof SQL, product: string, id: number): Promise<Loaded | undefined> {
  const r = await one<Loaded>(db, SQL[what], [id, product])
  return r && { ...r, id: Number(r.id), member_id: Number(r.member_id) }
}
