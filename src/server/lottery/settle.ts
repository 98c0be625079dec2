// Settlement: one transaction per issue, set-based. The winning codes come from rules.ts; one UPDATE marks every open
// bet of the issue won or lost with its payout (stake × rate, half-up to the cent, integer arithmetic), and the same
// statement counts what it moved into the bet totals; the ledger's batch pays the winners (type 3, from the gaming
// account of each money class); the real wins of at least big_win_amount are recorded as big wins (大额中奖) and noted
// to every server process; the issue becomes 已结算. Each bet is settled exactly once: the issue is locked in status 2
// (the scheduler takes it `for update skip locked`) and only bets in status 3 move.
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { conflict } from '../errors'
import { KIND, TRANSFER, type MoneyClass } from '../../contract/ledger'
import { transferBatch, type BatchLeg } from '../ledger/ledger'
import { sumOf, winningCodes, type Digits } from './rules'
import { ORDER_NO } from './sql'
import { SETTLED_TOTALS } from './totals'
import { consumeIssueTurnover } from '../risk/turnover'
import { readSettings } from '../settings/store'
import { BUILTIN_BY_KEY } from '../settings/catalog'
import { toCents } from '../../contract/money'

export interface Settled { id: number; issue_no: string; bets: number; winners: number; payout: number }

/** The SQL test of a won bet (b.*) given the winning codes ($codes) and the sum ($sum). */
export const WON = (codes: string, sum: string) => `(b.code = any(${codes}::text[]) or (b.code = 'tema' and b.number = ${sum}))`
/** Stake × rate, half-up to the cent: rates have two decimals, so rate × 100 is exact. */
export const PAYOUT = '(b.amount * (b.rate * 100)::bigint + 50) / 100'

/** A real bet won with a payout of at least this many cents is a big win: the product's setting (malformed: the default). */
async function bigWinCents(db: Queryable, product: string): Promise<number> {
  const text = (await readSettings(db, product, ['big_win_amount'])).text('big_win_amount')
  return toCents(text) ?? toCents(BUILTIN_BY_KEY.get('big_win_amount')!.value)!
}

/**
 * Records the bets just settled as big wins (lottery_big_wins, once each) and notes them on the events channel. Here
 * rather than in a trigger on lottery_bets: settlement is the only way a bet is won, and a statement trigger would
 * copy every updated bet into a transition table (a quarter of a second for a draw of 100,000 bets).
 */
async function recordBigWins(db: Queryable, product: string, ids: number[]): Promise<void> {
  if (!ids.length) return
  await db.query(
    `with w as (insert into lottery_big_wins (bet_id, product) select unnest($2::bigint[]), $1 on conflict do nothing returning bet_id, product)
     select events_note('bet.big_win', array_agg(product order by bet_id), array_agg(bet_id order by bet_id)) from w`, [product, ids])
}

/** Settles one opened issue (the caller holds its row lock or takes it here). */
export async function settleIssue(db: Queryable, id: number, at?: Date): Promise<Settled> {
  const i = await one<{ id: number; product: string; issue_no: string; status: number; result: number[]; room_name: string }>(db,
    `select i.id, i.product, i.issue_no, i.status::int as status, i.result, r.name as room_name
       from lottery_issues i join lottery_rooms r on r.id = i.room_id where i.id = $1 for update of i`, [id])
  if (!i || i.status !== 2) throw conflict('状态已变更')
  const digits = i.result.map(Number) as unknown as Digits
  const winners = await many<{ id: number; member_id: number; money: MoneyClass; payout: number; ref: string; big: boolean }>(db,
    `with u as (
       update lottery_bets b
          set status = case when ${WON('$2', '$3')} then 1 else 2 end,
              payout = case when ${WON('$2', '$3')} then ${PAYOUT} else 0 end,
              settled_at = coalesce($4::timestamptz, now())
        where b.issue_id = $1 and b.status = 3
        returning b.id, b.product, b.member_id, b.money, b.room_id, b.amount, b.payout, b.status, b.created_at),
     t as (${SETTLED_TOTALS('u')})
     select b.id, b.member_id, b.money::int as money, b.payout, ${ORDER_NO('b')} as ref, b.money = 0 and b.payout >= $5 as big
       from u b where b.status = 1 and b.payout > 0 order by b.id`,
    [id, winningCodes(digits), sumOf(digits), at ?? null, await bigWinCents(db, i.product)])
  const remark = `${i.room_name} 第${i.issue_no}期 派彩`
  for (const money of [0, 1, 2] as MoneyClass[]) {
    const legs: BatchLeg[] = winners.filter((w) => w.money === money).map((w) => ({
      key: `bet:${w.id}:payout`, from: { kind: KIND.gaming }, to: { kind: KIND.available, owner: w.member_id },
      amount: Number(w.payout), type: TRANSFER.payout, ref: w.ref, remark,
    }))
    if (legs.length) await transferBatch(db, i.product, money, legs, { at })
  }
  await recordBigWins(db, i.product, winners.filter((w) => w.big).map((w) => w.id))
  // The real stakes, won or lost, fulfil their members' turnover requirements (打码量) made before the bets.
  await consumeIssueTurnover(db, i.product, id)
  const real = await one<{ n: number; stake: string; payout: string; all: number }>(db,
    `select count(*) filter (where money = 0)::int as n, coalesce(sum(amount) filter (where money = 0), 0) as stake,
            coalesce(sum(payout) filter (where money = 0), 0) as payout, count(*)::int as all
       from lottery_bets where issue_id = $1`, [id])
  const u = await db.query(
    `update lottery_issues set status = 3, settled_at = coalesce($2::timestamptz, now()), bet_count = $3, bet_amount = $4, payout_amount = $5
      where id = $1 and status = 2`, [id, at ?? null, real!.n, real!.stake, real!.payout])
  if (u.rowCount !== 1) throw conflict('状态已变更')
  return { id, issue_no: i.issue_no, bets: real!.all, winners: winners.length, payout: winners.reduce((s, w) => s + Number(w.payout), 0) }
}
