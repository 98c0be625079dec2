// Reading draws: the list in open-time order (keyset on (open_at, id)) with budgeted totals; one draw's detail with
// its bets per play way, the verification data once drawn, and previews of a manual result or a cancellation.
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { notFound } from '../errors'
import { by, defineList, type Where } from '../db/list'
import { TIME } from '../http/format'
import type { Ctx } from '../http/route'
import type { InputOf } from '../../contract/endpoint'
import type { draws } from '../../contract/api/lottery'
import type { Draw, DrawDetail, DrawIndex, DrawLine, MoneyLine } from '../../contract/lottery'
import { drawDigits, FAIR_METHOD, resultText } from './fair'
import { sumOf, tagsOf, winningCodes, type Digits } from './rules'
import { ISSUE_COLS } from './sql'
import { PAYOUT, WON } from './settle'

const FROM = 'lottery_issues i join lottery_rooms r on r.id = i.room_id'

type DrawQuery = InputOf<typeof draws.index>
type Scope = 'recent' | 'upcoming' | 'all'

type Raw = Omit<Draw, 'sum' | 'tags'>
/** Adds the sum and the labels of the result. */
export function shapeDraw(r: Raw): Draw {
  const d = r.result ? (r.result.split(',').map(Number) as unknown as Digits) : null
  return { ...r, id: Number(r.id), sum: d ? sumOf(d) : null, tags: d ? tagsOf(d) : [] }
}

/** Which draws a scope shows. */
const SCOPE: Record<Scope, (w: Where, product: string) => void> = {
  // Everything that has come due, and the next draw of each room.
  recent: (w, product) => {
    w.add(`(i.open_at <= now() or i.id in (select distinct on (n.room_id) n.id from lottery_issues n
             where n.product = ? and n.status = 1 and n.open_at > now() order by n.room_id, n.open_at))`, product)
  },
  upcoming: (w) => { w.add('i.status = 1 and i.open_at > now()') },
  all: () => undefined,
}

/**
 * The draw list in one direction of open time. The time range narrows it without changing that order (so the coming
 * draws stay soonest first), and the scope always applies: both come in as fields the route fills in.
 */
function drawList(dir: 'asc' | 'desc') {
  return defineList<DrawQuery & { scope: Scope; opened: DrawQuery }, Draw>({
    from: FROM, countFrom: 'lottery_issues i', select: ISSUE_COLS, id: 'i.id', table: 'lottery_issues', product: 'i.product',
    order: { col: 'i.open_at', dir, type: 'timestamptz' },
    filters: {
      room_id: 'i.room_id', issue_no: by.text('i.issue_no'), status: 'i.status',
      opened: (w, q) => { w.timeRange('i.open_at', q) },
      scope: (w, scope, f) => { SCOPE[scope](w, f.product) },
    },
    rows: (rows) => rows.map(shapeDraw),
  })
}

const newestFirst = drawList('desc')
const soonestFirst = drawList('asc')

/**
 * 开奖记录: newest open time first; by default what has come due plus each room's next draw (an issue number asks for
 * every draw), the coming draws alone soonest first.
 */
export function listDraws(ctx: Ctx, q: DrawQuery): Promise<DrawIndex> {
  const scope = scopeOfQuery(q)
  return (scope === 'upcoming' ? soonestFirst : newestFirst)(ctx, { ...q, scope, opened: q })
}

const scopeOfQuery = (q: DrawQuery) => (q.scope || (q.issue_no ? 'all' : 'recent')) as Scope

/** The same draws as listDraws, a batch at a time (an export). */
export function walkDraws(ctx: Ctx, q: DrawQuery, batch?: number) {
  const scope = scopeOfQuery(q)
  return (scope === 'upcoming' ? soonestFirst : newestFirst).rows(ctx, { ...q, scope, opened: q }, batch)
}

export async function drawById(db: Queryable, product: string, id: number): Promise<Draw> {
  const r = await one<Raw>(db, `select ${ISSUE_COLS} from ${FROM} where i.id = $1 and i.product = $2`, [id, product])
  if (!r) throw notFound('开奖记录不存在')
  return shapeDraw(r)
}

