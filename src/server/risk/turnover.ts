// 打码量: every credit of real money asks for amount × multiple of valid turnover; the stakes of bets settled (won or
// lost) after a requirement was made fulfil it, the oldest open requirement first; a cancelled draw's stakes are
// given back. Trial and virtual money ask for none. The credit paths (recharge confirmation, manual top-up, gift
// money) add a requirement in the credit's transaction; settlement consumes in its own, cancellation restores in its.
import { many, one } from '../db/db'
import type { Queryable } from '../db/db'
import { route } from '../http/route'
import { TIME } from '../http/format'
import { badRequest } from '../errors'
import { memberRisk } from '../../contract/api/risk'
import type { Turnover, TurnoverItem } from '../../contract/risk'
import { centsText } from '../../contract/money'
import { readSettings } from '../settings/store'
import { memberOf } from './tags'

export const TURNOVER = { recharge: 1, gift: 2, manual: 3 } as const
export type TurnoverSource = (typeof TURNOVER)[keyof typeof TURNOVER]

/** The finance setting holding each source's multiple. */
const SETTING: Record<TurnoverSource, string> = { 1: 'turnover_multiple_recharge', 2: 'turnover_multiple_gift', 3: 'turnover_multiple_manual' }

/** A multiple as stored: 0–9999 with at most two decimals (0 allowed: the credit asks for nothing). */
export function parseMultiple(v: string | number): string {
  const multiple = String(v).trim()
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(multiple)) throw badRequest('打码倍数须为 0-9999 之间、最多两位小数的数', 'turnover_multiple')
  return multiple
}

export interface Requirement {
  member_id: number; source: TurnoverSource; ref: string; amount: number; multiple: string | number
  /** When the credit happened (backfilled history); defaults to now. Only stakes of bets settled later count. */
  at?: Date
}

/** Adds the requirement of a credit (once per ref); a virtual or trial member adds none, a multiple of 0 a zero one. */
export async function addRequirement(db: Queryable, product: string, r: Requirement): Promise<void> {
  await db.query(
    `insert into turnover_requirements (product, member_id, source, ref, amount, multiple, required, created_at)
     select $1, m.id, $3, $4, $5::bigint, $6::numeric, round($5::bigint * $6::numeric)::bigint, coalesce($7::timestamptz, now())
       from members m where m.id = $2 and m.product = $1 and m.kind = 0
     on conflict (product, ref) do nothing`, [product, r.member_id, r.source, r.ref, r.amount, parseMultiple(r.multiple), r.at ?? null])
}

/** A credit's requirement with its own multiple, or (none given) the finance setting of its source. */
export async function requireTurnover(db: Queryable, product: string, r: Omit<Requirement, 'multiple'> & { multiple?: string | number | null }): Promise<void> {
  const multiple = r.multiple ?? (await readSettings(db, product, [SETTING[r.source]])).text(SETTING[r.source])
  await addRequirement(db, product, { ...r, multiple })
}

/** One settled stake: its member and amount (cents). */
export interface SettledStake { member_id: number; stake: number }

/**
 * Settled stakes fulfil requirements, per member oldest first, in one statement for a whole settlement: a stake
 * settled now counts for every requirement made before now (RISK.md: the stake of every bet settled after the
 * requirement was made), won or lost. `stakes` is SQL answering (member_id, stake) with its parameters from $3 on
 * ($1 the product, $2 the settled issue or null). The open rows are locked first (member, then id order) and only
 * those are fulfilled, so concurrent settlements of one member never count a stake twice. With an issue, what each
 * requirement received is kept (turnover_uses), so cancelling the draw can give exactly that back.
 */
async function consume(db: Queryable, product: string, issueId: number | null, stakes: string, params: unknown[]): Promise<void> {
  // ($2, the issue, is named so that both statements take the same parameters.)
  const locked = await many<{ id: number }>(db,
    `select id, $2::bigint as issue_id from turnover_requirements where product = $1 and done < required and waived_at is null
        and member_id in (select s.member_id from (${stakes}) s)
      order by member_id, id for update`, [product, issueId, ...params])
  if (!locked.length) return
  await db.query(
    `with g as (select s.member_id, sum(s.stake)::bigint as stake from (${stakes}) s where s.stake > 0 group by 1),
          r as (select r.id, r.member_id, r.created_at, r.required - r.done as rest from turnover_requirements r
                 where r.product = $1 and r.id = any($${params.length + 3}::bigint[]) and r.done < r.required and r.waived_at is null),
          f as (select g.member_id, least(g.stake, (select coalesce(sum(r.rest), 0) from r where r.member_id = g.member_id)) as fill from g),
          o as (select r.id, r.member_id, r.rest,
                       coalesce(sum(r.rest) over (partition by r.member_id order by r.created_at, r.id rows between unbounded preceding and 1 preceding), 0) as ahead
                  from r),
          u as (update turnover_requirements t set done = t.done + least(o.rest, f.fill - o.ahead)
                  from o join f on f.member_id = o.member_id where t.id = o.id and f.fill > o.ahead
                returning t.id, least(o.rest, f.fill - o.ahead) as used)
     insert into turnover_uses (issue_id, requirement_id, amount) select $2::bigint, u.id, u.used from u where $2::bigint is not null`,
    [product, issueId, ...params, locked.map((l) => l.id)])
}

/** Stakes given one by one (tests, tools); with `issueId`, what they fulfilled is kept for that draw. */
export async function consumeTurnover(db: Queryable, product: string, stakes: SettledStake[], issueId?: number): Promise<void> {
  const live = stakes.filter((s) => s.stake > 0)
  if (!live.length) return
  await consume(db, product, issueId ?? null, 'select * from unnest($3::int[], $4::bigint[]) as x(member_id, stake)',
    [live.map((s) => s.member_id), live.map((s) => s.stake)])
}

/** The settlement of a draw: the stakes of its real-money bets, won or lost (the settlement's transaction). */
export async function consumeIssueTurnover(db: Queryable, product: string, issueId: number): Promise<void> {
  await consume(db, product, issueId,
    'select b.member_id, b.amount as stake from lottery_bets b where b.issue_id = $2 and b.money = 0 and b.status in (1, 2)', [])
}

/** A settled draw cancelled: its stakes no longer count, so each requirement gives back exactly what they fulfilled. */
export async function restoreIssueTurnover(db: Queryable, issueId: number): Promise<void> {
  await db.query(`select r.id from turnover_requirements r join turnover_uses u on u.requirement_id = r.id where u.issue_id = $1
    order by r.member_id, r.id for update of r`, [issueId])
  await db.query(`with u as (delete from turnover_uses where issue_id = $1 returning requirement_id, amount)
    update turnover_requirements r set done = r.done - u.amount from u where r.id = u.requirement_id`, [issueId])
}

/** The member's requirements and what remains. */
export async function turnoverOf(db: Queryable, memberId: number): Promise<Turnover> {
  const items = await many<TurnoverItem & { left: string }>(db,
    `select id, source::int as source, ref, cents_text(amount) as amount, multiple::text as multiple, cents_text(required) as required,
            cents_text(done) as done, waived_at is not null as waived, ${TIME('created_at')} as created_at
       from turnover_requirements where member_id = $1 order by created_at desc, id desc limit 200`, [memberId])
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
