// The audit chain of many rows at once, for writers of many rows in one statement (the benchmark data's load): each
// row's hash is sha256(previous ‖ sha256(content)) from its strand's head, as audit_chain_next would give it row by row.
// One loop in one function call: a custom aggregate over a window costs about twice as much per row (a call of its step
// function and the window's own work for every row), and the transfers' chains are the load's longest stream.
import type { Queryable } from '../db/db'

/**
 * Makes pg_temp.chain_run(heads, rows, a, lo, hi) in the session of `tx`: the chain hashes, in order, of the rows the
 * query `rows` yields in order (s: the row's strand, 0-based; c: sha256 of its content), each strand continuing from its
 * head (`heads`, by strand); the query is run with `a`, `lo` and `hi` as $1, $2 and $3.
 */
export async function createChainRun(tx: Queryable): Promise<void> {
  await tx.query(`create or replace function pg_temp.chain_run(p_heads bytea[], p_rows text, p_a text, p_lo bigint, p_hi bigint)
    returns bytea[] language plpgsql as $f$
    declare v_h bytea[] := p_heads; v_out bytea[] := '{}'; v_s int; v_c bytea;
    begin
      for v_s, v_c in execute p_rows using p_a, p_lo, p_hi loop
        v_h[v_s + 1] := sha256(v_h[v_s + 1] || v_c);
        v_out := v_out || v_h[v_s + 1];
      end loop;
      return v_out;
    end $f$`)
}
