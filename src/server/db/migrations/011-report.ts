// Report rollups (报表统计, 首页): per product and day, for the whole product (scope 0) and for every agent's team
// (scope = the agent's id: the agent and everyone below it), kept by the ledger in the same transaction as each
// movement of real money, and by registration. A member's own days are kept too, so moving it to another agent
// moves its history. Slots spread the hot rows (the product's day) over 16 rows; a report sums them.

export default /* sql */ `
alter table members add column first_recharge_at timestamptz;

create table report_daily (
  product text not null,
  day date not null,
  scope int not null,
  slot smallint not null,
  register_count int not null default 0,
  first_recharge_count int not null default 0,
  recharge_amount bigint not null default 0,
  recharge_count int not null default 0,
  withdraw_amount bigint not null default 0,
  withdraw_count int not null default 0,
  bet_amount bigint not null default 0,
  payout_amount bigint not null default 0,
  gift_amount bigint not null default 0,
  manual_add bigint not null default 0,
  manual_sub bigint not null default 0,
  interest_paid bigint not null default 0,
  active_count int not null default 0,
  primary key (product, scope, day, slot)
);

create table report_member_daily (
  product text not null,
  day date not null,
  member_id int not null,
  registered boolean not null default false,
  first_recharge boolean not null default false,
  active boolean not null default false,
  recharge_amount bigint not null default 0,
  recharge_count int not null default 0,
  withdraw_amount bigint not null default 0,
  withdraw_count int not null default 0,
  bet_amount bigint not null default 0,
  payout_amount bigint not null default 0,
  gift_amount bigint not null default 0,
  manual_add bigint not null default 0,
  manual_sub bigint not null default 0,
  interest_paid bigint not null default 0,
  primary key (member_id, day)
);

-- One row of deltas (a movement's effect on a member's day) as both rollups take it.
create type report_delta as (
  member_id int, registered int, first_recharge int, active int,
  recharge_amount bigint, recharge_count int, withdraw_amount bigint, withdraw_count int, bet_amount bigint,
  payout_amount bigint, gift_amount bigint, manual_add bigint, manual_sub bigint, interest_paid bigint
);

-- What a transfer of real money means to the report, seen from the member's side (NULL member: nothing).
create function report_classify(p_type smallint, p_from_kind smallint, p_from_owner int, p_to_kind smallint,
                                p_to_owner int, p_amount bigint) returns report_delta
language sql immutable as $f$
  select case
    when p_type in (2, 12) and p_to_kind = 1 then row(p_to_owner, 0, 0, 0, p_amount, 1, 0, 0, 0, 0, 0, 0, 0, 0)::report_delta
    when p_type = 101 and p_from_kind = 2 then row(p_from_owner, 0, 0, 0, 0, 0, p_amount, 1, 0, 0, 0, 0, 0, 0)::report_delta
    when p_type = 102 and p_from_kind = 2 then row(p_from_owner, 0, 0, 0, 0, 0, p_amount, 0, 0, 0, 0, 0, 0, 0)::report_delta
    when p_type = 1 and p_from_kind = 1 then row(p_from_owner, 0, 0, 0, 0, 0, 0, 0, p_amount, 0, 0, 0, 0, 0)::report_delta
    when p_type = 1 and p_to_kind = 1 then row(p_to_owner, 0, 0, 0, 0, 0, 0, 0, -p_amount, 0, 0, 0, 0, 0)::report_delta
    when p_type = 3 and p_to_kind = 1 then row(p_to_owner, 0, 0, 0, 0, 0, 0, 0, 0, p_amount, 0, 0, 0, 0)::report_delta
    when p_type = 3 and p_from_kind = 1 then row(p_from_owner, 0, 0, 0, 0, 0, 0, 0, 0, -p_amount, 0, 0, 0, 0)::report_delta
    when p_type = 7 and p_to_kind = 1 then row(p_to_owner, 0, 0, 0, 0, 0, 0, 0, 0, 0, p_amount, 0, 0, 0)::report_delta
    when p_type = 6 and p_to_kind = 1 then row(p_to_owner, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, p_amount, 0, 0)::report_delta
    when p_type = 8 and p_from_kind = 1 then row(p_from_owner, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, p_amount, 0)::report_delta
    when p_type = 10 and p_from_kind = 16 and p_to_kind = 1 then row(p_to_owner, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, p_amount)::report_delta
  end
$f$;

-- report_apply: src/server/db/functions (applied after the migrations).
-- One movement (called by ledger_transfer): real money only; anything not a report figure is ignored.
create function report_transfer(p_product text, p_money smallint, p_type smallint, p_from_kind smallint, p_from_owner int,
                                p_to_kind smallint, p_to_owner int, p_amount bigint, p_at timestamptz) returns void
language plpgsql as $f$
declare v_d report_delta;
begin
  if p_money <> 0 then return; end if;
  v_d := report_classify(p_type, p_from_kind, p_from_owner, p_to_kind, p_to_owner, p_amount);
  if v_d.member_id is null then return; end if;
  perform report_apply(p_product, (p_at at time zone 'Asia/Shanghai')::date, p_at, array[v_d]);
end $f$;

-- A new real member counts as registered on its day, in the product and in every team above it.
create function report_register(p_product text, p_member int, p_at timestamptz) returns void
language sql as $f$
  select report_apply(p_product, (p_at at time zone 'Asia/Shanghai')::date, p_at,
    array[row(p_member, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)::report_delta])
$f$;

-- A member moved (new agent above it) or became an agent: its and its team's history leaves the old teams and joins the new.
-- p_from and p_to are the scopes above the moved members before and after (the moved member's agent_path, plus itself when
-- it becomes or stops being an agent).
create function report_move(p_product text, p_member int, p_from int[], p_to int[]) returns void
language plpgsql as $f$
begin
  create temp table if not exists _report_moved (day date, n int, first int, active int, ra bigint, rc int, wa bigint, wc int,
    ba bigint, pa bigint, ga bigint, ma bigint, ms bigint, ip bigint) on commit drop;
  truncate _report_moved;
  insert into _report_moved
  select r.day, count(*) filter (where r.registered), count(*) filter (where r.first_recharge), count(*) filter (where r.active),
         sum(r.recharge_amount), sum(r.recharge_count), sum(r.withdraw_amount), sum(r.withdraw_count), sum(r.bet_amount),
         sum(r.payout_amount), sum(r.gift_amount), sum(r.manual_add), sum(r.manual_sub), sum(r.interest_paid)
    from report_member_daily r
   where r.member_id in (select id from members where id = p_member or agent_path @> array[p_member])
   group by r.day;
  insert into report_daily as r (product, day, scope, slot, register_count, first_recharge_count, recharge_amount, recharge_count,
    withdraw_amount, withdraw_count, bet_amount, payout_amount, gift_amount, manual_add, manual_sub, interest_paid, active_count)
  select p_product, m.day, s.scope, 0, s.sign * m.n, s.sign * m.first, s.sign * m.ra, s.sign * m.rc, s.sign * m.wa, s.sign * m.wc,
         s.sign * m.ba, s.sign * m.pa, s.sign * m.ga, s.sign * m.ma, s.sign * m.ms, s.sign * m.ip, s.sign * m.active
    from _report_moved m
   cross join (select x as scope, -1 as sign from unnest(p_from) x where x <> all(p_to)
               union all select x, 1 from unnest(p_to) x where x <> all(p_from)) s
   order by s.scope, m.day
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
