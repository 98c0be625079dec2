// The ledger: accounts, append-only transfers, member balance changes (账变) and merchant quota bills, and the
// two functions that are the only way money moves (ledger_transfer for one movement, ledger_transfer_batch for
// set-based settlement). The database enforces what the code promises: no member or merchant balance below zero,
// no UPDATE or DELETE of history, one transfer per key.

export default /* sql */ `
create table merchants (
  id serial primary key,
  product text not null references products(code),
  code text not null,
  name text not null,
  contact text not null default '',
  phone text not null default '',
  status smallint not null default 1 check (status in (0, 1)),
  remark text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index merchants_code on merchants (product, lower(code));

-- Money classes (MONEY): 0 real, 1 virtual, 2 trial, 3 merchant quota; they never mix.
-- Kinds (KIND): 1 available, 2 frozen, 3 interest, 4 merchant quota (owned, never negative); 10+ house accounts.
-- House accounts keep their balance in ledger_slots (spread over 16 rows so no single row is a hot spot).
create table ledger_accounts (
  id bigserial primary key,
  product text not null references products(code),
  money smallint not null check (money between 0 and 3),
  kind smallint not null,
  owner_id int,
  balance bigint not null default 0,
  created_at timestamptz not null default now(),
  constraint ledger_accounts_owned_nonnegative check (kind >= 10 or balance >= 0),
  constraint ledger_accounts_house_unowned check ((kind >= 10) = (owner_id is null)),
  constraint ledger_accounts_house_in_slots check (kind < 10 or balance = 0)
);
create unique index ledger_accounts_key on ledger_accounts (product, money, kind, coalesce(owner_id, 0));
create index ledger_accounts_balance on ledger_accounts (product, money, kind, balance) where kind < 10;
create index ledger_accounts_owner on ledger_accounts (owner_id) where owner_id is not null;

-- Per (product, money, kind) sums over 16 slots: the house accounts' balances, and for owned kinds the total of all
-- those accounts (so an unfiltered list's sums are exact without reading a million rows).
create table ledger_slots (
  product text not null,
  money smallint not null,
  kind smallint not null,
  slot smallint not null,
  balance bigint not null default 0,
  primary key (product, money, kind, slot)
);

create table ledger_transfers (
  id bigserial primary key,
  product text not null,
  money smallint not null,
  key text not null,
  from_account bigint not null references ledger_accounts(id),
  to_account bigint not null references ledger_accounts(id),
  amount bigint not null check (amount > 0),
  type smallint not null,
  ref text not null default '',
  remark text not null default '',
  admin text not null default '',
  created_at timestamptz not null default now(),
  -- The tamper-evident chain (see 003-audit-chain): strands ledger:<product>:<0..15>, so the chain heads are no hot spot.
  chain text not null,
  chain_seq bigint not null,
  chain_hash bytea not null,
  check (from_account <> to_account),
  unique (chain, chain_seq)
);
create unique index ledger_transfers_key on ledger_transfers (key);
create index ledger_transfers_from on ledger_transfers (from_account, id);
create index ledger_transfers_to on ledger_transfers (to_account, id);
create index ledger_transfers_product on ledger_transfers (product, money, type, created_at);

-- 账变记录: one row per transfer leg on a member's available balance, before/after chained per account.
create table balance_changes (
  id bigserial primary key,
  product text not null,
  money smallint not null,
  member_id int not null,
  account_id bigint not null,
  transfer_id bigint not null,
  type smallint not null,
  amount bigint not null,
  before bigint not null,
  after bigint not null,
  ref text not null default '',
  remark text not null default '',
  created_at timestamptz not null default now(),
  unique (transfer_id, account_id),
  check (after = before + amount and after >= 0 and amount <> 0)
);
create index balance_changes_member on balance_changes (member_id, id desc);
create index balance_changes_list on balance_changes (product, money, id desc);
create index balance_changes_type on balance_changes (product, money, type, id desc);
create index balance_changes_time on balance_changes (product, money, created_at, id);
create index balance_changes_ref on balance_changes (product, ref) where ref <> '';

-- 额度记录: one row per movement of a merchant's quota (21 增加额度 into it, 22 减少额度 out of it).
create table merchant_bills (
  id bigserial primary key,
  product text not null,
  merchant_id int not null references merchants(id),
  account_id bigint not null,
  transfer_id bigint not null unique,
  type smallint not null check (type in (21, 22)),
  amount bigint not null check (amount > 0),
  before bigint not null,
  after bigint not null check (after >= 0),
  ref text not null default '',
  remark text not null default '',
  admin text not null default '',
  created_at timestamptz not null default now()
);
create index merchant_bills_list on merchant_bills (product, id desc);
create index merchant_bills_merchant on merchant_bills (merchant_id, id desc);

create trigger ledger_transfers_append_only before update or delete on ledger_transfers
  for each row execute function refuse_change();
create trigger balance_changes_append_only before update or delete on balance_changes
  for each row execute function refuse_change();
create trigger merchant_bills_append_only before update or delete on merchant_bills
  for each row execute function refuse_change();

-- The canonical bytes of a transfer (what its chain hash covers), from its stored columns; time in UTC to the µs.
create function ledger_transfer_content(
  p_chain text, p_id bigint, p_product text, p_money smallint, p_key text, p_from bigint, p_to bigint, p_amount bigint,
  p_type smallint, p_ref text, p_remark text, p_admin text, p_created_at timestamptz
) returns bytea language sql stable as $f$
  select convert_to(jsonb_build_array('ledger_transfers/1', p_chain, p_id, p_product, p_money, p_key, p_from, p_to, p_amount,
    p_type, p_ref, p_remark, p_admin, to_char(p_created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text, 'UTF8')
$f$;

create function ledger_transfer_content(r ledger_transfers) returns bytea language sql stable as $f$
  select ledger_transfer_content(r.chain, r.id, r.product, r.money, r.key, r.from_account, r.to_account, r.amount, r.type,
    r.ref, r.remark, r.admin, r.created_at)
$f$;

-- Cents as the console's decimal text, integer arithmetic only: 123450 -> '1234.50'.
-- Numeric so sums (which PostgreSQL gives as numeric) format too; bigint arguments cast implicitly.
create function cents_text(c numeric) returns text language sql immutable strict as $f$
  select case when c < 0 then '-' else '' end || div(abs(c), 100)::text || '.' || lpad(mod(abs(c), 100)::text, 2, '0')
$f$;

-- The id of an account; house accounts are opened on first use, owned ones must exist (LD004).
create function ledger_account(p_product text, p_money smallint, p_kind smallint, p_owner int) returns bigint
language plpgsql as $f$
declare v_id bigint;
begin
  select id into v_id from ledger_accounts
   where product = p_product and money = p_money and kind = p_kind and coalesce(owner_id, 0) = coalesce(p_owner, 0);
  if v_id is not null then return v_id; end if;
  if p_kind < 10 then
    raise exception 'ledger account missing: % % % %', p_product, p_money, p_kind, p_owner using errcode = 'LD004';
  end if;
  insert into ledger_accounts (product, money, kind) values (p_product, p_money, p_kind)
    on conflict do nothing returning id into v_id;
  if v_id is null then
    select id into v_id from ledger_accounts where product = p_product and money = p_money and kind = p_kind and owner_id is null;
  end if;
  return v_id;
end $f$;

-- Adds a movement to the slot sums, the lower kind first so concurrent transfers take slot rows in one order.
create function ledger_slot_move(p_product text, p_money smallint, p_from_kind smallint, p_to_kind smallint,
                                 p_slot smallint, p_amount bigint) returns void
language plpgsql as $f$
begin
  if p_from_kind = p_to_kind then return; end if;
  insert into ledger_slots as s (product, money, kind, slot, balance)
    values (p_product, p_money, least(p_from_kind, p_to_kind), p_slot,
            case when p_from_kind < p_to_kind then -p_amount else p_amount end)
    on conflict (product, money, kind, slot) do update set balance = s.balance + excluded.balance;
  insert into ledger_slots as s (product, money, kind, slot, balance)
    values (p_product, p_money, greatest(p_from_kind, p_to_kind), p_slot,
            case when p_from_kind < p_to_kind then p_amount else -p_amount end)
    on conflict (product, money, kind, slot) do update set balance = s.balance + excluded.balance;
end $f$;

-- ledger_strand_turn, ledger_transfer and ledger_transfer_batch: src/server/db/functions (applied after the migrations).
`
