// How every rollup is kept up to date. Two rules, one per kind of rollup, because a single one would cost the ledger
// its throughput (measured on PostgreSQL as backend CPU per transfer, one transfer per transaction: the report queue
// as shipped 1.2–1.4 ms; the report applied in the transfer's transaction 2.4–2.6 ms; the report queued by a statement
// trigger on ledger_transfers 1.3–1.7 ms):
//
// 1. Counters a list reads beside its page (exact totals at any size), with a small key: signed deltas added in the
//    writer's own transaction to the writer's strand slot (STRAND_OF_TX, so concurrent writers rarely share a row),
//    summed over the slots by the reader. finance_totals (recharges and withdrawals per status: statement triggers,
//    src/server/db/functions/finance-totals.ts), lottery_bet_totals (bets per room and status: src/server/lottery/totals.ts
//    at placement, settlement and cancellation), ledger_slots (house balances and owned totals: inside ledger_transfer
//    and ledger_transfer_batch). Each is `addOnStrand` of its declaration below.
// 2. Rollups a movement fans out over many rows (report_daily for the product and every team above the member,
//    report_member_daily, the first recharge): the ledger's functions append one delta per movement to report_queue
//    (report_classify, generated from the transfer types) and report_fold folds it, before every report read and every
//    second; registration applies its delta at once (report_register). Both equal a recomputation from the records
//    (tests/server/report-rollup, report-upkeep, report-sim).
//
// member_counts (members per product and kind) is the one counter outside rule 1: a single row per key, no strand slot.
import { STRAND_OF_TX } from '../db/constants'

/** A rule-1 counter: its table, the key its readers filter and group by (the primary key without `slot`), its sums. */
export interface StrandCounter { table: string; keys: readonly string[]; sums: readonly string[] }

export const FINANCE_TOTALS: StrandCounter = { table: 'finance_totals', keys: ['product', 'what', 'status'], sums: ['n', 'amount', 'fee'] }
export const BET_TOTALS: StrandCounter = { table: 'lottery_bet_totals', keys: ['product', 'money', 'room_id', 'status'], sums: ['n', 'stake', 'payout'] }

/**
 * SQL: adds the signed deltas `source` (a query answering the counter's keys and sums by name, one row per change or
 * already summed) to the current transaction's strand slot, in key order so concurrent writers take the rows in one order.
 */
export function addOnStrand(c: StrandCounter, source: string): string {
  const keys = c.keys.join(', ')
  return `insert into ${c.table} as t (${keys}, slot, ${c.sums.join(', ')})
    select ${keys}, (${STRAND_OF_TX})::smallint, ${c.sums.map((s) => `sum(${s})`).join(', ')}
      from (${source}) d group by ${keys} order by ${keys}
    on conflict (${keys}, slot) do update set ${c.sums.map((s) => `${s} = t.${s} + excluded.${s}`).join(', ')}`
}
