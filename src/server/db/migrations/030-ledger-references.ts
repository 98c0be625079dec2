// A transfer's two accounts are found by the ledger functions in the transaction that writes it (LD004 when one is
// missing), as its 账变 rows' accounts and transfers always were. The foreign keys checked them again, a query per
// leg and side: 535 ms of the 882 ms that writing a settlement's 28,572 payouts took. What they also gave stays: an
// account with transfers cannot be deleted (the keys' other half, with their error code), and ledger:check reports a
// transfer whose account is missing.
export default /* sql */ `
alter table ledger_transfers drop constraint ledger_transfers_from_account_fkey, drop constraint ledger_transfers_to_account_fkey;

create function ledger_accounts_keep() returns trigger language plpgsql as $f$
begin
  if exists (select 1 from ledger_transfers where from_account = old.id) or exists (select 1 from ledger_transfers where to_account = old.id) then
    raise exception 'ledger account % has transfers', old.id using errcode = 'foreign_key_violation';
  end if;
  return old;
end $f$;
create trigger ledger_accounts_keep before delete on ledger_accounts for each row execute function ledger_accounts_keep();
`
