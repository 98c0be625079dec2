// Reading members: the list's balance filter and rollup totals (the list itself is declared in member.ts), one
// member's detail with its money summary, tags and newest notes, and the username suggestions every money form uses.
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { badRequest, notFound } from '../errors'
import { Where, type Totals } from '../db/paging'
import type { Filter } from '../db/list'
import { toCents } from '../../contract/money'
import type { BalanceStat, MemberDetail, MemberSuggestion } from '../../contract/member'
import { MEMBER_FROM, memberColumns } from './member-sql'
import { TIME } from '../http/format'
import { notesOf, tagsOf } from '../risk/tags'

/** A balance bound in yuan ("12.50", negative allowed) against the available balance; malformed: a 400 naming the field. */
export const balanceBound = (op: '>=' | '<=', field: string, title: string): Filter<string> => (w, v) => {
  const c = toCents(v)
  if (c === null) throw badRequest(`${title}格式不正确`, field)
  // The band (migration 034: the balance's digits in cents) bounds a rare range to the accounts its index finds.
  w.add(`a1.balance ${op} ? and a1.band ${op} length(greatest(?::bigint, 0)::text)`, c, c)
}

/** Unfiltered totals come from the rollups (member_counts, ledger_slots): exact at any size. */
export async function memberTotals(db: Queryable, product: string): Promise<Totals<BalanceStat>> {
  const n = await one<{ n: number }>(db, 'select coalesce(sum(n), 0)::bigint as n from member_counts where product = $1 and kind = 0', [product])
  const s = await one<BalanceStat>(db,
    `select cents_text(coalesce(sum(balance) filter (where kind = 1), 0)) as balance,
            cents_text(coalesce(sum(balance) filter (where kind = 2), 0)) as frozen,
            cents_text(coalesce(sum(balance) filter (where kind = 3), 0)) as interest_balance
       from ledger_slots where product = $1 and money = 0 and kind in (1, 2, 3)`, [product])
  return { total: Number(n!.n), total_exact: true, stats: s! }
}

export async function showMember(db: Queryable, product: string, id: number, kind = 0): Promise<MemberDetail> {
  const m = await one<MemberDetail>(db, `select ${memberColumns('full')}, m.register_device from ${MEMBER_FROM} where m.id = $1 and m.product = $2 and m.kind = $3`,
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
  return { ...m, tags: await tagsOf(db, id), notes: await notesOf(db, id, 5), summary: s as unknown as MemberDetail['summary'], recent_changes: recent }
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
