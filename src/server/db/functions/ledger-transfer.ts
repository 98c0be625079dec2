// ledger_transfer: see index.ts for the lock order every money-moving transaction follows.
import { LOCK_SEED, STRAND_OF_TX } from '../constants'

export default /* sql */ `
-- One movement of money, exactly once per key. A retry with the same key and content answers the first transfer
-- (replayed = true) and moves nothing; the same key with other content fails (LD002). Too little money: LD001
-- with the available balance in DETAIL. Owned accounts are locked in id order.
create or replace function ledger_transfer(
  p_key text, p_product text, p_money smallint,
  p_from_kind smallint, p_from_owner int, p_to_kind smallint, p_to_owner int,
  p_amount bigint, p_type smallint, p_ref text, p_remark text, p_admin text, p_at timestamptz
) returns table (transfer_id bigint, replayed boolean, from_account bigint, to_account bigint,
                 from_before bigint, from_after bigint, to_before bigint, to_after bigint)
language plpgsql as $f$
declare
  v_from bigint; v_to bigint; v_id bigint; v_fb bigint; v_tb bigint;
  v_prev ledger_transfers%rowtype;
  v_at timestamptz := coalesce(p_at, now());
  v_chain text; v_seq bigint; v_hash bytea; v_content bytea; v_strand smallint; v_moved smallint[];
begin
  if p_amount is null or p_amount <= 0 then
    raise exception 'transfer amount must be positive' using errcode = 'LD005';
  end if;
  perform ledger_strand_turn(p_product);
  perform pg_advisory_xact_lock(hashtextextended(p_key, ${LOCK_SEED.transferKey}));
  v_from := ledger_account(p_product, p_money, p_from_kind, p_from_owner);
  v_to := ledger_account(p_product, p_money, p_to_kind, p_to_owner);
  select * into v_prev from ledger_transfers t where t.key = p_key;
  if found then
    if v_prev.product = p_product and v_prev.money = p_money and v_prev.from_account = v_from
       and v_prev.to_account = v_to and v_prev.amount = p_amount and v_prev.type = p_type then
      return query select v_prev.id, true, v_from, v_to, null::bigint, null::bigint, null::bigint, null::bigint;
      return;
    end if;
    raise exception 'key % was used for another transfer', p_key using errcode = 'LD002';
  end if;
  if v_from = v_to then raise exception 'transfer to the same account' using errcode = 'LD006'; end if;

  -- Two owned accounts are locked in id order up front; one (a member or merchant against a house account, nearly
  -- every movement) is locked by its own UPDATE below, which spares a row-lock write per transfer.
  if p_from_kind < 10 and p_to_kind < 10 then
    perform 1 from ledger_accounts where id in (v_from, v_to) order by id for update;
  end if;
  if p_from_kind < 10 then
    update ledger_accounts set balance = balance - p_amount where id = v_from and balance >= p_amount
      returning balance + p_amount into v_fb;
    if v_fb is null then
      raise exception 'insufficient funds' using errcode = 'LD001',
        detail = (select balance::text from ledger_accounts where id = v_from);
    end if;
  end if;
  if p_to_kind < 10 then
    update ledger_accounts set balance = balance + p_amount where id = v_to returning balance - p_amount into v_tb;
  end if;

  v_id := nextval('ledger_transfers_id_seq');
  -- The strand's two slot rows and chain head exist after its first transfer, so one UPDATE each moves them with a
  -- cached plan (the upserting helpers cost more; audit_chain_next, an SQL function, is parsed again on every call).
  -- A slot row the UPDATE did not find is opened with the movement: exactly the kinds it missed.
  v_strand := (${STRAND_OF_TX})::smallint;
  if p_from_kind <> p_to_kind then
    with moved as (
      update ledger_slots set balance = balance + case when kind = p_from_kind then -p_amount else p_amount end
       where product = p_product and money = p_money and slot = v_strand and kind in (p_from_kind, p_to_kind)
      returning kind)
    select coalesce(array_agg(kind), '{}') into v_moved from moved;
    if cardinality(v_moved) < 2 then
      insert into ledger_slots as s (product, money, kind, slot, balance)
      select p_product, p_money, k, v_strand, case when k = p_from_kind then -p_amount else p_amount end
        from unnest(array[p_from_kind, p_to_kind]) k where k <> all(v_moved) order by k
      on conflict (product, money, kind, slot) do update set balance = s.balance + excluded.balance;
    end if;
  end if;
  -- The transaction's strand (its turn was taken first): the head row stays locked until commit.
  v_chain := 'ledger:' || p_product || ':' || v_strand;
  v_content := ledger_transfer_content(v_chain, v_id, p_product, p_money, p_key, v_from, v_to, p_amount, p_type,
    coalesce(p_ref, ''), coalesce(p_remark, ''), coalesce(p_admin, ''), v_at);
  update audit_heads set seq = seq + 1, hash = sha256(hash || sha256(v_content)) where chain = v_chain
    returning seq, hash into v_seq, v_hash;
  if not found then
    select c.seq, c.hash into v_seq, v_hash from audit_chain_next(v_chain, v_content) c;
  end if;
  insert into ledger_transfers (id, product, money, key, from_account, to_account, amount, type, ref, remark, admin, created_at,
                                chain, chain_seq, chain_hash)
    values (v_id, p_product, p_money, p_key, v_from, v_to, p_amount, p_type, coalesce(p_ref, ''), coalesce(p_remark, ''),
            coalesce(p_admin, ''), v_at, v_chain, v_seq, v_hash);
  if p_from_kind = 1 then
    insert into balance_changes (product, money, member_id, account_id, transfer_id, type, amount, before, after, ref, remark, created_at)
      values (p_product, p_money, p_from_owner, v_from, v_id, p_type, -p_amount, v_fb, v_fb - p_amount,
              coalesce(p_ref, ''), coalesce(p_remark, ''), v_at);
  end if;
  if p_to_kind = 1 then
    insert into balance_changes (product, money, member_id, account_id, transfer_id, type, amount, before, after, ref, remark, created_at)
      values (p_product, p_money, p_to_owner, v_to, v_id, p_type, p_amount, v_tb, v_tb + p_amount,
              coalesce(p_ref, ''), coalesce(p_remark, ''), v_at);
  end if;
  if p_from_kind = 4 then
    insert into merchant_bills (product, merchant_id, account_id, transfer_id, type, amount, before, after, ref, remark, admin, created_at)
      values (p_product, p_from_owner, v_from, v_id, p_type, p_amount, v_fb, v_fb - p_amount,
              coalesce(p_ref, ''), coalesce(p_remark, ''), coalesce(p_admin, ''), v_at);
  end if;
  if p_to_kind = 4 then
    insert into merchant_bills (product, merchant_id, account_id, transfer_id, type, amount, before, after, ref, remark, admin, created_at)
      values (p_product, p_to_owner, v_to, v_id, p_type, p_amount, v_tb, v_tb + p_amount,
              coalesce(p_ref, ''), coalesce(p_remark, ''), coalesce(p_admin, ''), v_at);
  end if;
  perform report_transfer(p_product, p_money, p_type, p_from_kind, p_from_owner, p_to_kind, p_to_owner, p_amount, v_at, v_id);
  return query select v_id, false, v_from, v_to, v_fb, v_fb - p_amount, v_tb, v_tb + p_amount;
end $f$;
`
