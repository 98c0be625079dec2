// SQL functions whose body changes over time, each in its own file and (re)applied by migrate() whenever its text
// changes (a checksum per function in schema_functions), so numbered migrations never carry or repeat them.
// A function here is `create or replace`; one whose signature or return type changes needs a numbered migration
// that drops the old one first.
//
// Lock order, the same in every transaction that moves money, so concurrent ones never wait on each other in a circle:
// the transaction's strand turn (an advisory lock on ledger:<product>:<txid mod STRANDS>, taken at its first transfer
// and held to commit), the transfer key, the owned accounts in id order, the slot rows, the strand's chain head, the
// report queue (an append without locks). Slots and chain head belong to the transaction's strand, so two
// transactions only ever meet on them after one has its turn; a transaction with several transfers (a withdrawal paid
// with its fee, a plan paid with its interest) writes them all on its one strand.
import eventsNotify from './events-notify'
import financeTotals from './finance-totals'
import ledgerAccount from './ledger-account'
import ledgerStrandTurn from './ledger-strand-turn'
import ledgerTransfer from './ledger-transfer'
import ledgerTransferBatch from './ledger-transfer-batch'
import reportApply from './report-apply'
import reportClassify from './report-classify'
import reportClassifyOne from './report-classify-one'
import reportQueue from './report-queue'

/** In the order they are applied. */
export const FUNCTIONS: [name: string, sql: string][] = [
  ['ledger_account', ledgerAccount],
  ['ledger_strand_turn', ledgerStrandTurn],
  ['ledger_transfer', ledgerTransfer],
  ['ledger_transfer_batch', ledgerTransferBatch],
  ['report_classify', reportClassify],
  ['report_classify_one', reportClassifyOne],
  ['report_apply', reportApply],
  // report_register (SQL) calls report_apply, which must exist when its body is checked.
  ['report_queue', reportQueue],
  ['finance_totals', financeTotals],
  ['events_notify', eventsNotify],
]
