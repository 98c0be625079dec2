// Leases for background work that exactly one server instance should do at a time (the activity simulator, the
// draw scheduler, the interest maturity job): an instance holds a lease until it stops renewing it.
export default /* sql */ `
create table job_leases (
  name text primary key,
  holder text not null,
  until timestamptz not null
);
-- Which demo products the simulator has populated (its first run fills each once).
create table sim_state (
  product text primary key references products(code),
  bootstrapped_at timestamptz not null default now()
);
`
