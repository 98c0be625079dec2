// Cancelling a draw (edit status 4): every bet's stake goes back (type 1, 撤单退款) and, when the draw had settled,
// every payout is taken back first-refund-then-reverse (type 3, 撤单冲正), all through the ledger in one
// transaction, so each member ends exactly where they stood without that draw. A member who has spent the payout
// cannot give it back: the cancellation is refused (409) naming them, and nothing moves. The turnover (打码量) its
// stakes fulfilled when it settled is given back to the same requirements, exactly.
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { conflict } from '../errors'
import { KIND, TRANSFER, type MoneyClass } from '../../contract/ledger'
import { centsText } from '../../contract/money'
import { LedgerError, transferBatch, type BatchLeg } from '../ledger/ledger'
import { lockIssue } from './draw'
import { ORDER_NO } from './sql'
import { cancelledTotals } from './totals'
import { restoreIssueTurnover } from '../risk/turnover'

/** refunded and reversed: real members' money (virtual and trial money is never a financial figure). */
export interface Cancelled { id: number; issue_no: string; bets: number; refunded: bigint; reversed: bigint }

interface BetLeg { id: number; member_id: number; money: MoneyClass; amount: number; payout: number; status: number; ref: string }

export async function cancelIssue(db: Queryable, product: string, id: number, remark: string, admin: string): Promise<Cancelled> {
  const i = await lockIssue(db, product, id)
  if (i.status === 4) throw conflict(`第 ${i.issue_no} 期已取消`)
  const room = await one<{ name: string }>(db, 'select name from lottery_rooms where id = $1', [i.room_id])
  const bets = (await many<BetLeg>(db,
    `select b.id, b.member_id, b.money::int as money, b.amount, b.payout, b.status::int as status, ${ORDER_NO('b')} as ref
       from lottery_bets b where b.issue_id = $1 and b.status in (1, 2, 3) order by b.id for update`, [id]))
    .map((b) => ({ ...b, amount: Number(b.amount), payout: Number(b.payout) }))
  const where = `${room?.name ?? ''} 第${i.issue_no}期`
  for (const money of [0, 1, 2] as MoneyClass[]) {
    const mine = bets.filter((b) => b.money === money)
    // Refunds first, then reversals: a winner needs only payout − stake in hand to give the payout back.
    const legs: BatchLeg[] = [
      ...mine.map((b) => ({
        key: `bet:${b.id}:refund`, from: { kind: KIND.gaming }, to: { kind: KIND.available, owner: b.member_id },
        amount: b.amount, type: TRANSFER.bet, ref: b.ref, remark: `${where} 撤单退款`,
      })),
      ...mine.filter((b) => b.status === 1 && b.payout > 0).map((b) => ({
        key: `bet:${b.id}:reverse`, from: { kind: KIND.available, owner: b.member_id }, to: { kind: KIND.gaming },
        amount: b.payout, type: TRANSFER.payout, ref: b.ref, remark: `${where} 撤单冲正`,
      })),
    ]
    if (!legs.length) continue
    // A savepoint, so the members who fell short can still be named after PostgreSQL refused the batch.
    await db.query('savepoint lottery_cancel')
    try {
      await transferBatch(db, product, money, legs, { admin })
    } catch (e) {
      if (!(e instanceof LedgerError && e.reason === 'insufficient')) throw e
      await db.query('rollback to savepoint lottery_cancel')
      throw await shortOf(db, e.owners, bets)
    }
    await db.query('release savepoint lottery_cancel')
  }
  await cancelledTotals(db, id)
  // A cancelled bet is no turnover: a settled draw's stakes give back exactly what they fulfilled.
  if (i.status === 3) await restoreIssueTurnover(db, id)
  await db.query(`update lottery_bets set status = 4, settled_at = coalesce(settled_at, now()) where issue_id = $1 and status in (1, 2, 3)`, [id])
  const real = bets.filter((b) => b.money === 0)
  // Each bet is a safe integer; their sums are bigints (an issue's many bets could pass 2^53 cents).
  const staked = real.reduce((s, b) => s + BigInt(b.amount), 0n)
  const u = await db.query(
    `update lottery_issues set status = 4, cancelled_at = now(), cancel_admin = $2, remark = $3,
            bet_count = $4, bet_amount = $5, payout_amount = 0 where id = $1 and status <> 4`,
    [id, admin, remark, real.length, staked.toString()])
  if (u.rowCount !== 1) throw conflict('状态已变更')
  return {
    id, issue_no: i.issue_no, bets: bets.length, refunded: staked,
    reversed: real.reduce((s, b) => s + (b.status === 1 ? BigInt(b.payout) : 0n), 0n),
  }
}

/** The 409 naming the members who no longer hold their payout, with what each would need. */
async function shortOf(db: Queryable, owners: number[], bets: BetLeg[]): Promise<Error> {
  const names = await many<{ id: number; username: string }>(db, 'select id, username from members where id = any($1::int[]) order by username', [owners])
  const need = (m: number) => bets.filter((b) => b.member_id === m).reduce((s, b) => s + (b.status === 1 ? b.payout : 0) - b.amount, 0)
  const list = names.map((n) => `${n.username}（需 ${centsText(need(n.id))} 元）`).join('、')
  return conflict(`以下会员已用掉派彩，余额不足以冲正：${list}；本期不能取消`)
}
