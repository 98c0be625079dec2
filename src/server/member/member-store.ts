// Reading members: the filtered, keyset-paged list with exact (or flagged) totals and balance sums, one member's
// detail with its money summary, and the username suggestions every money form uses.
import type { Db, Queryable } from '../db/db'
import { many, one } from '../db/db'
import { badRequest, notFound } from '../errors'
import { countWithin, keyset, keysetPaged, pageRows, Where } from '../db/paging'
import { toCents } from '../../contract/money'
import { PAGE_SIZES } from '../../contract/common'
import type { BalanceStat, MemberDetail, MemberQuery, MemberSuggestion } from '../../contract/member'
import { BALANCE_SUMS, IMG_URL, MEMBER_FROM, memberColumns } from './member-sql'
import { TIME } from '../http/format'

function money(v: string | undefined, field: string, title: string): number | undefined {
  if (v === undefined || v === '') return undefined
  const c = toCents(v)
  if (c === null) throw badRequest(`${title}格式不正确`, field)
  return c
}

/** Real members (kind 0) of the product matching the console's filters. */
function filters(product: string, q: MemberQuery): Where {
  const w = new Where().add('m.product = ?', product).add('m.kind = 0')
  w.eq('m.id', q.id).prefix('m.username', q.username).eq('m.real_name', q.real_name?.trim()).eq('m.phone', q.phone?.trim())
  w.eq('m.level_id', q.level_id).eq('m.agent_id', q.agent_id).eq('m.status', q.status)
  if (q.is_agent !== undefined) w.add('m.is_agent = ?', q.is_agent === 1)
  w.timeRange('m.created_at', q)
  const min = money(q.balance_min, 'balance_min', '最低余额')
  const max = money(q.balance_max, 'balance_max', '最高余额')
  if (min !== undefined) w.add('a1.balance >= ?', min)
  if (max !== undefined) w.add('a1.balance <= ?', max)
  return w
}

/** Unfiltered totals come from the rollups (member_counts, ledger_slots): exact at any size. */
async function rollupTotals(db: Queryable, product: string) {
  const n = await one<{ n: number }>(db, 'select coalesce(sum(n), 0)::bigint as n from member_counts where product = $1 and kind = 0', [product])
  const s = await one<BalanceStat>(db,
    `select cents_text(coalesce(sum(balance) filter (where kind = 1), 0)) as balance,
            cents_text(coalesce(sum(balance) filter (where kind = 2), 0)) as frozen,
            cents_text(coalesce(sum(balance) filter (where kind = 3), 0)) as interest_balance
       from ledger_slots where product = $1 and money = 0 and kind in (1, 2, 3)`, [product])
  return { total: Number(n!.n), total_exact: true, stats: s! }
}

export async function listMembers(db: Db, product: string, q: MemberQuery) {
  const p = keyset(q, PAGE_SIZES.member)
  const w = filters(product, q)
  // The page and the totals go in parallel (two connections on PostgreSQL): the answer waits for the slower one.
  const [page, totals] = await Promise.all([
    pageRows(db, p, { select: memberColumns('masked'), from: MEMBER_FROM, where: w, idCol: 'm.id', timeTable: 'members' }),
    w.onlyBase(2) ? rollupTotals(db, product) : countWithin<BalanceStat>(db, { from: MEMBER_FROM, where: w, stats: BALANCE_SUMS }),
  ])
  return { ...keysetPaged(page.rows, p, totals, page), balance_stat: totals.stats, img_url: IMG_URL }
}

export async function showMember(db: Queryable, product: string, id: number, kind = 0): Promise<MemberDetail> {
  const m = await one<MemberDetail>(db, `select ${memberColumns('full')} from ${MEMBER_FROM} where m.id = $1 and m.product = $2 and m.kind = $3`,
    [id, product, kind])
  if (!m) throw notFound('会员不存在')
  // Recharges are the confirmed ones (their balance changes), withdrawals the paid ones (status 1 成功: a request under
  // review or rejected is no withdrawal yet), bets net of cancelled ones (a cancellation refunds the stake as type 1).
  const s = await one<Record<string, string | number>>(db,
    `select (select count(*)::int from member_cards where member_id = $1) as card_count,
            (select count(*)::int from member_wallets where member_id = $1) as wallet_count,
            count(*) filter (where type in (2, 12))::int as recharge_count,
            cents_text(coalesce(sum(amount) filter (where type in (2, 12)), 0)) as recharge_total,
            (select count(*)::int from withdrawals where member_id = $1 and status = 1) as withdraw_count,
            (select cents_text(coalesce(sum(amount), 0)) from withdrawals where member_id = $1 and status = 1) as withdraw_total,
            (count(*) filter (where type = 1 and amount < 0) - count(*) filter (where type = 1 and amount > 0))::int as bet_count,
            cents_text(coalesce(-sum(amount) filter (where type = 1), 0)) as bet_total,
            cents_text(coalesce(sum(amount) filter (where type = 3), 0)) as payout_total,
            cents_text(coalesce(sum(amount) filter (where type in (1, 3)), 0)) as win_loss
       from balance_changes where member_id = $1`, [id])
  // The latest balance changes, so the member drawer shows its history to whoever may see the member.
  const recent = await many<MemberDetail['recent_changes'][number]>(db,
    `select id, type, cents_text(amount) as amount, cents_text(before) as before, cents_text(after) as after, ref, remark,
            ${TIME('created_at')} as created_at
       from balance_changes where member_id = $1 order by id desc limit 20`, [id])
  return { ...m, summary: s as unknown as MemberDetail['summary'], recent_changes: recent }
}

/** Up to 10 real members by username prefix (the lower(username) pattern index), for every money form. */
export async function suggestMembers(db: Queryable, product: string, prefix: string): Promise<MemberSuggestion[]> {
  const w = new Where().add('m.product = ?', product).add('m.kind = 0').prefix('m.username', prefix)
  return many<MemberSuggestion>(db,
    `select m.id, m.username, m.nickname, m.real_name, cents_text(coalesce(a1.balance, 0)) as balance, m.status::int as status
       from members m
       left join ledger_accounts a1 on a1.product = m.product and a1.money = 0 and a1.kind = 1 and coalesce(a1.owner_id, 0) = m.id
      where ${w.sql} order by lower(m.username) limit 10`, w.params)
}
