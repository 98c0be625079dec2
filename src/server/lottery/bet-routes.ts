// /api/order routes (投注记录, and 试玩投注记录 at /api/order/demo): bets over tens of millions of rows, keyset-paged,
// with subscribe_money_stat (stakes) and losing_wonning_stat (members' payout − stake over settled bets). Real
// members unless is_virtual=1 asks for the house's virtual accounts (labelled); trial members only in the demo list.
import type { InputOf } from '../../contract/endpoint'
import type { Db } from '../db/db'
import { many } from '../db/db'
import { route, type Ctx } from '../http/route'
import { by, defineList, walkableRoute, type FilterCtx, type Where } from '../db/list'
import { MONEY, type MoneyClass } from '../../contract/ledger'
import { bets } from '../../contract/api/lottery'
import type { Bet, BetIndex, PlaywayCode } from '../../contract/lottery'
import { TIME } from '../http/format'
import { contentOf, sumOf, winningCodes, type Digits } from './rules'
import { WON } from './settle'
import { idOfOrderNo, ORDER_NO } from './sql'
import { betTotals, type BetStats } from './totals'

/**
 * A bet with its member, room, draw and play way, read as scalar subqueries by key (each planned alone and run for the
 * page's rows only): as five joined tables the planner weighed their every order, about 2 ms a page warm and more on
 * a connection's first pages, where the page's own run is under 1 ms. The filters read the bet's own columns.
 */
const COLS = `b.id, ${ORDER_NO('b')} as order_no, b.member_id, (select m.username from members m where m.id = b.member_id) as username,
  (b.money = 1) as is_virtual, b.room_id, (select r.name from lottery_rooms r where r.id = b.room_id) as room_name, b.issue_id,
  (select i.issue_no from lottery_issues i where i.id = b.issue_id) as issue_no,
  (select i.is_manual from lottery_issues i where i.id = b.issue_id) as issue_manual, b.playway_id, (select w.name from lottery_playways w where w.id = b.playway_id) as playway_name,
  b.code, b.number, cents_text(b.amount) as amount, b.rate::text as rate,
  cents_text(b.payout) as payout, cents_text(case when b.status in (1, 2) then b.payout - b.amount else 0 end) as win_loss,
  b.status::int as status, ${TIME('b.created_at')} as created_at, ${TIME('b.settled_at')} as settled_at`
const STATS = `cents_text(coalesce(sum(b.amount) filter (where b.status <> 4), 0)) as subscribe_money_stat,
  cents_text(coalesce(sum(b.payout - b.amount) filter (where b.status in (1, 2)), 0)) as losing_wonning_stat`

type BetQuery = InputOf<typeof bets.demo>

const issueIds = async (f: FilterCtx, sql: string, params: unknown[]) => (await many<{ id: number }>(f.db, sql, params)).map((r) => Number(r.id))

/** Only the room and the status narrow the list (no time range): the rollup answers exactly at any size. */
const rollupAnswers = (q: BetQuery, w: Where) => !w.timed && q.member_id === undefined && q.playway_id === undefined && q.issue_id === undefined && !q.wins
  && ![q.username, q.order_no, q.issue_no].some((v) => v?.trim())

/** Totals from the rollup when it answers exactly (null: the list counts within its budget). */
const rollupTotals = (money: MoneyClass) => async (db: Db, w: Where, q: BetQuery, f: FilterCtx) =>
  (rollupAnswers(q, w) ? betTotals(db, { product: f.product, money, room_id: q.room_id, status: q.status }) : null)

/**
 * The bet list of one money class (0 real, 1 virtual, 2 trial), newest id first. Bets have no time index: a time
 * range narrows the walk by id and keeps its order (it comes in as the field `placed`, which the list fills in).
 */
function betList(money: MoneyClass) {
  const list = defineList<BetQuery & { placed: BetQuery }, Bet>({
    from: 'lottery_bets b', select: COLS, id: 'b.id', table: 'lottery_bets', product: 'b.product', productKey: true, base: 'b.money = ?', params: [money],
    filters: {
      username: by.member('b.member_id', money),
      member_id: 'b.member_id',
      order_no: (w, v) => { if (v.trim()) w.add('b.id = ?', idOfOrderNo(v) ?? 0) },
      issue_no: async (w, v, f) => {
        if (v.trim()) w.add('b.issue_id = any(?::bigint[])', await issueIds(f, 'select id from lottery_issues where product = $1 and issue_no = $2', [f.product, v.trim()]))
      },
      playway_id: 'b.playway_id',
      issue_id: 'b.issue_id',
      wins: (w, v) => {
        const d = v.split(',').map(Number) as unknown as Digits
        w.add(`${WON('?', '?')}`, winningCodes(d), sumOf(d))
      },
      placed: (w, q) => { w.timeRange('b.created_at', q) },
      room_id: by.held('b.room_id'),
      status: async (w, v, f) => {
        w.add('b.status = ?', v)
        // No index covers status (settlement's updates stay heap-only): the few cancelled bets are found by their draws.
        if (v === 4) w.add('b.issue_id = any(?::bigint[])', await issueIds(f, 'select id from lottery_issues where product = $1 and status = 4', [f.product]))
      },
    },
    sums: STATS, statsKey: 'stats', totals: rollupTotals(money),
    rows: (rows) => rows.map(({ code, number, ...b }) => ({ ...b, content: contentOf(code as PlaywayCode, number) }) as Bet),
  })
  const handler = async (ctx: Ctx, q: BetQuery): Promise<BetIndex> => {
    const { stats, ...page } = (await list(ctx, { ...q, placed: q })) as Awaited<ReturnType<typeof list>> & { stats: BetStats | null }
    return { ...page, subscribe_money_stat: stats?.subscribe_money_stat ?? null, losing_wonning_stat: stats?.losing_wonning_stat ?? null }
  }
  return Object.assign(handler, { rows: (ctx: Ctx, q: BetQuery, batch?: number) => list.rows(ctx, { ...q, placed: q }, batch) })
}

const real = betList(MONEY.real)
const virtual = betList(MONEY.virtual)
const trial = betList(MONEY.trial)

export default [
  walkableRoute(bets.index, (ctx, q) => (q.is_virtual === 1 ? virtual : real)(ctx, q), (ctx, q, batch) => (q.is_virtual === 1 ? virtual : real).rows(ctx, q, batch)),
  walkableRoute(bets.demo, trial, trial.rows),
]
