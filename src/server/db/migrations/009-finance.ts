// What the finance, merchant and settings areas add beside 007: the route layer's idempotency keys, the website
// whitelist, and per-status totals of recharges and withdrawals kept by the database itself (so the unfiltered and
// status-filtered lists answer exact sums at any size).
export default /* sql */ `
-- One row per (product, admin, Idempotency-Key) of a route declared idempotent: the first request's hash and answer.
-- A concurrent duplicate waits on the primary key until the first commits (or rolls back, freeing the key).
create table idempotency_keys (
  product text not null,
  admin_id int not null,
  key text not null,
  path text not null,
  request_hash text not null,
  response jsonb,
  created_at timestamptz not null default now(),
  primary key (product, admin_id, key)
);
create index idempotency_keys_age on idempotency_keys (created_at);

-- 网站白名单: per product, the addresses allowed to call back and to reach the member site during maintenance.
create table site_whitelist (
  id serial primary key,
  product text not null references products(code),
  ip cidr not null,
  remark text not null default '',
  admin text not null default '',
  created_at timestamptz not null default now(),
  unique (product, ip)
);
create index site_whitelist_list on site_whitelist (product, id desc);

-- what: 1 recharges, 2 withdrawals. Spread over 16 slots (by transaction) so no single row is a hot spot.
create table finance_totals (
  product text not null,
  what smallint not null,
  status smallint not null,
  slot smallint not null,
  n bigint not null default 0,
  amount bigint not null default 0,
  fee bigint not null default 0,
  primary key (product, what, status, slot)
);

create function recharges_totals() returns trigger language plpgsql as $f$
begin
  if tg_op = 'INSERT' then
    insert into finance_totals as t (product, what, status, slot, n, amount, fee)
      select product, 1, status, (txid_current() % 16)::smallint, count(*), sum(amount), 0
        from new_rows group by product, status order by product, status
      on conflict (product, what, status, slot) do update
        set n = t.n + excluded.n, amount = t.amount + excluded.amount, fee = t.fee + excluded.fee;
  else
    insert into finance_totals as t (product, what, status, slot, n, amount, fee)
      select product, 1, status, (txid_current() % 16)::smallint, sum(dn), sum(da), sum(df)
        from (select o.product, o.status, -1 as dn, -o.amount as da, 0 as df
                from old_rows o join new_rows n on n.id = o.id where n.status <> o.status
              union all
              select n.product, n.status, 1, n.amount, 0
                from old_rows o join new_rows n on n.id = o.id where n.status <> o.status) x
       group by product, status order by product, status
      on conflict (product, what, status, slot) do update
        set n = t.n + excluded.n, amount = t.amount + excluded.amount, fee = t.fee + excluded.fee;
  end if;
  return null;
end $f$;

create function withdrawals_totals() returns trigger language plpgsql as $f$
begin
  if tg_op = 'INSERT' then
    insert into finance_totals as t (product, what, status, slot, n, amount, fee)
      select product, 2, status, (txid_current() % 16)::smallint, count(*), sum(amount), sum(fee)
        from new_rows group by product, status order by product, status
      on conflict (product, what, status, slot) do update
        set n = t.n + excluded.n, amount = t.amount + excluded.amount, fee = t.fee + excluded.fee;
  else
    insert into finance_totals as t (product, what, status, slot, n, amount, fee)
      select product, 2, status, (txid_current() % 16)::smallint, sum(dn), sum(da), sum(df)
        from (select o.product, o.status, -1 as dn, -o.amount as da, -o.fee as df
                from old_rows o join new_rows n on n.id = o.id where n.status <> o.status
              union all
              select n.product, n.status, 1, n.amount, n.fee
                from old_rows o join new_rows n on n.id = o.id where n.status <> o.status) x
       group by product, status order by product, status
      on conflict (product, what, status, slot) do update
        set n = t.n + excluded.n, amount = t.amount + excluded.amount, fee = t.fee + excluded.fee;
  end if;
  return null;
end $f$;

create trigger recharges_totals_insert after insert on recharges referencing new table as new_rows
  for each statement execute function recharges_totals();
create trigger recharges_totals_update after update on recharges referencing old table as old_rows new table as new_rows
  for each statement execute function recharges_totals();
create trigger withdrawals_totals_insert after insert on withdrawals referencing new table as new_rows
  for each statement execute function withdrawals_totals();
create trigger withdrawals_totals_update after update on withdrawals referencing old table as old_rows new table as new_rows
  for each statement execute function withdrawals_totals();
`
