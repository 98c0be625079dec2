// The ledger's single-column rules become domains, and each table keeps one CHECK of what spans its columns. A
// table's CHECK constraints are read back from their stored text, planned and built at every statement that writes a
// row, and on every UPDATE of an account (one per transfer), whether or not the statement touches their columns:
// counted over 600 transfers, the accounts' four CHECKs cost a transfer 108,000 instructions and those of its transfer
// and 账变 rows 74,000, about 15 % of ledger_transfer. A domain's rule is planned once per connection and applies only
// to a column the statement writes (an account's money class never changes; its balance does).
// The rules are the same: money classes 0-3; an owned account (kind < 10) has an owner and never goes negative, a
// house account has none and keeps its balance in ledger_slots; a transfer moves a positive amount between two
// accounts; a 账变 moves a nonzero amount and leaves a balance that is its before plus its amount, never negative.
// Changing a column's type drops its statistics, and a plan without them misjudges every filter on it (the members
// list's balance filter took 540 ms on a million members instead of 5 ms until the accounts were analysed again), so
// the tables are analysed here, with those whose order numbers migration 036 changed and did not analyse.
export default /* sql */ `
create domain ledger_money_class as smallint check (value between 0 and 3);
create domain cents_positive as bigint check (value > 0);
create domain cents_nonzero as bigint check (value <> 0);
create domain cents_nonnegative as bigint check (value >= 0);

alter table ledger_accounts
  drop constraint ledger_accounts_money_check,
  drop constraint ledger_accounts_owned_nonnegative,
  drop constraint ledger_accounts_house_unowned,
  drop constraint ledger_accounts_house_in_slots,
  alter column money type ledger_money_class,
  add constraint ledger_accounts_owned_or_house
    check ((kind >= 10) = (owner_id is null) and balance >= 0 and (kind < 10 or balance = 0));

alter table ledger_transfers
  drop constraint ledger_transfers_amount_check,
  alter column amount type cents_positive;

alter table balance_changes
  drop constraint balance_changes_check,
  alter column amount type cents_nonzero,
  alter column after type cents_nonnegative,
  add constraint balance_changes_after check (after = before + amount);

analyze ledger_accounts, ledger_transfers, balance_changes, recharges, withdrawals;
`
