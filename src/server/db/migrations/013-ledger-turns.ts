// Ledger transactions take their strand's turn first and write all their transfers on that one strand (see
// ledger-functions.ts): a transaction with several transfers could otherwise hold one chain head while waiting for
// an account another transaction held while waiting for that head (a deadlock the 余额宝 maturity test found).
import { LEDGER_FUNCTIONS } from './ledger-functions'

export default LEDGER_FUNCTIONS
