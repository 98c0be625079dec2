// ledger_strand_turn: see index.ts for the lock order every money-moving transaction follows.
import { LOCK_SEED, STRAND_OF_TX, STRANDS } from '../constants'

export default /* sql */ `
-- Serialises the transactions of one product residue (its strand, txid mod ${STRANDS}); re-entrant within a transaction.
create or replace function ledger_strand_turn(p_product text) returns void language sql as $f$
  select pg_advisory_xact_lock(hashtextextended('ledger:' || p_product || ':' || (${STRAND_OF_TX}), ${LOCK_SEED.strand}))
$f$;
`
