// The chained tables the verifier walks. Adding one is one line: the table (with chain, chain_seq, chain_hash and a
// unique (chain_seq, chain), the order the verifier walks in) and the SQL function giving a row's canonical bytes from
// its stored columns.
export interface ChainedTable {
  table: string
  /** SQL function taking the table's row type and answering bytea, e.g. operation_log_content(r operation_logs). */
  content: string
}

export const CHAINED_TABLES: ChainedTable[] = [
  { table: 'operation_logs', content: 'operation_log_content' },
  { table: 'ledger_transfers', content: 'ledger_transfer_content' },
]
