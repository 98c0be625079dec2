// The members list's balance filter found a rare range (a few members above ¥900,000) by walking every member in id
// order and probing each one's account: 58 ms a page at 100,000 members, seconds for the last pages of a range held by
// a handful. An index on the balance would find them at once, but every balance UPDATE would then be a new tuple in
// every index of the table (migration 032 made that UPDATE heap-only). `band` is the balance's number of digits in
// cents: it changes only when a balance crosses a power of ten (13 % of the movements of the benchmark's history, none
// of a 1 元 move on a larger balance), so the UPDATE stays heap-only otherwise, and a balance range implies a band range
// that ledger_accounts_band finds (the filter adds it, see member-store.ts's balanceBound).
export default /* sql */ `
alter table ledger_accounts add column band smallint generated always as (length(greatest(balance, 0)::text)) stored;
create index ledger_accounts_band on ledger_accounts (product, money, kind, band);
analyze ledger_accounts;
`
