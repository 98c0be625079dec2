// 打码量: every credit of real money asks for amount × multiple of valid turnover; the stakes of settled bets (won or
// lost; cancelled ones never settle) fulfil the oldest open requirement first. Trial and virtual money ask for none.
// The ledger's callers add a requirement in the credit's transaction and consume in the settlement's.
import { many, one } from '../db/db'
import type { Queryable } from '../db/db'
import { route } from '../http/route'
import { TIME } from '../http/format'
import { badRequest } from '../errors'
import { memberRisk } from '../../contract/api/risk'
import type { Turnover, TurnoverItem } from '../../contract/risk'
import { centsText } from '../../contract/money'
import { memberOf } from './tags'

export const TURNOVER = { recharge: 1, gift: 2, manual: 3 } as const

/** Adds the requirement of a credit (once per ref); a virtual or trial member, or a multiple of 0 with nothing asked, adds a zero one or none. */
export async function addRequirement(db: Queryable, product: string, r: { member_id: number; source: 1 | 2 | 3; ref: string; amount: number; multiple: string | number }): Promise<void> {
  const multiple = String(r.multiple).trim()
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(multiple)) throw badRequest('打码倍数须为 0-9999 之间、最多两位小数的数', 'turnover_multiple')
  await db.query(
    `insert into turnover_requirements (product, member_id, source, ref, amount, multiple, required)
     select $1, m.id, $3, $4, $5::bigint, $6::numeric, round($5::bigint * $6::numeric)::bigint from members m where m.id = $2 and m.product = $1 and m.kind = 0
     on conflict (product, ref) do nothing`, [product, r.member_id, r.source, r.ref, r.amount, multiple])
}

/**
 * Settled stakes fulfil requirements, per member oldest first, in one statement for a whole settlement. The open rows
 * are locked first (member, then id order), so concurrent settlements of one member never count a stake twice.
 */
export async function consumeTurnover(db: Queryable, product: string, stakes: { member_id: number; stake: number }[]): Promise<void> {
  const live = stakes.filter((s) => s.stake > 0)
  if (!live.length) return
  const ids = live.map((s) => s.member_id)
  await db.query(`select id from turnover_requirements where member_id = any($1::int[]) and product = $2 and done < required and waived_at is null
    order by member_id, id for update`, [ids, product])
  await db.query(
    `with s as (select member_id, sum(stake)::bigint as stake from unnest($1::int[], $2::bigint[]) as x(member_id, stake) group by member_id),
          o as (select r.id, r.member_id, r.required - r.done as rest,
                       coalesce(sum(r.required - r.done) over (partition by r.member_id order by r.id rows between unbounded preceding and 1 preceding), 0) as ahead
                  from turnover_requirements r join s on s.member_id = r.member_id
                 where r.product = $3 and r.done < r.required and r.waived_at is null)
     update turnover_requirements r set done = r.done + least(o.rest, s.stake - o.ahead)
       from o join s on s.member_id = o.member_id where r.id = o.id and s.stake > o.ahead`,
    [ids, live.map((s) => s.stake), product])
}

/** The member's requirements and what remains. */
export async function turnoverOf(db: Queryable, memberId: number): Promise<Turnover> {
  const items = await many<TurnoverItem & { left: string }>(db,
    `select id, source::int as source, ref, cents_text(amount) as amount, multiple::text as multiple, cents_text(required) as required,
            cents_text(done) as done, waived_at is not null as waived, ${TIME('created_at')} as created_at
       from turnover_requirements where member_id = $1 order by id desc limit 200`, [memberId])
  const sum = await turnoverCents(db, memberId)
  return { required: centsText(sum.required), done: centsText(sum.done), remaining: centsText(sum.remaining), items }
}

/** The member's turnover in cents: required, done, and what remains (a waived requirement leaves nothing). */
export async function turnoverCents(db: Queryable, memberId: number): Promise<{ required: number; done: number; remaining: number }> {
  const sum = await one<{ required: string; done: string; remaining: string }>(db,
    `select coalesce(sum(required), 0)::text as required, coalesce(sum(done), 0)::text as done,
            coalesce(sum(required - done) filter (where waived_at is null), 0)::text as remaining
       from turnover_requirements where member_id = $1`, [memberId])
  return { required: Number(sum!.required), done: Number(sum!.done), remaining: Number(sum!.remaining) }
}

/** Remaining turnover in cents (the withdrawal policy's question). */
export async function remainingCents(db: Queryable, memberId: number): Promise<number> {
  const r = await one<{ n: string }>(db, `select coalesce(sum(required - done), 0)::text as n from turnover_requirements
    where member_id = $1 and done < required and waived_at is null`, [memberId])
  return Number(r!.n)
}

export default [
  route(memberRisk.turnover, async (ctx, q) => turnoverOf(ctx.db, (await memberOf(ctx.db, ctx.caller.product, q.member_id)).id)),
  route(memberRisk.waive, async (ctx, b) => {
    const m = await memberOf(ctx.db, ctx.caller.product, b.member_id, true)
    if (!b.remark.trim()) throw badRequest('请填写免除原因', 'remark')
    const before = await turnoverOf(ctx.db, m.id)
    await ctx.db.query(`update turnover_requirements set waived_at = now(), waived_by = $2
      where member_id = $1 and done < required and waived_at is null`, [m.id, ctx.caller.username])
    const after = await turnoverOf(ctx.db, m.id)
    Object.assign(ctx.audit, {
      target_ids: [String(m.id)],
      before: { username: m.username, remaining: before.remaining }, after: { username: m.username, remaining: after.remaining, remark: b.remark.trim() },
    })
    return after
  }),
]
