// The audit chain as a running aggregate, for writers of many rows in one statement (the benchmark data's load):
// `pg_temp.bench_chain(head, sha256(content)) over (partition by chain order by seq)` is each row's hash,
// sha256(previous ‖ sha256(content)) from the chain's head hash, as audit_chain_next would give it row by row.
import type { Queryable } from '../db/db'

/** Makes pg_temp.bench_chain(head bytea, content_hash bytea) in the session of `tx`. */
export async function createChainAggregate(tx: Queryable): Promise<void> {
  await tx.query(`create or replace function pg_temp.bench_chain_step(s bytea, head bytea, c bytea) returns bytea
    language plpgsql immutable as $f$ begin return sha256(coalesce(s, head) || c); end $f$`)
  await tx.query('create or replace aggregate pg_temp.bench_chain(bytea, bytea) (sfunc = pg_temp.bench_chain_step, stype = bytea)')
}
