// ledger_account: the id of an account by its key, opening a house account on its first use.

export default /* sql */ `
-- The id of an account; house accounts are opened on first use (moved: by the transfer that opens it, migration 032),
-- owned ones must exist (LD004).
create or replace function ledger_account(p_product text, p_money smallint, p_kind smallint, p_owner int) returns bigint
language plpgsql as $f$
declare v_id bigint;
begin
  select id into v_id from ledger_accounts
   where product = p_product and money = p_money and kind = p_kind and coalesce(owner_id, 0) = coalesce(p_owner, 0);
  if v_id is not null then return v_id; end if;
  if p_kind < 10 then
    raise exception 'ledger account missing: % % % %', p_product, p_money, p_kind, p_owner using errcode = 'LD004';
  end if;
  insert into ledger_accounts (product, money, kind, moved) values (p_product, p_money, p_kind, true)
    on conflict do nothing returning id into v_id;
  if v_id is null then
    select id into v_id from ledger_accounts where product = p_product and money = p_money and kind = p_kind and owner_id is null;
  end if;
  return v_id;
end $f$;
`
