// The withdrawal review desk (RISK.md §4): a withdrawal's claim (who holds it and until when), the reason code of a
// rejection, whether it was let through with turnover unmet, and the turnover as it stood when the member asked; the
// indexes the desk's queue and the review context read by (bounded by member and time).
export default /* sql */ `
alter table withdrawals
  -- '' = nobody; a claim is live while claim_expires_at > now() (compared in SQL, it lapses by itself).
  add column claimed_by text not null default '',
  add column claim_expires_at timestamptz,
  -- A code of the finance setting withdraw_reject_reasons ('' = none).
  add column reason_code text not null default '',
  -- Asked with turnover remaining under policy 2 (allow and flag).
  add column turnover_unmet boolean not null default false,
  -- Turnover (cents) as it stood at the request: required, done, remaining.
  add column turnover_required bigint not null default 0 check (turnover_required >= 0),
  add column turnover_done bigint not null default 0 check (turnover_done >= 0),
  add column turnover_remaining bigint not null default 0 check (turnover_remaining >= 0);

-- sort=waiting: the rows under review of a product, oldest first, walked by (created_at, id).
create index withdrawals_waiting on withdrawals (product, created_at, id) where status = 3;
-- The review context's money figures of one member: confirmed deposits (sources 0 and 4) and the manual and gift
-- balance changes (types 6, 7, 8), each read from the member's own rows without touching the table.
create index recharges_member_paid on recharges (member_id, confirmed_at) include (amount) where status = 1 and source in (0, 4);
create index balance_changes_member_manual on balance_changes (member_id, created_at) include (type, amount) where type in (6, 7, 8);
-- Associations start from the member's own card numbers and wallet addresses.
create index member_payee_history_member on member_payee_history (member_id, what);
`
