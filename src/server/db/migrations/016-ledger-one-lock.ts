// ledger_transfer locks its accounts up front (SELECT … FOR UPDATE in id order) only when both sides are owned; a
// transfer between one owned account and a house account (nearly all of them) lets its UPDATE take the row lock, one
// row-lock write and its WAL record fewer per transfer (see ledger-functions.ts).
import { LEDGER_FUNCTIONS } from './ledger-functions'

export default LEDGER_FUNCTIONS
