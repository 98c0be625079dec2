// Reading draws: the list in open-time order with (open_at, id) cursors and budgeted totals; one draw's detail with
// its bets per play way, the verification data once drawn, and previews of a manual result or a cancellation.
import type { Db, Queryable } from '../db/db'
import { many, one } from '../db/db'
import { badRequest, notFound } from '../errors'
import { countWithin, keyset, Where } from '../db/paging'
import { TIME } from '../http/format'
import type { Issue, IssueDetail, IssueLine, MoneyLine } from '../../contract/lottery'
import { drawDigits, FAIR_METHOD, resultText } from './fair'
import { sumOf, tagsOf, winningCodes, type Digits } from './rules'
import { ISSUE_COLS } from './sql'
import { PAYOUT, WON } from './settle'

const FROM = 'lottery_issues i join lottery_rooms r on r.id = i.room_id'

export interface IssueQuery {
  page?: number; per_page?: number; after?: string; before?: string
  room_id?: number; issue_no?: string; status?: number; scope?: string; start_time?: string; end_time?: string
}

type Raw = Omit<Issue, 'sum' | 'tags'>
/** Adds the sum and the labels of the result. */
export function shapeIssue(r: Raw): Issue {
  const d = r.result ? (r.result.split(',').map(Number) as unknown as Digits) : null
  return { ...r, id: Number(r.id), sum: d ? sumOf(d) : null, tags: d ? tagsOf(d) : [] }
}

function cursorOf(text: string | undefined, field: string): [number, number] | undefined {
  if (text === undefined || text === '') return undefined
  const m = /^(\d{1,15})\.(\d{1,18})$/.exec(text)
  if (!m) throw badRequest('翻页位置格式不正确', field)
  return [Number(m[1]), Number(m[2])]
}

function filters(product: string, q: IssueQuery): { w: Where; asc: boolean } {
  const w = new Where().add('i.product = ?', product)
  w.eq('i.room_id', q.room_id).eq('i.issue_no', q.issue_no?.trim()).eq('i.status', q.status)
  w.timeRange('i.open_at', q)
  const scope = q.scope || (q.issue_no ? 'all' : 'recent')
  if (scope === 'recent') {
    // Everything that has come due, and the next draw of each room.
    w.add(`(i.open_at <= now() or i.id in (select distinct on (n.room_id) n.id from lottery_issues n
             where n.product = ? and n.status = 1 and n.open_at > now() order by n.room_id, n.open_at))`, product)
  } else if (scope === 'upcoming') w.add('i.status = 1 and i.open_at > now()')
  else if (scope !== 'all') throw badRequest('范围取值无效', 'scope')
  return { w, asc: scope === 'upcoming' }
}

export async function listIssues(db: Db, product: string, q: IssueQuery) {
  const p = keyset({ page: q.page, per_page: q.per_page, after: q.after ? 0 : undefined, before: q.before ? 0 : undefined })
  const { w, asc } = filters(product, q)
  const after = cursorOf(q.after, 'after')
  const before = after ? undefined : cursorOf(q.before, 'before')
  const page = new Where()
  page.parts.push(...w.parts)
  page.params.push(...w.params)
  // Forward is the list's own order (newest first, or soonest first for upcoming draws); `before` walks back.
  const forward = !before
  const desc = asc !== forward
  const key = '(extract(epoch from i.open_at) * 1000)::bigint'
  const at = after ?? before
  if (at) page.add(`(i.open_at, i.id) ${desc ? '<' : '>'} (to_timestamp(?::bigint / 1000.0), ?::bigint)`, at[0], at[1])
  const offset = at ? 0 : (p.page - 1) * p.per_page
  const rows = await many<Raw & { __k: string; __id: number }>(db,
    `select ${ISSUE_COLS}, ${key} as __k, i.id as __id from ${FROM} where ${page.sql}
      order by i.open_at ${desc ? 'desc' : 'asc'}, i.id ${desc ? 'desc' : 'asc'} limit ${page.bind(p.per_page + 1)} offset ${page.bind(offset)}`, page.params)
  const more = rows.length > p.per_page
  const items = rows.slice(0, p.per_page)
  if (!forward) items.reverse()
  const cur = (r: { __k: string; __id: number } | undefined) => (r ? `${r.__k}.${r.__id}` : null)
  const first = forward ? p.page === 1 && !after : !more
  const last = forward ? !more : false
  const totals = await countWithin<Record<string, never>>(db, { from: 'lottery_issues i', where: w })
  return {
    items: items.map(({ __k, __id, ...r }) => shapeIssue(r)), total: totals.total, total_exact: totals.total_exact,
    per_page: p.per_page, current_page: p.page,
    cursor_next: last || !items.length ? null : cur(items[items.length - 1]),
    cursor_prev: first || !items.length ? null : cur(items[0]),
  }
}

export async function issueById(db: Queryable, product: string, id: number): Promise<Issue> {
  const r = await one<Raw>(db, `select ${ISSUE_COLS} from ${FROM} where i.id = $1 and i.product = $2`, [id, product])
  if (!r) throw notFound('开奖记录不存在')
  return shapeIssue(r)
}

/** The detail: bets per play way (real members) and per money class, verification, and the asked-for previews. */
export async function showIssue(db: Queryable, product: string, id: number, opts: { preview?: Digits; cancel?: boolean } = {}): Promise<IssueDetail> {
  const issue = await issueById(db, product, id)
  const extra = await one<{ seed: Uint8Array; opened: boolean; manual_admin: string; manual_at: string | null }>(db,
    `select seed, opened_at is not null as opened, manual_admin, ${TIME('manual_at')} as manual_at
       from lottery_issues where id = $1`, [id])
  const p = opts.preview
  const params = [id, p ? winningCodes(p) : [], p ? sumOf(p) : -1]
  const lines = (await many<IssueLine & { stake: string }>(db,
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
  const detail: IssueDetail = {
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

async function cancelPreview(db: Queryable, id: number): Promise<NonNullable<IssueDetail['cancel_preview']>> {
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
