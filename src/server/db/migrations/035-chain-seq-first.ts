// The chained tables' unique (chain, chain_seq) led with the chain's text. After a variable-width leading column
// PostgreSQL cannot cache where the next column starts, and the text is one of a few names, so nearly every comparison
// of a sort or a descent compared two equal strings through the collation and then walked the tuple to the seq: making
// the key over 7 million transfers took 17 s (the slowest index of the benchmark load), against 3.6 s led by the seq.
// The same pairs are unique either way; the verifier walks the chains in (chain_seq, chain) order (audit/verify.ts).
export default /* sql */ `
alter table ledger_transfers drop constraint ledger_transfers_chain_chain_seq_key;
alter table ledger_transfers add constraint ledger_transfers_chain_seq unique (chain_seq, chain);
alter table operation_logs drop constraint operation_logs_chain_seq;
alter table operation_logs add constraint operation_logs_chain_seq unique (chain_seq, chain);
`
