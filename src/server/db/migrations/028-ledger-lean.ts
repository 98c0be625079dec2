// What the ledger stopped needing: the index over (product, money, type, created_at) of every transfer, which no list
// or report reads (the report rebuild and ledger:check scan the table; lists read 账变 and bills), but every transfer
// paid an index entry for, and the slot helper that ledger_transfer no longer calls (it moves its slot rows itself).
export default /* sql */ `
drop index ledger_transfers_product;
drop function ledger_slot_move(text, smallint, smallint, smallint, smallint, bigint);
`
