// The report rollups' upkeep outside the ledger's functions: registration (report_register, applied at once), the
// queue's fold (report_fold) and its discard before a rebuild (report_queue_discard). The queue itself and report_move
// are migration 015's and 011's (the ledger's functions append to the queue themselves); report_apply and
// report_classify have their own files. Single registrations take generic plans (migration 014), which this text keeps with its SET clause.
import { LOCK_SEED, PRODUCT_TZ } from '../constants'
import { DELTA_FIELDS } from '../../report/metrics'

const REGISTERED = DELTA_FIELDS.map((f) => (f === 'registered' ? 1 : 0)).join(', ')

export default /* sql */ `
-- A new real member counts as registered on its day, in the product and in every team above it.
create or replace function report_register(p_product text, p_member int, p_at timestamptz) returns void
language sql set plan_cache_mode = force_generic_plan as $f$
  select report_apply(p_product, (p_at at time zone '${PRODUCT_TZ}')::date, p_at, array[row(p_member, ${REGISTERED})::report_delta])
$f$;

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
  perform pg_advisory_xact_lock(hashtextextended('report-fold', ${LOCK_SEED.reportFold}));
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
    returning mb.id, (x.at at time zone '${PRODUCT_TZ}')::date as day
  ) select array_agg(id), array_agg(day) into v_first, v_first_day from f;
  perform count(*) from (
    select report_apply(g.product, g.day, g.at, g.deltas) from (
      select m.product, m.day, min(m.at) as at,
             array_agg(row(m.member_id, 0, (f.id is not null)::int, m.active, m.ra, m.rc, m.wa, m.wc, m.ba, m.pa, m.ga, m.ma, m.ms, m.ip)::report_delta
                       order by m.member_id) as deltas
        from (select r.product, (r.at at time zone '${PRODUCT_TZ}')::date as day, (r.d).member_id, min(r.at) as at,
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
create or replace function report_queue_discard(p_product text) returns void
language sql as $f$
  select pg_advisory_xact_lock(hashtextextended('report-fold', ${LOCK_SEED.reportFold}));
  delete from report_queue where product = p_product;
$f$;
`
