// Live events: triggers that tell every server process (pg_notify) about new and decided withdrawals and recharges,
// big wins at settlement and sessions that end or change product, whoever writes them. The functions' bodies live in
// src/server/db/functions/events-notify.ts (applied right after the migrations); these stubs only let the triggers exist.
export default /* sql */ `
create function events_withdrawals() returns trigger language plpgsql as $f$ begin return null; end $f$;
create function events_recharges() returns trigger language plpgsql as $f$ begin return null; end $f$;
create function events_bets() returns trigger language plpgsql as $f$ begin return null; end $f$;
create function events_sessions() returns trigger language plpgsql as $f$ begin return null; end $f$;

create trigger withdrawals_events_insert after insert on withdrawals referencing new table as new_rows
  for each statement execute function events_withdrawals();
create trigger withdrawals_events_update after update on withdrawals referencing old table as old_rows new table as new_rows
  for each statement execute function events_withdrawals();
create trigger recharges_events_insert after insert on recharges referencing new table as new_rows
  for each statement execute function events_recharges();
create trigger recharges_events_update after update on recharges referencing old table as old_rows new table as new_rows
  for each statement execute function events_recharges();
-- A bet becomes won (status 1) only at settlement, once: the new rows alone tell which are big wins.
create trigger lottery_bets_events after update on lottery_bets referencing new table as new_rows
  for each statement execute function events_bets();
create trigger sessions_events after update of ended_at, product or delete on sessions
  for each row execute function events_sessions();
`
