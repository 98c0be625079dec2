// What a transfer wrote beside its own rows, and no longer does:
// - Four index entries for the owned account's new balance: ledger_accounts_balance indexed the balance, so every
//   UPDATE of one was a new tuple in all four indexes (and a full-page image of each index page it first touched after
//   a checkpoint, most of a transfer's WAL). Without it the UPDATE is HOT: the new version goes on the same page
//   (a fillfactor leaves room) and no index changes. The members list's balance filter walks the accounts in key order
//   instead, as its plan already did for any common range.
// - Two index entries in ledger_transfers (from_account, id) and (to_account, id), read only to ask whether an account
//   has transfers before it is deleted. An account now says so itself: `moved` is set by every writer of transfers in
//   the UPDATE that moves its balance (a house account from its opening, by the transfer that opens it), and
//   ledger:check finds a transfer whose account is not marked.
export default /* sql */ `
alter table ledger_accounts add column moved boolean not null default false;
update ledger_accounts set moved = true where kind >= 10;
update ledger_accounts a set moved = true
  from (select from_account as id from ledger_transfers union select to_account from ledger_transfers) t
 where a.id = t.id and not a.moved;
drop index ledger_transfers_from, ledger_transfers_to, ledger_accounts_balance;
alter table ledger_accounts set (fillfactor = 85);
cluster ledger_accounts using ledger_accounts_pkey;
analyze ledger_accounts;

create or replace function ledger_accounts_keep() returns trigger language plpgsql as $f$
begin
  if old.moved then
    raise exception 'ledger account % has transfers', old.id using errcode = 'foreign_key_violation';
  end if;
  return old;
end $f$;
-- ledger_account (a house account is opened moved): src/server/db/functions.
`
