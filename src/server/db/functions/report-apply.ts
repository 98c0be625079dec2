// report_apply: the rollups' one writer, called by report_register, report_fold and the batch path.
import { STRAND_OF_TX } from '../constants'

export default /* sql */ `
-- Applies the deltas of one product day (one report_delta per member): marks first recharges and first stakes of the
-- day (or takes them from the delta's first_recharge and active flags, which report_fold sets), adds to each member's day, then to the product (scope 0) and to every team above each member (and the member's
-- own team when it is an agent), in scope order so concurrent writers never wait on each other in a circle.
create or replace function report_apply(p_product text, p_day date, p_at timestamptz, p_deltas report_delta[]) returns void
language plpgsql as $f$
declare
  v_slot smallint := (${STRAND_OF_TX})::smallint;
  v_first int[]; v_active int[];
begin
  with f as (
    update members m set first_recharge_at = p_at
     where m.id in (select d.member_id from unnest(p_deltas) d where d.recharge_count > 0) and m.first_recharge_at is null
    returning m.id
  ) select coalesce(array_agg(id), '{}') into v_first from f;
  -- A member's first stake of the day makes it active that day (counted once, whatever else it does).
  with a as (
    insert into report_member_daily as r (product, day, member_id, active)
    select p_product, p_day, d.member_id, true from unnest(p_deltas) d where d.bet_amount > 0 or d.active > 0 order by d.member_id
    on conflict (member_id, day) do update set active = true where not r.active
    returning r.member_id
  ) select coalesce(array_agg(member_id), '{}') into v_active from a;
  insert into report_member_daily as r (product, day, member_id, registered, first_recharge, active, recharge_amount, recharge_count,
    withdraw_amount, withdraw_count, bet_amount, payout_amount, gift_amount, manual_add, manual_sub, interest_paid)
  select p_product, p_day, d.member_id, d.registered > 0, f.id is not null or d.first_recharge > 0, a.id is not null, d.recharge_amount, d.recharge_count,
         d.withdraw_amount, d.withdraw_count, d.bet_amount, d.payout_amount, d.gift_amount, d.manual_add, d.manual_sub, d.interest_paid
    from unnest(p_deltas) d left join unnest(v_first) f(id) on f.id = d.member_id left join unnest(v_active) a(id) on a.id = d.member_id
   order by d.member_id
  on conflict (member_id, day) do update set
    registered = r.registered or excluded.registered, first_recharge = r.first_recharge or excluded.first_recharge,
    active = r.active or excluded.active, recharge_amount = r.recharge_amount + excluded.recharge_amount,
    recharge_count = r.recharge_count + excluded.recharge_count, withdraw_amount = r.withdraw_amount + excluded.withdraw_amount,
    withdraw_count = r.withdraw_count + excluded.withdraw_count, bet_amount = r.bet_amount + excluded.bet_amount,
    payout_amount = r.payout_amount + excluded.payout_amount, gift_amount = r.gift_amount + excluded.gift_amount,
    manual_add = r.manual_add + excluded.manual_add, manual_sub = r.manual_sub + excluded.manual_sub,
    interest_paid = r.interest_paid + excluded.interest_paid;
  insert into report_daily as r (product, day, scope, slot, register_count, first_recharge_count, recharge_amount, recharge_count,
    withdraw_amount, withdraw_count, bet_amount, payout_amount, gift_amount, manual_add, manual_sub, interest_paid, active_count)
  select p_product, p_day, s.scope, v_slot, sum(d.registered), count(*) filter (where f.id is not null or d.first_recharge > 0), sum(d.recharge_amount), sum(d.recharge_count),
         sum(d.withdraw_amount), sum(d.withdraw_count), sum(d.bet_amount), sum(d.payout_amount), sum(d.gift_amount),
         sum(d.manual_add), sum(d.manual_sub), sum(d.interest_paid), count(a.id)
    from unnest(p_deltas) d left join unnest(v_first) f(id) on f.id = d.member_id left join unnest(v_active) a(id) on a.id = d.member_id
    join members m on m.id = d.member_id
    cross join lateral unnest(array[0] || m.agent_path || case when m.is_agent then array[m.id] else '{}'::int[] end) as s(scope)
   group by s.scope order by s.scope
  on conflict (product, scope, day, slot) do update set
    register_count = r.register_count + excluded.register_count,
    first_recharge_count = r.first_recharge_count + excluded.first_recharge_count,
    recharge_amount = r.recharge_amount + excluded.recharge_amount, recharge_count = r.recharge_count + excluded.recharge_count,
    withdraw_amount = r.withdraw_amount + excluded.withdraw_amount, withdraw_count = r.withdraw_count + excluded.withdraw_count,
    bet_amount = r.bet_amount + excluded.bet_amount, payout_amount = r.payout_amount + excluded.payout_amount,
    gift_amount = r.gift_amount + excluded.gift_amount, manual_add = r.manual_add + excluded.manual_add,
    manual_sub = r.manual_sub + excluded.manual_sub, interest_paid = r.interest_paid + excluded.interest_paid,
    active_count = r.active_count + excluded.active_count;
end $f$;
`
