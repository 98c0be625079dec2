// ledger_transfer: see index.ts for the lock order every money-moving transaction follows.
import { KIND } from '../../../contract/ledger'
import { LOCK_SEED, STRAND_OF_TX } from '../constants'

export default /* sql */ `
-- One movement of money, exactly once per key. A retry with the same key and content answers the first transfer
-- (replayed = true) and moves nothing; the same key with other content fails (LD002). Too little money: LD001
-- with the available balance in DETAIL. Owned accounts are locked in id order.
--
-- The function is run for nearly every movement, so what each call costs matters more than its length. Most of a call
-- is setting statements up, not running them: each statement builds its plan's nodes and expressions afresh and parses
-- its tables' CHECK constraints from text. A plain one-row statement costs less to set up than the same work as a CTE
-- of a larger statement, and a branch of PL/pgSQL that does not run costs nothing; so the writes are one statement
-- each, and the merchant bills and the report delta are written only when there is one. Every statement finds its rows
-- by a key: the chain heads and slot rows are few, so a generic plan would scan their pages, reading every version of
-- every row that earlier transfers left there; the index goes straight to the row.
create or replace function ledger_transfer(
  p_key text, p_product text, p_money smallint,
  p_from_kind smallint, p_from_owner int, p_to_kind smallint, p_to_owner int,
  p_amount bigint, p_type smallint, p_ref text, p_remark text, p_admin text, p_at timestamptz
) returns table (transfer_id bigint, replayed boolean, from_account bigint, to_account bigint,
                 from_before bigint, from_after bigint, to_before bigint, to_after bigint)
language plpgsql set enable_seqscan = off set enable_bitmapscan = off as $f$
declare
  v_from bigint; v_to bigint; v_id bigint; v_fb bigint; v_tb bigint; v_n int; v_seq bigint; v_hash bytea;
  v_report report_delta;
  v_prev bigint; v_prev_same boolean; v_prev_from bigint; v_prev_to bigint;
  v_at timestamptz := coalesce(p_at, now());
  v_strand smallint := (${STRAND_OF_TX})::smallint;
  v_chain text := 'ledger:' || p_product || ':' || v_strand;
begin
  if p_amount is null or p_amount <= 0 then
    raise exception 'transfer amount must be positive' using errcode = 'LD005';
  end if;
  -- The strand's turn, then the key (left to right). The key's earlier transfer is read by a later statement, whose
  -- snapshot is taken after the lock: a transfer with this key that committed while we waited is seen.
  perform ledger_strand_turn(p_product), pg_advisory_xact_lock(hashtextextended(p_key, ${LOCK_SEED.transferKey}));
  select a.id into v_from from ledger_accounts a
   where a.product = p_product and a.money = p_money and a.kind = p_from_kind and coalesce(a.owner_id, 0) = coalesce(p_from_owner, 0);
  select a.id into v_to from ledger_accounts a
   where a.product = p_product and a.money = p_money and a.kind = p_to_kind and coalesce(a.owner_id, 0) = coalesce(p_to_owner, 0);
  select t.id, t.product = p_product and t.money = p_money and t.amount = p_amount and t.type = p_type, t.from_account, t.to_account
    into v_prev, v_prev_same, v_prev_from, v_prev_to
    from ledger_transfers t where t.key = p_key;
  -- A house account is opened on its first use (ledger_account); a missing owned account is LD004.
  if v_from is null then v_from := ledger_account(p_product, p_money, p_from_kind, p_from_owner); end if;
  if v_to is null then v_to := ledger_account(p_product, p_money, p_to_kind, p_to_owner); end if;
  if v_prev is not null then
    if v_prev_same and v_prev_from = v_from and v_prev_to = v_to then
      transfer_id := v_prev; replayed := true; from_account := v_from; to_account := v_to;
      return next;
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
    update ledger_accounts set balance = balance - p_amount, moved = true where id = v_from and balance >= p_amount
      returning balance + p_amount into v_fb;
    if v_fb is null then
      raise exception 'insufficient funds' using errcode = 'LD001',
        detail = (select balance::text from ledger_accounts where id = v_from);
    end if;
  end if;
  if p_to_kind < 10 then
    update ledger_accounts set balance = balance + p_amount, moved = true where id = v_to returning balance - p_amount into v_tb;
  end if;

  -- The strand's two slot rows exist after its first transfer; a slot row the UPDATE did not find is opened with the
  -- movement (exactly the kinds it missed).
  if p_from_kind <> p_to_kind then
    update ledger_slots set balance = balance + case when kind = p_from_kind then -p_amount else p_amount end
     where product = p_product and money = p_money and slot = v_strand and kind in (p_from_kind, p_to_kind);
    get diagnostics v_n = row_count;
    if v_n < 2 then
      insert into ledger_slots as s (product, money, kind, slot, balance)
      select p_product, p_money, k, v_strand, case when k = p_from_kind then -p_amount else p_amount end
        from unnest(array[p_from_kind, p_to_kind]) k
       where not exists (select 1 from ledger_slots o where o.product = p_product and o.money = p_money and o.kind = k and o.slot = v_strand)
       order by k
      on conflict (product, money, kind, slot) do update set balance = s.balance + excluded.balance;
    end if;
  end if;

  -- The strand's chain head (locked by this UPDATE until commit) takes the transfer's hash. A strand's first transfer
  -- finds no head: it is opened and the UPDATE runs again.
  v_id := nextval('ledger_transfers_id_seq');
  for i in 1..2 loop
    update audit_heads set seq = seq + 1,
           hash = sha256(hash || sha256(ledger_transfer_content(v_chain, v_id, p_product, p_money, p_key, v_from, v_to, p_amount,
                                        p_type, coalesce(p_ref, ''), coalesce(p_remark, ''), coalesce(p_admin, ''), v_at)))
     where chain = v_chain
    returning seq, hash into v_seq, v_hash;
    exit when v_seq is not null or i = 2;
    insert into audit_heads (chain, seq, hash) values (v_chain, 0, decode(repeat('00', 32), 'hex')) on conflict do nothing;
  end loop;
  if v_seq is null then raise exception 'ledger chain head % missing', v_chain; end if;
  insert into ledger_transfers (id, product, money, key, from_account, to_account, amount, type, ref, remark, admin, created_at,
                                chain, chain_seq, chain_hash)
  values (v_id, p_product, p_money, p_key, v_from, v_to, p_amount, p_type, coalesce(p_ref, ''), coalesce(p_remark, ''),
          coalesce(p_admin, ''), v_at, v_chain, v_seq, v_hash);

  -- Its 账变 (member sides, the from side first), its bills (merchant sides) and its report delta (money 0, a member's
  -- movement; report_classify_one, the same classification as report_classify a branch at a time). One INSERT per
  -- member side: one over a VALUES list of both sides cost a transfer 47,000 instructions more.
  if p_from_kind = ${KIND.available} then
    insert into balance_changes (product, money, member_id, account_id, transfer_id, type, amount, before, after, ref, remark, created_at)
    values (p_product, p_money, p_from_owner, v_from, v_id, p_type, -p_amount, v_fb, v_fb - p_amount, coalesce(p_ref, ''),
            coalesce(p_remark, ''), v_at);
  end if;
  if p_to_kind = ${KIND.available} then
    insert into balance_changes (product, money, member_id, account_id, transfer_id, type, amount, before, after, ref, remark, created_at)
    values (p_product, p_money, p_to_owner, v_to, v_id, p_type, p_amount, v_tb, v_tb + p_amount, coalesce(p_ref, ''),
            coalesce(p_remark, ''), v_at);
  end if;
  if p_from_kind = ${KIND.quota} or p_to_kind = ${KIND.quota} then
    insert into merchant_bills (product, merchant_id, account_id, transfer_id, type, amount, before, after, ref, remark, admin, created_at)
    select p_product, s.owner, s.account, v_id, p_type, p_amount, s.before, s.before + s.delta,
           coalesce(p_ref, ''), coalesce(p_remark, ''), coalesce(p_admin, ''), v_at
      from (values (0, p_from_kind, p_from_owner, v_from, -p_amount, v_fb), (1, p_to_kind, p_to_owner, v_to, p_amount, v_tb))
           s (n, kind, owner, account, delta, before)
     where s.kind = ${KIND.quota} order by s.n;
  end if;
  if p_money = 0 then
    v_report := report_classify_one(p_type, p_from_kind, p_from_owner, p_to_kind, p_to_owner, p_amount);
    if v_report.member_id is not null then
      insert into report_queue (product, at, ord, d) values (p_product, v_at, v_id, v_report);
    end if;
  end if;
  transfer_id := v_id; replayed := false; from_account := v_from; to_account := v_to;
  from_before := v_fb; from_after := v_fb - p_amount; to_before := v_tb; to_after := v_tb + p_amount;
  return next;
end $f$;
`