/** The detail: bets per play way (real members) and per money class, verification, and the asked-for previews. */
export async function showDraw(db: Queryable, product: string, id: number, opts: { preview?: Digits; cancel?: boolean } = {}): Promise<DrawDetail> {
  const issue = await drawById(db, product, id)
  const extra = await one<{ seed: Uint8Array; opened: boolean; manual_admin: string; manual_at: string | null }>(db,
    `select seed, opened_at is not null as opened, manual_admin, ${TIME('manual_at')} as manual_at
       from lottery_issues where id = $1`, [id])
  const p = opts.preview
  const params = [id, p ? winningCodes(p) : [], p ? sumOf(p) : -1]
  const lines = (await many<DrawLine & { stake: string }>(db,
    `select b.playway_id, b.code, w.name, b.number, count(*)::int as bet_count, cents_text(sum(b.amount)) as stake,
            cents_text(sum(b.payout)) as payout, cents_text(sum(case when ${WON('$2', '$3')} then ${PAYOUT} else 0 end)) as would_pay,
            bool_or(${WON('$2', '$3')}) as wins
       from lottery_bets b join lottery_playways w on w.id = b.playway_id
      where b.issue_id = $1 and b.money = 0 group by b.playway_id, b.code, w.name, b.number
      order by min(w.sort), b.playway_id, b.number`, params))
    .map(({ would_pay, wins, ...l }) => (p ? { ...l, would_pay, wins } : l))
  const byMoney = (await many<MoneyLine>(db,
    `select b.money::int as money, count(*)::int as bet_count, cents_text(sum(b.amount)) as stake, cents_text(sum(b.payout)) as payout,
            cents_text(sum(case when ${WON('$2', '$3')} then ${PAYOUT} else 0 end)) as would_pay
       from lottery_bets b where b.issue_id = $1 group by b.money order by b.money`, params))
    .map(({ would_pay, ...l }) => (p ? { ...l, would_pay } : l))
  const detail: DrawDetail = {
    ...issue, lines, by_money: byMoney,
    verify: null,
    manual: issue.is_manual ? { admin: extra!.manual_admin, at: extra!.manual_at } : null,
  }
  if (extra!.opened) {
    const fair = drawDigits(extra!.seed, issue.issue_no)
    detail.verify = {
      method: FAIR_METHOD, seed: issue.seed, seed_hash: issue.seed_hash, message: issue.issue_no, hmac: fair.hmac,
      digits: [...fair.digits], computed: resultText(fair.digits),
    }
  }
  if (p) {
    const w = await one<{ payout: string; winners: number }>(db,
      `select cents_text(coalesce(sum(case when ${WON('$2', '$3')} then ${PAYOUT} else 0 end), 0)) as payout,
              count(*) filter (where ${WON('$2', '$3')})::int as winners
         from lottery_bets b where b.issue_id = $1 and b.money = 0`, params)
    detail.preview = { result: resultText(p), sum: sumOf(p), tags: tagsOf(p), payout: w!.payout, winners: w!.winners }
  }
  if (opts.cancel) detail.cancel_preview = await cancelPreview(db, id)
  return detail
}

async function cancelPreview(db: Queryable, id: number): Promise<NonNullable<DrawDetail['cancel_preview']>> {
  const t = await one<{ refund: string; reverse: string; bets: number }>(db,
    `select cents_text(coalesce(sum(amount), 0)) as refund, cents_text(coalesce(sum(payout) filter (where status = 1), 0)) as reverse,
            count(*)::int as bets
       from lottery_bets where issue_id = $1 and money = 0 and status in (1, 2, 3)`, [id])
  const short = await many<{ member_id: number; username: string; need: string; balance: string }>(db,
    `with per as (select member_id, money, sum(amount) as refund, coalesce(sum(payout) filter (where status = 1), 0) as rev
                    from lottery_bets where issue_id = $1 and status in (1, 2, 3) group by member_id, money)
     select p.member_id, m.username, cents_text(p.rev - p.refund) as need, cents_text(a.balance) as balance
       from per p join members m on m.id = p.member_id
       join ledger_accounts a on a.product = m.product and a.money = p.money and a.kind = 1 and a.owner_id = p.member_id
      where a.balance + p.refund < p.rev order by m.username limit 50`, [id])
  return { ...t!, short }
}
