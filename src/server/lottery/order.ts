// /api/order routes (投注记录, and 试玩投注记录 at /api/order/demo): bets over tens of millions of rows, keyset-paged,
// with subscribe_money_stat (stakes) and losing_wonning_stat (members' payout − stake over settled bets). Real
// members unless is_virtual=1 asks for the house's virtual accounts (labelled); trial members only in the demo list.
import { Type } from '@sinclair/typebox'
import type { Db } from '../db/db'
import { many, one } from '../db/db'
import { route } from '../http/route'
import { DateTime } from '../http/schemas'
import { TIME } from '../http/format'
import { countWithin, KeysetQuery, keyset, keysetPaged, pageRows, Where, type Totals } from '../db/paging'
import { MONEY } from '../../contract/ledger'
import { LOTTERY_PATHS, type Bet, type BetIndex, type PlaywayCode } from '../../contract/lottery'
import { Id, Status01, Text } from './fields'
import { contentOf } from './rules'
import { idOfOrderNo, ORDER_NO } from './sql'

const COLS = `b.id, ${ORDER_NO('b')} as order_no, b.member_id, m.username, (b.money = 1) as is_virtual, b.room_id, r.name as room_name,
  b.issue_id, i.issue_no, i.is_manual as issue_manual, b.playway_id, w.name as playway_name, b.code, b.number, cents_text(b.amount) as amount, b.rate::text as rate,
  cents_text(b.payout) as payout, cents_text(case when b.status in (1, 2) then b.payout - b.amount else 0 end) as win_loss,
  b.status::int as status, ${TIME('b.created_at')} as created_at, ${TIME('b.settled_at')} as settled_at`
const FROM = `lottery_bets b join members m on m.id = b.member_id join lottery_rooms r on r.id = b.room_id
  join lottery_issues i on i.id = b.issue_id join lottery_playways w on w.id = b.playway_id`
const STATS = `cents_text(coalesce(sum(b.amount) filter (where b.status <> 4), 0)) as subscribe_money_stat,
  cents_text(coalesce(sum(b.payout - b.amount) filter (where b.status in (1, 2)), 0)) as losing_wonning_stat`

interface Stats { subscribe_money_stat: string; losing_wonning_stat: string }
export interface BetQuery {
  page?: number; per_page?: number; after?: number; before?: number
  order_no?: string; username?: string; member_id?: number; room_id?: number; issue_no?: string; playway_id?: number; status?: number
  start_time?: string; end_time?: string; is_virtual?: 0 | 1
}

/** The bet list of one money class (0 real, 1 virtual, 2 trial). */
export async function listBets(db: Db, product: string, money: number, q: BetQuery): Promise<BetIndex> {
  const p = keyset(q)
  const w = new Where().add('b.product = ?', product).add('b.money = ?', money)
  const base = 2
  if (q.username?.trim()) {
    const m = await one<{ id: number }>(db, 'select id from members where product = $1 and kind = $2 and lower(username) = lower($3)',
      [product, money, q.username.trim()])
    w.add('b.member_id = ?', m?.id ?? 0)
  }
  w.eq('b.member_id', q.member_id)
  if (q.order_no?.trim()) w.add('b.id = ?', idOfOrderNo(q.order_no) ?? 0)
  if (q.issue_no?.trim()) {
    const ids = (await many<{ id: number }>(db,
      'select id from lottery_issues where product = $1 and issue_no = $2 and ($3::int is null or room_id = $3)',
      [product, q.issue_no.trim(), q.room_id ?? null])).map((r) => Number(r.id))
    w.add('b.issue_id = any(?::bigint[])', ids)
  }
  w.eq('b.playway_id', q.playway_id)
  w.timeRange('b.created_at', q)
  const rollup = w.onlyBase(base)
  w.eq('b.room_id', q.room_id).eq('b.status', q.status)
  // No index covers status (settlement's updates stay heap-only): the few cancelled bets are found by their draws.
  if (q.status === 4) {
    const ids = (await many<{ id: number }>(db, 'select id from lottery_issues where product = $1 and status = 4', [product])).map((r) => Number(r.id))
    w.add('b.issue_id = any(?::bigint[])', ids)
  }
  // The page and the totals go in parallel (two connections on PostgreSQL): the answer waits for the slower one.
  const [page, totals] = await Promise.all([
    pageRows<Bet & { code: PlaywayCode; number: number | null }>(db, p, { select: COLS, from: FROM, where: w, idCol: 'b.id' }),
    rollup ? rollupTotals(db, product, money, q) : countWithin<Stats>(db, { from: 'lottery_bets b', where: w, stats: STATS }),
  ])
  const items = page.rows.map(({ code, number, ...b }) => ({ ...b, content: contentOf(code, number) }) as Bet)
  return {
    ...keysetPaged(items, p, totals, page),
    subscribe_money_stat: totals.stats?.subscribe_money_stat ?? null, losing_wonning_stat: totals.stats?.losing_wonning_stat ?? null,
  }
}

/** No filter beyond room and status: the rollup answers exactly at any size. */
async function rollupTotals(db: Db, product: string, money: number, q: BetQuery): Promise<Totals<Stats>> {
  const r = await one<{ n: string } & Stats>(db,
    `select coalesce(sum(n), 0)::text as n, cents_text(coalesce(sum(stake) filter (where status <> 4), 0)) as subscribe_money_stat,
            cents_text(coalesce(sum(payout - stake) filter (where status in (1, 2)), 0)) as losing_wonning_stat
       from lottery_bet_totals where product = $1 and money = $2 and ($3::int is null or room_id = $3) and ($4::int is null or status = $4)`,
    [product, money, q.room_id ?? null, q.status ?? null])
  return { total: Number(r!.n), total_exact: true, stats: { subscribe_money_stat: r!.subscribe_money_stat, losing_wonning_stat: r!.losing_wonning_stat } }
}

const Filters = {
  ...KeysetQuery,
  order_no: Type.Optional(Text('订单号', 40)),
  username: Type.Optional(Text('用户名', 16)),
  member_id: Type.Optional(Id),
  room_id: Type.Optional(Id),
  issue_no: Type.Optional(Text('期号', 20)),
  playway_id: Type.Optional(Id),
  status: Type.Optional(Type.Integer({ title: '状态', minimum: 1, maximum: 4 })),
  start_time: Type.Optional(DateTime('开始时间')),
  end_time: Type.Optional(DateTime('结束时间')),
}

export default [
  route({
    method: 'GET', url: '/api/order/index', summary: '投注记录（真实会员；is_virtual=1 看虚拟账号），游标翻页，含投注与输赢合计', menu: LOTTERY_PATHS.bets, action: 'R',
    query: Type.Object({ ...Filters, is_virtual: Type.Optional(Status01('虚拟账号')) }),
    handler: (ctx, q) => listBets(ctx.root, ctx.caller.product, q.is_virtual === 1 ? MONEY.virtual : MONEY.real, q as BetQuery),
  }),
  route({
    method: 'GET', url: '/api/order/demo', summary: '试玩投注记录（试玩会员）', menu: LOTTERY_PATHS.demo, action: 'R', query: Type.Object(Filters),
    handler: (ctx, q) => listBets(ctx.root, ctx.caller.product, MONEY.trial, q as BetQuery),
  }),
]
