// Members (real, virtual and trial), their levels, bank cards and digital wallets; agents are members with is_agent.
export default /* sql */ `
create table member_levels (
  id serial primary key,
  product text not null references products(code),
  name text not null,
  level int not null,
  upgrade_recharge bigint not null default 0 check (upgrade_recharge >= 0),
  withdraw_times_daily int not null default 0 check (withdraw_times_daily >= 0),
  withdraw_max_daily bigint not null default 0 check (withdraw_max_daily >= 0),
  withdraw_fee_rate numeric(5,2) not null default 0 check (withdraw_fee_rate between 0 and 100),
  remark text not null default '',
  created_at timestamptz not null default now(),
  unique (product, level),
  unique (product, name)
);

-- kind: 0 会员 (real money), 1 虚拟账号 (house play money), 2 试玩会员 (trial play money).
create table members (
  id serial primary key,
  product text not null references products(code),
  kind smallint not null default 0 check (kind in (0, 1, 2)),
  username text not null,
  password_hash text not null default '',
  fund_password_hash text not null default '',
  nickname text not null default '',
  real_name text not null default '',
  phone text not null default '',
  level_id int references member_levels(id),
  agent_id int references members(id),
  -- The agents above this member, the top one first and the direct agent last: a team is one GIN lookup.
  agent_path int[] not null default '{}',
  is_agent boolean not null default false,
  rebate_rate numeric(4,2) not null default 0 check (rebate_rate between 0 and 10),
  invite_code text not null,
  status smallint not null default 1 check (status in (0, 1)),
  total_recharge bigint not null default 0 check (total_recharge >= 0),
  total_withdraw bigint not null default 0 check (total_withdraw >= 0),
  register_ip text not null default '',
  last_login_ip text not null default '',
  last_login_time timestamptz,
  remark text not null default '',
  avatar text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (agent_id is null or agent_id <> id)
);
create unique index members_username on members (product, lower(username));
create unique index members_invite on members (product, invite_code);
create index members_list on members (product, kind, id desc);
create index members_username_prefix on members (product, kind, lower(username) text_pattern_ops);
create index members_level on members (product, kind, level_id, id desc);
create index members_status on members (product, kind, status, id desc);
create index members_agent on members (agent_id, id desc);
create index members_agents on members (product, kind, id desc) where is_agent;
create index members_path on members using gin (agent_path);
create index members_phone on members (product, phone) where phone <> '';
create index members_real_name on members (product, real_name) where real_name <> '';
create index members_created on members (product, kind, created_at, id);

-- Member counts per product and kind, kept with every insert and delete so the unfiltered list total is exact
-- without counting a million rows.
create table member_counts (
  product text not null,
  kind smallint not null,
  n bigint not null default 0 check (n >= 0),
  primary key (product, kind)
);

create table member_cards (
  id serial primary key,
  product text not null references products(code),
  member_id int not null references members(id),
  holder text not null,
  bank_name text not null,
  branch text not null default '',
  card_no text not null,
  status smallint not null default 1 check (status in (0, 1)),
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  unique (product, card_no)
);
create index member_cards_member on member_cards (member_id, id desc);
create index member_cards_list on member_cards (product, id desc);

create table member_wallets (
  id serial primary key,
  product text not null references products(code),
  member_id int not null references members(id),
  chain text not null check (chain in ('TRC20', 'ERC20')),
  address text not null,
  label text not null default '',
  status smallint not null default 1 check (status in (0, 1)),
  is_default boolean not null default false,
  created_at timestamptz not null default now()
);
create unique index member_wallets_address on member_wallets (product, chain, lower(address));
create index member_wallets_member on member_wallets (member_id, id desc);
create index member_wallets_list on member_wallets (product, id desc);
`
