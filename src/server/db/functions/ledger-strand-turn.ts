// ledger_strand_turn: see index.ts for the lock order every money-moving transaction follows.
import { STRAND_OF_TX } from '../constants'

export default /* sql */ `
-- Serialises the transactions of one product residue (txid mod 16); re-entrant within a transaction.
create or replace function ledger_strand_turn(p_product text) returns void language sql as $f$
  select pg_advisory_xact_lock(hashtextextended('ledger:' || p_product || ':' || (${STRAND_OF_TX}), 11))
$f$;
`
