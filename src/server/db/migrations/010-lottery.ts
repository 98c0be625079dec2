// The lottery: play groups and play ways, trade rooms with their rates, draws (issues) with
// their provably-fair seeds, bets, per-slot bet totals (exact list sums at any size), and the scheduler instances
// that answer a room flush.
export default /* sql */ `
create table lottery_playgroups (
  id serial primary key,
  product text not null references products(code),
  name text not null,
  sort int not null default 0,
  status smallint not null default 1 check (status in (0, 1)),
  remark text not null default '',
  created_at timestamptz not null default now()
);
create unique index lottery_playgroups_name on lottery_playgroups (product, name);

create table lottery_playways (
  id serial primary key,
  product text not null references products(code),
  -- One of the catalogue's codes (PLAYWAY_CODES): the winning rule.
  code text not null,
  name text not null,
  group_id int references lottery_playgroups(id),
  rate numeric(8, 2) not null check (rate >= 1.01 and rate <= 1000),
  status smallint not null default 1 check (status in (0, 1)),
  sort int not null default 0,
  remark text not null default '',
  created_at timestamptz not null default now()
);
create unique index lottery_playways_code on lottery_playways (product, code);
create index lottery_playways_group on lottery_playways (group_id);

create table lottery_rooms (
  id serial primary key,
  product text not null references products(code),
  code text not null,
  name text not null,
  interval int not null check (interval between 30 and 3600),
  lock int not null check (lock >= 0 and lock < interval),
  min_stake bigint not null check (min_stake > 0),
  max_stake bigint not null check (max_stake >= min_stake),
  max_issue_stake bigint not null check (max_issue_stake >= max_stake),
  group_ids int[] not null default '{}',
  status smallint not null default 1 check (status in (0, 1)),
  sort int not null default 0,
  remark text not null default '',
  -- A room with draw history is never removed (its bets name it); deleting hides it.
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index lottery_rooms_code on lottery_rooms (product, lower(code)) where deleted_at is null;

-- A room's own odds; a play way without a row here uses its default rate.
create table lottery_room_rates (
  room_id int not null references lottery_rooms(id),
  playway_id int not null references lottery_playways(id),
  rate numeric(8, 2) not null check (rate >= 1.01 and rate <= 1000),
  primary key (room_id, playway_id)
);

-- 开奖记录: one draw of one room. seed stays secret until the draw (status 2+); seed_hash is public from creation.
create table lottery_issues (
  id bigserial primary key,
  product text not null references products(code),
  room_id int not null references lottery_rooms(id),
  issue_no text not null,
  open_at timestamptz not null,
  lock_at timestamptz not null,
  -- 1 待开奖 · 2 已开奖 · 3 已结算 · 4 已取消
  status smallint not null default 1 check (status in (1, 2, 3, 4)),
  seed bytea not null check (length(seed) = 32),
  seed_hash text not null,
  result smallint[] check (result is null or array_length(result, 1) = 3),
  is_manual boolean not null default false,
  manual_admin text not null default '',
  manual_at timestamptz,
  remark text not null default '',
  -- Real members' figures, written when the draw settles or is cancelled (live from the bets before that).
  bet_count int not null default 0,
  bet_amount bigint not null default 0,
  payout_amount bigint not null default 0,
  created_at timestamptz not null default now(),
  opened_at timestamptz,
  settled_at timestamptz,
  cancelled_at timestamptz,
  cancel_admin text not null default '',
  check (status = 1 or result is not null or status = 4),
  unique (room_id, issue_no)
);
create index lottery_issues_due on lottery_issues (open_at) where status in (1, 2);
create index lottery_issues_room on lottery_issues (room_id, open_at desc, id desc);
create index lottery_issues_list on lottery_issues (product, open_at desc, id desc);
create index lottery_issues_no on lottery_issues (product, issue_no);
create index lottery_issues_status on lottery_issues (product, status, open_at desc, id desc);

-- 投注记录. money = the member's kind (0 real, 1 virtual, 2 trial): the money class the stake was paid in.
-- status: 1 匹配成功 · 2 匹配失败 · 3 匹配中 · 4 已撤单 (the draw was cancelled, the stake refunded).
-- Settlement updates every bet of a draw once: no index covers status, payout or settled_at, and half of each page is
-- left free (fillfactor 50), so those updates are heap-only (HOT) and touch none of the indexes.
create table lottery_bets (
  id bigserial primary key,
  product text not null,
  money smallint not null check (money in (0, 1, 2)),
  member_id int not null references members(id),
  room_id int not null references lottery_rooms(id),
  issue_id bigint not null references lottery_issues(id),
  playway_id int not null references lottery_playways(id),
  code text not null,
  number smallint check (number between 0 and 27),
  amount bigint not null check (amount > 0),
  rate numeric(8, 2) not null,
  payout bigint not null default 0 check (payout >= 0),
  status smallint not null default 3 check (status in (1, 2, 3, 4)),
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  check ((code = 'tema') = (number is not null))
) with (fillfactor = 50);
create index lottery_bets_list on lottery_bets (product, money, id desc);
create index lottery_bets_member on lottery_bets (member_id, id desc);
create index lottery_bets_issue on lottery_bets (issue_id, id desc);
create index lottery_bets_room on lottery_bets (product, money, room_id, id desc);
create index lottery_bets_playway on lottery_bets (playway_id, id desc);

-- Bet counts and sums per (product, money, room, status), spread over 16 slots so betting has no hot row: the bet
-- list's totals without filters (or by room and status) are exact at any size.
create table lottery_bet_totals (
  product text not null,
  money smallint not null,
  room_id int not null,
  status smallint not null,
  slot smallint not null,
  n bigint not null default 0,
  stake bigint not null default 0,
  payout bigint not null default 0,
  primary key (product, money, room_id, status, slot)
);

-- Scheduler instances: a heartbeat, and what each reloaded for the last flush it answered.
create table lottery_instances (
  instance text primary key,
  heartbeat_at timestamptz not null default now(),
  flush_id text not null default '',
  reloaded_at timestamptz,
  rooms int not null default 0,
  rates int not null default 0
);
`
