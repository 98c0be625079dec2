// The rollups' upkeep leaves the movement's transaction: a transfer (ledger_transfer → report_transfer) now appends
// its report delta to report_queue — one heap insert with no index — instead of upserting the member's day, the
// product's day and every team's day (four statements and their row locks, about a third of a transfer); a batch
// (settlement, maturity) appends one delta per member. Each delta carries its transfer id, so a member's first
// recharge is the one with the lowest id, as the recomputation from the records has it.
// report_fold folds the queue into the rollups: every reader before it reads (rollupDays), member-write before it moves a member's history between teams, and each server instance every second,
// so a report is as exact as before and the queue stays short. A fold takes the rows it can see with DELETE …
// RETURNING under one advisory lock held to its commit: a row is folded once, a movement committing meanwhile waits
// for the next fold, and a member moved in a transaction that folded first is filed under its new team by any later
// fold. Registration keeps calling report_apply directly (a member deleted before any money moved leaves nothing queued).

export default /* sql */ `
create table report_queue (
  product text not null,
  at timestamptz not null,
  ord bigint,
  d report_delta not null
);

-- report_apply: src/server/db/functions (applied after the migrations).

drop function report_transfer(text, smallint, smallint, smallint, int, smallint, int, bigint, timestamptz);
create function report_transfer(p_product text, p_money smallint, p_type smallint, p_from_kind smallint, p_from_owner int,
                                p_to_kind smallint, p_to_owner int, p_amount bigint, p_at timestamptz, p_id bigint default null) returns void
language plpgsql set plan_cache_mode = force_generic_plan as $f$
declare v_d report_delta;
begin
  if p_money <> 0 then return; end if;
  v_d := report_classify(p_type, p_from_kind, p_from_owner, p_to_kind, p_to_owner, p_amount);
  if v_d.member_id is null then return; end if;
  insert into report_queue (product, at, ord, d) values (p_product, p_at, p_id, v_d);
end $f$;

-- Folds up to p_limit queued deltas into the rollups (a reader calls it until it answers less than the limit); answers
-- how many it folded. Per member and day the deltas are summed;
-- a member's first recharge is marked at its queued recharge of the lowest transfer id (members locked in id order), a member who
-- staked that day is active, and each product day is applied by report_apply in (product, day) order.
create or replace function report_fold(p_limit int default 50000) returns int
language plpgsql as $f$
declare
  v_rows report_queue[];
  v_first int[]; v_first_day date[];
begin
  perform pg_advisory_xact_lock(hashtextextended('report-fold', 13));
  with q as (delete from report_queue where ctid = any(array(select ctid from report_queue limit p_limit)) returning *)
  select array_agg(q) into v_rows from q;
  if v_rows is null then return 0; end if;
  perform 1 from members where id in (select (r.d).member_id from unnest(v_rows) r where (r.d).recharge_count > 0)
     and first_recharge_at is null order by id for update;
  with f as (
    update members mb set first_recharge_at = x.at
      from (select distinct on ((r.d).member_id) (r.d).member_id as id, r.at from unnest(v_rows) r
             where (r.d).recharge_count > 0 order by (r.d).member_id, r.ord nulls last, r.at) x
     where mb.id = x.id and mb.first_recharge_at is null
    returning mb.id, (x.at at time zone 'Asia/Shanghai')::date as day
  ) select array_agg(id), array_agg(day) into v_first, v_first_day from f;
  perform count(*) from (
    select report_apply(g.product, g.day, g.at, g.deltas) from (
      select m.product, m.day, min(m.at) as at,
             array_agg(row(m.member_id, 0, (f.id is not null)::int, m.active, m.ra, m.rc, m.wa, m.wc, m.ba, m.pa, m.ga, m.ma, m.ms, m.ip)::report_delta
                       order by m.member_id) as deltas
        from (select r.product, (r.at at time zone 'Asia/Shanghai')::date as day, (r.d).member_id, min(r.at) as at,
                     bool_or((r.d).bet_amount > 0)::int as active,
                     sum((r.d).recharge_amount) as ra, sum((r.d).recharge_count) as rc, sum((r.d).withdraw_amount) as wa,
                     sum((r.d).withdraw_count) as wc, sum((r.d).bet_amount) as ba, sum((r.d).payout_amount) as pa,
                     sum((r.d).gift_amount) as ga, sum((r.d).manual_add) as ma, sum((r.d).manual_sub) as ms,
                     sum((r.d).interest_paid) as ip
                from unnest(v_rows) r group by 1, 2, 3) m
        left join unnest(coalesce(v_first, '{}'), coalesce(v_first_day, '{}')) f(id, day) on f.id = m.member_id and f.day = m.day
       group by m.product, m.day
    ) g order by g.product, g.day
  ) applied;
  return array_length(v_rows, 1);
end $f$;

-- A rebuild recomputes the product's rollups from the records, which hold every queued movement: its queue is dropped
-- under the fold's lock (held to the rebuild's commit) rather than folded first.
create function report_queue_discard(p_product text) returns void
language sql as $f$
  select pg_advisory_xact_lock(hashtextextended('report-fold', 13));
  delete from report_queue where product = p_product;
$f$;

-- ledger_strand_turn, ledger_transfer and ledger_transfer_batch: src/server/db/functions (applied after the migrations).
`
