// report_transfer appended one movement's report delta for ledger_transfer, which now writes that delta in the same
// statement as the transfer (report_classify inlined there, see src/server/db/functions/ledger-transfer.ts): nothing
// calls it any more, and a second definition of the delta would drift from the one the ledger writes.
export default /* sql */ `
drop function report_transfer(text, smallint, smallint, smallint, int, smallint, int, bigint, timestamptz, bigint);
`
