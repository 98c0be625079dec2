// 余额宝 plan records. The money itself lives in the ledger (available → interest balance at purchase, back with the
// interest at maturity); a plan row says what was bought and how it ended. `state` moves once, from 1 only.
export default /* sql */ `
create table invest_plans (
  id bigserial primary key,
  product text not null references products(code),
  member_id int not null references members(id),
  -- The member's money class (0 real, 1 virtual, 2 trial): demo lists show 2 only, real lists 0 and 1.
  money smallint not null,
  plan smallint not null check (plan in (7, 15)),
  principal bigint not null check (principal > 0),
  rate numeric(7, 2) not null check (rate >= 0),
  interest bigint not null check (interest >= 0),
  state smallint not null default 1 check (state in (1, 2, 3)),
  start_at timestamptz not null default now(),
  mature_at timestamptz not null,
  ended_at timestamptz,
  check ((state = 1) = (ended_at is null))
);
create index invest_plans_list on invest_plans (product, money, id desc);
create index invest_plans_member on invest_plans (member_id, id desc);
-- The maturity job's work: plans still frozen, by when they mature.
create index invest_plans_due on invest_plans (mature_at) where state = 1;
`
