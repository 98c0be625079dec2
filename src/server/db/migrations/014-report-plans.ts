// The rollups' upkeep per movement without re-planning. report_transfer and report_register hand report_apply one
// delta at a time; PostgreSQL kept choosing a custom plan for each of report_apply's statements (a plan that knows the
// array holds one element always looks cheaper than the generic one), so every movement planned four statements
// again: about 0.6 ms of a 1.4 ms transfer on the benchmark's PostgreSQL, against 0.1 ms with the generic plans
// (`npm run bench report`: report_transfer alone). Single deltas take the generic plans, made once per connection;
// the batch path (ledger_transfer_batch, thousands of deltas) calls report_apply directly and keeps plans sized to its
// arrays. A later `create or replace` of these two functions must keep the SET clause (tests/server/report-upkeep).
export default /* sql */ `
alter function report_transfer(text, smallint, smallint, smallint, int, smallint, int, bigint, timestamptz) set plan_cache_mode = force_generic_plan;
alter function report_register(text, int, timestamptz) set plan_cache_mode = force_generic_plan;
`
