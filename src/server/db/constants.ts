// The numbers the schema, its functions and the queries around them share, named once.

/**
 * Hot rows (house-account balances, rollup days, list totals) and hash chains are spread over this many strands; a
 * transaction writes on the strand of its own transaction id, so concurrent writers rarely meet on one row.
 */
export const STRANDS = 16
/**
 * Operation-log strands per product. One head per product serialises that product's writers on the head's row lock
 * (held until commit); a transaction joins strand txid % OPLOG_STRANDS, so concurrent writers mostly meet different
 * heads and all rows of one transaction join the same strand (no lock-order deadlock). Changing it only names new strands.
 */
export const OPLOG_STRANDS = 8
/** The strand of the current transaction among `strands`, as SQL (`strands` may be a literal or a parameter like `$3`). */
export const strandOfTx = (strands: number | string) => `txid_current() % ${strands}`
/** The strand of the current transaction, as SQL. */
export const STRAND_OF_TX = strandOfTx(STRANDS)

/**
 * The second argument of hashtextextended() for each advisory lock taken by text, so that locks of different purposes
 * never share a key: a transfer key, a ledger strand's turn, the report queue's fold, an issue's exposure (payout cap).
 */
export const LOCK_SEED = { transferKey: 7, strand: 11, reportFold: 13, exposure: 17 } as const

/** The products' business day and every time the console shows are in this zone (src/contract/time.ts). */
export { PRODUCT_OFFSET_MINUTES, PRODUCT_TZ, PRODUCT_UTC_OFFSET } from '../../contract/time'
