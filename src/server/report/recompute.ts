// The report recomputed from the raw records (members and ledger transfers of real money), as a check on the rollups
// and to rebuild them: the ledger's own classification (report_classify, generated from the transfer types'
// declarations), the team as it stands now.
import type { Queryable } from '../db/db'
import { many } from '../db/db'
import { PRODUCT_TZ } from '../http/format'
import { DELTA_FIELDS, METRICS, type DayFigures } from './metrics'
import { EFFECT } from './classify'

/**
 * SQL: the product's ($1) movements of real money with both sides' kinds and owners (created_at, id, type, amount,
 * from_kind, from_owner, to_kind, to_owner): the ledger's transfers and their accounts. A bulk load that still holds its
 * own movements so (the benchmark data's) adds them to those it kept from before it.
 */
export function transferMoves(): string {
  return `select t.created_at, t.id, t.type, t.amount, fa.kind as from_kind, fa.owner_id as from_owner, ta.kind as to_kind,
         ta.owner_id as to_owner
    from ledger_transfers t
    join ledger_accounts fa on fa.id = t.from_account
    join ledger_accounts ta on ta.id = t.to_account
   where t.product = $1 and t.money = 0`
}

/**
 * Per-member days from the movements: what report_member_daily should hold, in (member, day) order, with the member's
 * first recharge's time (first_recharge_at, on each of its days). One pass over the movements and the registrations
 * together, grouped by member and day: each movement classified once as a few small columns (its effect's number,
 * member and signed amount: EFFECT), so the sort that groups them carries little; a member's first recharge is the day
 * of its smallest recharge id among its days, a window over its days.
 */
const FIGURES = DELTA_FIELDS.filter((f) => f !== 'registered' && f !== 'first_recharge' && f !== 'active')
const MEMBER_DAYS = (moves: string) => `
  select member_id, day, registered, coalesce(first_recharge_id = min(first_recharge_id) over member, false) as first_recharge,
         min(first_recharge_at) over member as first_recharge_at, active, ${FIGURES.join(', ')}
    from (
      select member_id, day, bool_or(registered) as registered, coalesce(bool_or(${EFFECT.active('eff', 'amount')}), false) as active,
             ${FIGURES.map((f) => `${EFFECT.figure(f, 'eff', 'amount')} as ${f}`).join(',\n             ')},
             min(id) filter (where ${EFFECT.recharge('eff')}) as first_recharge_id,
             min(at) filter (where ${EFFECT.recharge('eff')}) as first_recharge_at
        from (select ${EFFECT.member('c.eff', 'c')} as member_id, (c.created_at at time zone '${PRODUCT_TZ}')::date as day, c.id,
                     c.created_at as at, c.eff, ${EFFECT.signed('c.eff', 'c.amount')} as amount, false as registered
                from (select t.*, ${EFFECT.of('t')} as eff from (${moves}) t offset 0) c
               where c.eff is not null
              union all
              select id, (created_at at time zone '${PRODUCT_TZ}')::date, null::bigint, null::timestamptz, null::int, null::bigint, true
                from members where product = $1 and kind = 0) moves
       where member_id is not null
       group by member_id, day) days
  window member as (partition by member_id order by day rows between unbounded preceding and unbounded following)`

const SUMMED = `count(*) filter (where x.registered) as register_count, count(*) filter (where x.first_recharge) as first_recharge_count,
  sum(x.recharge_count) as recharge_count, sum(x.withdraw_count) as withdraw_count, count(*) filter (where x.active) as active_count,
  sum(x.recharge_amount) as recharge_amount, sum(x.withdraw_amount) as withdraw_amount, sum(x.bet_amount) as bet_amount,
  sum(x.payout_amount) as payout_amount, sum(x.gift_amount) as gift_amount, sum(x.manual_add) as manual_add,
  sum(x.manual_sub) as manual_sub, sum(x.interest_paid) as interest_paid`

/** Day by day from the records, for the product or one agent's team (the agent and everyone below it). */
export async function recomputeDays(db: Queryable, product: string, from: string, to: string, agentId?: number): Promise<DayFigures[]> {
  const rows = await many<Record<string, unknown>>(db,
    `with x as (${MEMBER_DAYS(transferMoves())})
     select to_char(x.day, 'YYYY-MM-DD') as day, ${SUMMED}
       from x join members mb on mb.id = x.member_id
      where x.day between $2::date and $3::date and ($4::int is null or mb.id = $4 or mb.agent_path @> array[$4::int])
      group by x.day order by x.day desc`, [product, from, to, agentId ?? null])
  return rows.map((r) => Object.fromEntries([['day', r.day], ...METRICS.map((m) => [m, Number(r[m] ?? 0)])]) as DayFigures)
}

/**
 * Recomputes a product's rollups from the records (after bulk loads, or to repair): all or nothing. `moves` is SQL of
 * every movement of the product's real money in transferMoves' columns ($1 the product), the ledger's by default.
 */
export async function rebuildReports(db: Queryable, product: string, moves = transferMoves()): Promise<{ members: number; days: number }> {
  // One big aggregation: its groups in memory rather than spilled to disk.
  await db.query(`set local work_mem = '256MB'`)
  // The records hold every queued movement: the product's queue is dropped (under the fold's lock, held to commit).
  await db.query('select report_queue_discard($1)', [product])
  await db.query('delete from report_member_daily where product = $1', [product])
  await db.query('delete from report_daily where product = $1', [product])
  // A member's days are too many groups to hold in memory (a hash of them spills, and grows worse than the sort):
  // grouped by sorting instead, which also orders them as the insert wants (the days come out of the window in (member,
  // day) order and are written so, no second sort). The same pass gives each recharging member its first recharge's time.
  await db.query('set local enable_hashagg = off')
  await db.query(`with days as materialized (${MEMBER_DAYS(moves)}),
    firsts as (update members m set first_recharge_at = d.first_recharge_at from days d where d.first_recharge and m.id = d.member_id)
    insert into report_member_daily (product, day, member_id, registered, first_recharge, active, recharge_amount,
      recharge_count, withdraw_amount, withdraw_count, bet_amount, payout_amount, gift_amount, manual_add, manual_sub, interest_paid)
    select $1, day, member_id, registered, first_recharge, active, recharge_amount, recharge_count, withdraw_amount, withdraw_count,
           bet_amount, payout_amount, gift_amount, manual_add, manual_sub, interest_paid from days`, [product])
  await db.query('set local enable_hashagg = on')
  // Planned from what was just written (without statistics the team sums below join members by a nested loop: 25 s
  // instead of 20 s at a million members).
  await db.query('analyze report_member_daily')
  await db.query(`insert into report_daily (product, day, scope, slot, ${METRICS.join(', ')})
    select $1, x.day, s.scope, 0, ${METRICS.map((m) => `sum(x.${m})`).join(', ')}
      from (select r.*, r.registered::int as register_count, r.first_recharge::int as first_recharge_count, r.active::int as active_count
              from report_member_daily r where r.product = $1) x
      join members m on m.id = x.member_id
      cross join lateral unnest(array[0] || m.agent_path || case when m.is_agent then array[m.id] else '{}'::int[] end) as s(scope)
     group by x.day, s.scope`, [product])
  const n = await many<{ m: number; d: number }>(db,
    `select (select count(*) from (select distinct member_id from report_member_daily where product = $1) m)::int as m,
            (select count(*) from report_daily where product = $1 and scope = 0)::int as d`, [product])
  return { members: n[0].m, days: n[0].d }
}
