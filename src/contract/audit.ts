// The audit chain's verification report, shared by the verify route, the console's 审计校验 and `npm run audit:verify`.

/** Where a chain first stops adding up: the row (when there is one), its place, and what is wrong, in Chinese. */
export interface ChainBreak {
  table: string
  /** The row's id; null when the break is about rows that are missing (the head points past the last row). */
  id: string | null
  chain: string
  seq: number | null
  problem: string
}

export interface ChainReport {
  table: string
  chain: string
  /** Rows of the chain walked (all of them, also past a break). */
  rows: number
  /** The head as stored (seq and SHA-256 hex); an auditor records it elsewhere to detect a recomputed tail later. */
  head: { seq: number; hash: string } | null
  /** The first broken row of the chain, or null when every hash and the head agree. */
  break: ChainBreak | null
}

export interface TableReport {
  table: string
  /** Rows that carry no chain entry (written behind the application's back). */
  unchained: number
  /** The first few of them. */
  unchained_ids: string[]
}

/** A head as an earlier run printed it (chain, seq, SHA-256 hex), kept elsewhere by an auditor. */
export interface RecordedHead { chain: string; seq: number; hash: string }

export interface AuditReport {
  ok: boolean
  checked_at: string
  tables: TableReport[]
  chains: ChainReport[]
  /** Breaks not tied to a declared table's rows (a head whose rows are all gone, a chain split across tables). */
  orphans: ChainBreak[]
  /** How many recorded heads were compared (the command line's --heads file). */
  recorded: number
}
