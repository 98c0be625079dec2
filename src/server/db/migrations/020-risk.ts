// Members' activity and risk: logins and devices, bans, tags with risk levels, append-only notes, every card number and
// wallet address a member ever bound (associations outlive an unbinding), and turnover requirements (打码量).
export default /* sql */ `
alter table members
  add column register_device text not null default '',
  add column withdraw_blocked boolean not null default false,
  -- The highest risk level of the member's tags, kept when tags are set.
  add column risk_level smallint not null default 0 check (risk_level between 0 and 3);
create index members_register_ip on members (product, register_ip) where register_ip <> '';
create index members_register_device on members (product, register_device) where register_device <> '';

-- Login attempts the member site reports: ok = false for a refused one (banned value, wrong password, disabled).
create table member_logins (
  id bigserial primary key,
  product text not null references products(code),
  member_id int not null references members(id) on delete cascade,
  ip text not null default '',
  device_id text not null default '',
  user_agent text not null default '',
  ok boolean not null,
  reason text not null default '',
  at timestamptz not null default now()
);
create index member_logins_list on member_logins (product, id desc);
create index member_logins_member on member_logins (member_id, id desc);
create index member_logins_time on member_logins (product, at, id);
create index member_logins_ip on member_logins (product, ip, at, member_id) where ok;
create index member_logins_device on member_logins (product, device_id, at, member_id) where ok and device_id <> '';

create table member_bans (
  id serial primary key,
  product text not null references products(code),
  by text not null check (by in ('ip', 'device')),
  value text not null check (value <> ''),
  remark text not null check (remark <> ''),
  admin text not null default '',
  created_at timestamptz not null default now(),
  unique (product, by, value)
);

-- Tags: risk_level 0 正常 · 1 关注 · 2 高风险 · 3 黑名单; tags naming the same exclusive group are never held together.
create table tags (
  id serial primary key,
  product text not null references products(code),
  name text not null,
  color text not null default '',
  risk_level smallint not null default 0 check (risk_level between 0 and 3),
  exclusive text not null default '',
  created_at timestamptz not null default now(),
  unique (product, name)
);
create table member_tags (
  member_id int not null references members(id) on delete cascade,
  tag_id int not null references tags(id),
  created_at timestamptz not null default now(),
  primary key (member_id, tag_id)
);
create index member_tags_tag on member_tags (tag_id);

create table member_notes (
  id bigserial primary key,
  product text not null references products(code),
  member_id int not null references members(id),
  text text not null check (text <> ''),
  admin text not null,
  created_at timestamptz not null default now()
);
create index member_notes_member on member_notes (member_id, id desc);
create trigger member_notes_append_only before update or delete on member_notes
  for each row execute function refuse_change();

-- Every card number and wallet address a member bound, kept by the database whoever binds.
create table member_payee_history (
  product text not null,
  what text not null check (what in ('card', 'wallet')),
  value text not null,
  member_id int not null references members(id) on delete cascade,
  at timestamptz not null default now(),
  primary key (product, what, value, member_id)
);
create function member_card_history() returns trigger language plpgsql as $$
begin
  insert into member_payee_history (product, what, value, member_id) values (new.product, 'card', new.card_no, new.member_id) on conflict do nothing;
  return new;
end $$;
create function member_wallet_history() returns trigger language plpgsql as $$
begin
  insert into member_payee_history (product, what, value, member_id) values (new.product, 'wallet', new.chain || ':' || lower(new.address), new.member_id)
  on conflict do nothing;
  return new;
end $$;
create trigger member_cards_history after insert or update on member_cards for each row execute function member_card_history();
create trigger member_wallets_history after insert or update on member_wallets for each row execute function member_wallet_history();
insert into member_payee_history (product, what, value, member_id, at)
  select product, 'card', card_no, member_id, created_at from member_cards
  union all select product, 'wallet', chain || ':' || lower(address), member_id, created_at from member_wallets
  on conflict do nothing;

-- 打码量: each credit asks for amount × multiple of valid turnover, consumed oldest first by settled stakes.
-- source: 1 recharge, 2 gift money, 3 manual top-up.
create table turnover_requirements (
  id bigserial primary key,
  product text not null references products(code),
  member_id int not null references members(id) on delete cascade,
  source smallint not null check (source in (1, 2, 3)),
  ref text not null,
  amount bigint not null check (amount > 0),
  multiple numeric(6, 2) not null check (multiple >= 0),
  required bigint not null check (required >= 0),
  done bigint not null default 0 check (done >= 0 and done <= required),
  waived_at timestamptz,
  waived_by text not null default '',
  created_at timestamptz not null default now(),
  unique (product, ref)
);
create index turnover_member on turnover_requirements (member_id, id);
create index turnover_open on turnover_requirements (member_id, id) where done < required and waived_at is null;
`
