// ledger_transfer locks its accounts up front (SELECT … FOR UPDATE in id order) only when both sides are owned; a
// transfer between one owned account and a house account (nearly all of them) lets its UPDATE take the row lock, one
// row-lock write and its WAL record fewer per transfer (see src/server/db/functions).
// The functions it replaced now live in src/server/db/functions and are re-applied when their text changes.
export default 'select 1'
