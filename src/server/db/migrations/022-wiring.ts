// The risk tables meet the money and member paths: a refused registration is recorded beside the logins (no member
// yet: the name it asked for), and each settlement records which requirements its stakes fulfilled, so cancelling a
// settled draw gives exactly that back.
export default /* sql */ `
alter table member_logins
  alter column member_id drop not null,
  -- login: an account signing in · register: a registration (refused ones have no member, only the name asked for).
  add column action text not null default 'login' check (action in ('login', 'register')),
  add column username text not null default '',
  add check (member_id is not null or action = 'register');

-- What a settled draw's stakes did to each requirement (a cancellation of the draw takes exactly this back).
create table turnover_uses (
  issue_id bigint not null references lottery_issues(id),
  requirement_id bigint not null references turnover_requirements(id) on delete cascade,
  amount bigint not null check (amount > 0),
  primary key (issue_id, requirement_id)
);
create index turnover_uses_requirement on turnover_uses (requirement_id);
-- Requirements are fulfilled oldest first by the time they were made (backfilled history makes them out of id order).
create index turnover_open_time on turnover_requirements (member_id, created_at, id) where done < required and waived_at is null;
`
