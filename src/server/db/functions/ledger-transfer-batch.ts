// ledger_transfer_batch: see index.ts for the lock order every money-moving transaction follows.
import { STRAND_OF_TX } from '../constants'

export default /* sql */ `
-- Many movements in one set-based step (settlement, cancellation): all or nothing. A batch whose keys all exist with
-- the same content is a replay (moves nothing); any other overlap with existing keys fails (LD002). A leg that
-- would take an owned balance below zero fails the whole batch (LD001, DETAIL lists the owners). Running
-- before/after values follow the legs' order, so each account's 账变 chain stays exact.
create or replace function ledger_transfer_batch(
  p_product text, p_money smallint, p_at timestamptz, p_admin text,
  p_keys text[], p_from_kinds smallint[], p_from_owners int[], p_to_kinds smallint[], p_to_owners int[],
  p_amounts bigint[], p_types smallint[], p_refs text[], p_remarks text[]
) returns table (moved int, replayed int)
-- The batch's sorts (its accounts' running balances, the transfers and 账变 in leg order) in memory: a settlement's
-- 28,000 legs spilled each of them to disk at the default 4 MB.
language plpgsql set work_mem = '64MB' as $f$
declare
  v_n int := coalesce(array_length(p_keys, 1), 0);
  v_existing int; v_matching int; v_bad text; v_constraint text; v_k record;
  v_slot smallint := (${STRAND_OF_TX})::smallint;
  v_at timestamptz := coalesce(p_at, now());
  v_chain text; v_seq bigint; v_hash bytea; v_c bytea; v_contents bytea[]; v_hashes bytea[] := '{}';
  v_house_kinds smallint[]; v_house_ids bigint[];
begin
  if v_n = 0 then return query select 0, 0; return; end if;
  perform ledger_strand_turn(p_product);
  drop table if exists pg_temp._ledger_legs;
  drop table if exists pg_temp._ledger_flows;
  -- House accounts are opened on first use, and looked up once per kind (a settlement pays every winner from one).
  -- Each leg finds its owned accounts as it is staged (null: LD004 below), by key, an index probe per leg (so too the
  -- lock and the balances below): a join would let the planner hash every account of the product, and a batch would
  -- cost what the ledger holds, not what it moves.
  select array_agg(k order by k), array_agg(ledger_account(p_product, p_money, k, null) order by k) into v_house_kinds, v_house_ids
    from (select distinct k from unnest(p_from_kinds || p_to_kinds) k where k >= 10) h;
  -- Transfer ids are drawn as the legs are staged, in their order (the scan of the arrays is in ordinality order; a
  -- batch that fails or replays leaves a gap, as any rolled-back transfer does).
  create temp table _ledger_legs on commit drop as
    select l.ord::int as ord, l.key, l.from_kind, l.from_owner, l.to_kind, l.to_owner, l.amount, l.type,
           coalesce(l.ref, '') as ref, coalesce(l.remark, '') as remark,
           case when l.from_kind >= 10 and l.from_owner is null then v_house_ids[array_position(v_house_kinds, l.from_kind)]
                else (select a.id from ledger_accounts a where a.product = p_product and a.money = p_money and a.kind = l.from_kind
                        and coalesce(a.owner_id, 0) = coalesce(l.from_owner, 0)) end as from_account,
           case when l.to_kind >= 10 and l.to_owner is null then v_house_ids[array_position(v_house_kinds, l.to_kind)]
                else (select a.id from ledger_accounts a where a.product = p_product and a.money = p_money and a.kind = l.to_kind
                        and coalesce(a.owner_id, 0) = coalesce(l.to_owner, 0)) end as to_account,
           nextval('ledger_transfers_id_seq') as id
      from unnest(p_keys, p_from_kinds, p_from_owners, p_to_kinds, p_to_owners, p_amounts, p_types, p_refs, p_remarks)
           with ordinality as l(key, from_kind, from_owner, to_kind, to_owner, amount, type, ref, remark, ord);
  if exists (select 1 from _ledger_legs where amount is null or amount <= 0) then
    raise exception 'transfer amount must be positive' using errcode = 'LD005';
  end if;
  if (select count(distinct key) from _ledger_legs) <> v_n then
    raise exception 'a key appears twice in one batch' using errcode = 'LD002';
  end if;
  if exists (select 1 from _ledger_legs where from_account is null or to_account is null) then
    raise exception 'ledger account missing in batch' using errcode = 'LD004';
  end if;

  -- A replay repeats the whole batch, so its first key was used: then every key is compared. A batch whose first key is
  -- new is not joined with the transfers made before; any of its keys used before stops it at the unique key when its
  -- transfers are written (LD002 there too).
  if exists (select 1 from ledger_transfers t where t.key = p_keys[1]) then
    select count(*), count(*) filter (where t.product = p_product and t.money = p_money and t.from_account = l.from_account
                                        and t.to_account = l.to_account and t.amount = l.amount and t.type = l.type)
      into v_existing, v_matching
      from _ledger_legs l join ledger_transfers t on t.key = l.key;
    if v_existing = v_n and v_matching = v_n then return query select 0, v_n; return; end if;
    raise exception 'batch overlaps transfers made before' using errcode = 'LD002';
  end if;

  perform 1 from ledger_accounts
    where id = any(array(select from_account from _ledger_legs where from_kind < 10 union select to_account from _ledger_legs where to_kind < 10))
    order by id for update;
  create temp table _ledger_flows on commit drop as
    with f as (
      select ord, 0 as side, from_account as account, from_kind as kind, from_owner as owner, -amount as delta, type, ref, remark
        from _ledger_legs where from_kind < 10
      union all
      select ord, 1, to_account, to_kind, to_owner, amount, type, ref, remark from _ledger_legs where to_kind < 10
    )
    select f.*, (select a.balance from ledger_accounts a where a.id = f.account)
                + coalesce(sum(f.delta) over (partition by f.account order by f.ord, f.side
                                              rows between unbounded preceding and 1 preceding), 0) as before
      from f;
  select string_agg(distinct owner::text, ',') into v_bad from _ledger_flows where before + delta < 0;
  if v_bad is not null then
    raise exception 'insufficient funds in batch' using errcode = 'LD001', detail = 'owners:' || v_bad;
  end if;
  update ledger_accounts a set balance = a.balance + d.delta, moved = true
    from (select account, sum(delta) as delta from _ledger_flows group by account) d where a.id = d.account;

  for v_k in
    select kind, sum(delta) as delta from (
      select from_kind as kind, -amount as delta from _ledger_legs union all select to_kind, amount from _ledger_legs
    ) x group by kind having sum(delta) <> 0 order by kind
  loop
    insert into ledger_slots as s (product, money, kind, slot, balance) values (p_product, p_money, v_k.kind, v_slot, v_k.delta)
      on conflict (product, money, kind, slot) do update set balance = s.balance + excluded.balance;
  end loop;
  -- The whole batch goes on one strand: its head is locked once, the hashes computed in one pass, the head moved once.
  v_chain := 'ledger:' || p_product || ':' || (${STRAND_OF_TX});
  insert into audit_heads (chain, seq, hash) values (v_chain, 0, decode(repeat('00', 32), 'hex')) on conflict do nothing;
  select seq, hash into v_seq, v_hash from audit_heads where chain = v_chain for update;
  select array_agg(sha256(ledger_transfer_content(v_chain, id, p_product, p_money, key, from_account, to_account, amount, type,
                                                  ref, remark, coalesce(p_admin, ''), v_at)) order by ord)
    into v_contents from _ledger_legs;
  foreach v_c in array v_contents loop
    v_hash := sha256(v_hash || v_c);
    v_hashes := v_hashes || v_hash;
  end loop;
  update audit_heads set seq = v_seq + v_n, hash = v_hash where chain = v_chain;
  begin
    insert into ledger_transfers (id, product, money, key, from_account, to_account, amount, type, ref, remark, admin, created_at,
                                  chain, chain_seq, chain_hash)
      select l.id, p_product, p_money, l.key, l.from_account, l.to_account, l.amount, l.type, l.ref, l.remark, coalesce(p_admin, ''), v_at,
             v_chain, v_seq + h.n, h.hash
        from _ledger_legs l join unnest(v_hashes) with ordinality as h(hash, n) on h.n = l.ord order by l.ord;
  exception when unique_violation then
    get stacked diagnostics v_constraint = constraint_name;
    if v_constraint = 'ledger_transfers_key' then
      raise exception 'batch overlaps transfers made before' using errcode = 'LD002';
    end if;
    raise;
  end;
  insert into balance_changes (product, money, member_id, account_id, transfer_id, type, amount, before, after, ref, remark, created_at)
    select p_product, p_money, f.owner, f.account, l.id, f.type, f.delta, f.before, f.before + f.delta, f.ref, f.remark, v_at
      from _ledger_flows f join _ledger_legs l on l.ord = f.ord where f.kind = 1 order by f.ord, f.side;
  insert into merchant_bills (product, merchant_id, account_id, transfer_id, type, amount, before, after, ref, remark, admin, created_at)
    select p_product, f.owner, f.account, l.id, f.type, abs(f.delta), f.before, f.before + f.delta, f.ref, f.remark, coalesce(p_admin, ''), v_at
      from _ledger_flows f join _ledger_legs l on l.ord = f.ord where f.kind = 4 order by f.ord, f.side;
  if p_money = 0 then
    -- The report's queue (015-report-queue), one delta per member of what the batch did to it, in order of its first
    -- recharge leg (else its first leg), as report_fold takes first recharges.
    insert into report_queue (product, at, ord, d)
    select p_product, v_at, coalesce(min(id) filter (where (d).recharge_count > 0), min(id)),
           row((d).member_id, 0, 0, 0, sum((d).recharge_amount), sum((d).recharge_count), sum((d).withdraw_amount),
               sum((d).withdraw_count), sum((d).bet_amount), sum((d).payout_amount), sum((d).gift_amount),
               sum((d).manual_add), sum((d).manual_sub), sum((d).interest_paid))::report_delta
      -- (offset 0: each leg classified once, not once per field of the delta taken from it)
      from (select id, report_classify(type, from_kind, from_owner, to_kind, to_owner, amount) as d from _ledger_legs offset 0) x
     where (d).member_id is not null group by (d).member_id;
  end if;
  return query select v_n, 0;
end $f$;
`
