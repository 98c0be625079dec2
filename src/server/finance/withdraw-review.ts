// GET /api/withdraw/review (审核上下文, logged as R): what a reviewer decides a withdrawal with, in one call — the
// member with its tags and risk level, its money all time and in the last 30 days, its turnover now and at the request,
// its associated accounts, its recent balance changes, logins and withdrawals, the newest notes, and the flags, computed
// as it is read. Every query is bounded by the member (and time) on an index; they run side by side (the route, a
// logged GET, reads on the whole database).
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { route } from '../http/route'
import { TIME } from '../http/format'
import { withdraw } from '../../contract/api/finance'
import { REVIEW_FLAG, type MoneyFigures, type RecentBalanceChange, type ReviewFlagCode, type TurnoverFigures, type WithdrawReview } from '../../contract/review'
import { TRANSFER_TYPE } from '../../contract/ledger'
import type { MemberLogin } from '../../contract/risk'
import type { Withdrawal } from '../../contract/finance'
import { centsText } from '../../contract/money'
import { associationsOf } from '../risk/associations'
import { turnoverCents } from '../risk/turnover'
import { MEMBER_RISK_COLS, notesOf } from '../risk/tags'
import { LOGIN_COLS } from '../risk/logins'
import { readSettings } from '../settings/store'
import { marked, withdrawalById, WITHDRAW_COLS, WITHDRAW_FROM } from './withdraw-store'

const FIGURES = ['recharge', 'withdraw', 'bet', 'payout', 'gift', 'manual'] as const
type Figure = (typeof FIGURES)[number]

/** SQL: the sum of `col` over the rows meeting `cond`, all time (`name`) and within the last 30 days by `time` (`name_30`). */
const sums = (name: Figure, col: string, time: string, cond = 'true') =>
  `coalesce(sum(${col}) filter (where ${cond}), 0)::text as ${name},
   coalesce(sum(${col}) filter (where ${cond} and ${time} >= now() - interval '30 days'), 0)::text as ${name}_30`

/**
 * SQL: the money figures of member $1, each from its own records: recharge — confirmed deposits of sources 0 and 4
 * (by confirmation time); withdraw — paid withdrawals' amount (by decision time); bet, payout — stakes and payouts of
 * settled bets, won or lost (by settlement time); gift — balance changes of type 7; manual — types 6 − 8 (type 8's
 * amounts are negative). big_win: the largest payout settled from 7 days before withdrawal $2 was asked for.
 */
const MONEY_SQL = `select * from
  (select ${sums('recharge', 'amount', 'confirmed_at')} from recharges where member_id = $1 and status = 1 and source in (0, 4)) r,
  (select ${sums('withdraw', 'amount', 'reviewed_at')} from withdrawals where member_id = $1 and status = 1) w,
  (select ${sums('bet', 'amount', 'settled_at')}, ${sums('payout', 'payout', 'settled_at')},
          coalesce(max(payout) filter (where settled_at >= (select created_at - interval '7 days' from withdrawals where id = $2)), 0)::text as big_win
     from lottery_bets where member_id = $1 and status in (1, 2)) b,
  (select ${sums('gift', 'amount', 'created_at', 'type = 7')}, ${sums('manual', 'amount', 'created_at', 'type in (6, 8)')}
     from balance_changes where member_id = $1 and type in (6, 7, 8)) c`

/**
 * SQL: the member of withdrawal $1 as the review shows it, whether it registered within 24 h before the request, the
 * turnover kept at the request, and the member's paid withdrawals asked for before this one (count and sum).
 */
const MEMBER_SQL = `select m.id, m.username, coalesce(lv.name, '') as level, ${MEMBER_RISK_COLS('m')}, ${TIME('m.created_at')} as created_at,
    m.register_ip, m.status::int as status, m.withdraw_blocked, m.created_at >= w.created_at - interval '24 hours' as new_account,
    w.amount::text as amount, w.turnover_unmet, w.turnover_required::text as t_required, w.turnover_done::text as t_done,
    w.turnover_remaining::text as t_remaining, p.n as prior_n, p.sum as prior_sum
  from withdrawals w join members m on m.id = w.member_id left join member_levels lv on lv.id = m.level_id
  cross join lateral (select count(*)::int as n, coalesce(sum(e.amount), 0)::text as sum from withdrawals e
                       where e.member_id = w.member_id and e.status = 1 and e.created_at < w.created_at) p
  where w.id = $1`

