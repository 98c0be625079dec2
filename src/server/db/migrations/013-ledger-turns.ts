// Ledger transactions take their strand's turn first and write all their transfers on that one strand (see
// src/server/db/functions): a transaction with several transfers could otherwise hold one chain head while waiting for
// an account another transaction held while waiting for that head (a deadlock the 余额宝 maturity test found).
// The functions it replaced now live in src/server/db/functions and are re-applied when their text changes.
export default 'select 1'
