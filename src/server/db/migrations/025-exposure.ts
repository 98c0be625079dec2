// Draw exposure, limit tiers and big wins (RISK.md §6): 限红 tiers assigned to members, a room's maximum payout per
// issue, the exposure aggregate of every issue's real bets by (play way code, 特码 number) — written in the bet's own
// transaction, read by the 风险敞口 screen and by the cap check — the same per member for the members carrying the
// risk, and the big wins (real bets settled with a payout of at least the setting big_win_amount), kept by the bets'
// event trigger as each settles.
export default /* sql */ `
create table lottery_limits (
  id serial primary key,
  product text not null references products(code),
  name text not null,
  -- A member's stake per bet and per issue, in cents.
  single_max bigint not null check (single_max > 0),
  issue_max bigint not null check (issue_max >= single_max),
  remark text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index lottery_limits_name on lottery_limits (product, name);

alter table members add column limit_id int references lottery_limits(id);
create index members_limit on members (limit_id) where limit_id is not null;

-- 0: no cap. A real bet that would raise the issue's worst-case payout above it is refused.
alter table lottery_rooms add column max_payout_per_issue bigint not null default 0 check (max_payout_per_issue >= 0);

-- Real (money 0) open bets of an issue by code and 特码 number (-1 for other codes): count, stakes, and the sum of
-- each bet's own payout if it wins (stake × rate, half-up per bet, as settlement pays). Spread over slots per
-- transaction so bets on one selection do not queue on one row when no cap is set.
create table lottery_exposure (
  issue_id bigint not null references lottery_issues(id),
  code text not null,
  number smallint not null,
  slot smallint not null,
  bets int not null default 0,
  stake bigint not null default 0,
  payout bigint not null default 0,
  primary key (issue_id, code, number, slot)
);
-- The same per member (a member's own bets are already serialised by its account row), and each member's totals with
-- its own worst case over the 1,000 results, rewritten by its bet: the members carrying the risk without reading
-- every member's selections. Written from the bets placed after this migration.
create table lottery_exposure_members (
  issue_id bigint not null references lottery_issues(id),
  member_id int not null references members(id),
  code text not null,
  number smallint not null,
  bets int not null default 0,
  stake bigint not null default 0,
  payout bigint not null default 0,
  primary key (issue_id, member_id, code, number)
);
create table lottery_exposure_top (
  issue_id bigint not null references lottery_issues(id),
  member_id int not null references members(id),
  bets int not null,
  stake bigint not null,
  payout_max bigint not null,
  primary key (issue_id, member_id)
);
create index lottery_exposure_top_worst on lottery_exposure_top (issue_id, payout_max desc, stake desc, member_id);

insert into lottery_exposure (issue_id, code, number, slot, bets, stake, payout)
select b.issue_id, b.code, coalesce(b.number, -1), 0, count(*), sum(b.amount), sum((b.amount * (b.rate * 100)::bigint + 50) / 100)
  from lottery_bets b join lottery_issues i on i.id = b.issue_id
 where i.status in (1, 2) and b.money = 0 and b.status = 3 group by 1, 2, 3;
insert into lottery_exposure_members (issue_id, member_id, code, number, bets, stake, payout)
select b.issue_id, b.member_id, b.code, coalesce(b.number, -1), count(*), sum(b.amount), sum((b.amount * (b.rate * 100)::bigint + 50) / 100)
  from lottery_bets b join lottery_issues i on i.id = b.issue_id
 where i.status in (1, 2) and b.money = 0 and b.status = 3 group by 1, 2, 3, 4;

-- 大额中奖: recorded by the bets' trigger (events_bets) when a real bet settles won at or above the threshold in force.
create table lottery_big_wins (
  bet_id bigint primary key references lottery_bets(id),
  product text not null
);
create index lottery_big_wins_list on lottery_big_wins (product, bet_id desc);
insert into lottery_big_wins (bet_id, product)
select b.id, b.product from lottery_bets b
 where b.status = 1 and b.money = 0 and b.payout >= coalesce((select case when s.value ~ '^\\d{1,12}(\\.\\d{1,2})?$' then (s.value::numeric * 100)::bigint end
                                                               from settings s where s.product = b.product and s.key = 'big_win_amount'), 5000000);
`