type MemberRow = WithdrawReview['member'] & {
  new_account: boolean; amount: string; turnover_unmet: boolean; t_required: string; t_done: string; t_remaining: string
  prior_n: number; prior_sum: string
}

const money = (rows: Record<string, string>, suffix: '' | '_30'): MoneyFigures => {
  const v = (k: Figure) => BigInt(rows[k + suffix])
  const f = Object.fromEntries(FIGURES.map((k) => [k, centsText(v(k))])) as Omit<MoneyFigures, 'net_win'>
  return { ...f, net_win: centsText(v('payout') - v('bet')) }
}

const turnover = (required: number | string, done: number | string, remaining: number | string): TurnoverFigures =>
  ({ required: centsText(required), done: centsText(done), remaining: centsText(remaining) })

/** The review context of withdrawal `id` of the product (404 when it is not the product's). */
export async function reviewOf(db: Queryable, product: string, id: number): Promise<WithdrawReview> {
  const s = await readSettings(db, product, ['double_review_amount', 'big_win_amount'])
  const t = s.cents('double_review_amount')
  const withdrawal = await withdrawalById(db, product, id, { threshold: t })
  const memberId = withdrawal.member_id
  const [m, figures, now, associations, changes, logins, withdrawals, notes] = await Promise.all([
    one<MemberRow>(db, MEMBER_SQL, [id]),
    one<Record<string, string>>(db, MONEY_SQL, [memberId, id]),
    turnoverCents(db, memberId),
    associationsOf(db, product, memberId),
    many<Omit<RecentBalanceChange, 'type_name'>>(db, `select id, type::int as type, cents_text(amount) as amount, cents_text(after) as after, ref,
        ${TIME('created_at')} as created_at from balance_changes where member_id = $1 order by id desc limit 20`, [memberId]),
    many<MemberLogin>(db, `select ${LOGIN_COLS} from member_logins l join members m on m.id = l.member_id
        where l.member_id = $1 order by l.id desc limit 10`, [memberId]),
    many<Withdrawal>(db, `select ${WITHDRAW_COLS} from ${WITHDRAW_FROM} where w.member_id = $1 and w.id <> $2 order by w.id desc limit 10`, [memberId, id]),
    notesOf(db, memberId, 5),
  ])
  const { new_account, amount, turnover_unmet, t_required, t_done, t_remaining, prior_n, prior_sum, ...member } = m!
  const raised = new Set<ReviewFlagCode>()
  const raise = (code: ReviewFlagCode, when: boolean) => { if (when) raised.add(code) }
  raise('first_withdrawal', prior_n === 0)
  raise('turnover_unmet', turnover_unmet)
  raise('shared_ip', associations.some((a) => a.by === 'ip'))
  raise('shared_device', associations.some((a) => a.by === 'device'))
  raise('shared_card', associations.some((a) => a.by === 'card'))
  raise('new_account', new_account)
  raise('big_win', s.cents('big_win_amount') > 0 && BigInt(figures!.big_win) >= BigInt(s.cents('big_win_amount')))
  raise('risk_tag', member.risk_level >= 2)
  raise('amount_over_avg', prior_n > 0 && BigInt(amount) * BigInt(prior_n) >= 3n * BigInt(prior_sum))
  return {
    withdrawal, member,
    money: { days_30: money(figures!, '_30'), all: money(figures!, '') },
    turnover: turnover(now.required, now.done, now.remaining),
    turnover_at_request: turnover(t_required, t_done, t_remaining),
    associations,
    recent: {
      balance_changes: changes.map((c) => ({ ...c, type_name: TRANSFER_TYPE[c.type] ?? String(c.type) })),
      logins, withdrawals: marked(withdrawals, t),
    },
    notes,
    flags: (Object.keys(REVIEW_FLAG) as ReviewFlagCode[]).filter((c) => raised.has(c)).map((code) => ({ code, label: REVIEW_FLAG[code] })),
  }
}

export default [
  route(withdraw.review, async (ctx, q) => {
    const r = await reviewOf(ctx.db, ctx.caller.product, q.id)
    ctx.audit.after = { order_no: r.withdrawal.order_no, member_id: r.member.id, username: r.member.username }
    return r
  }),
]
