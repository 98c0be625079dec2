// Endpoints of the ledger: the reconciliation (账务核对) the super admin runs from the console.
import { get } from '../endpoint'
import type { LedgerCheck } from '../member'

export const ledger = {
  // Any session reaches it; the handler refuses everyone but a super admin (403).
  check: get<LedgerCheck>()('/api/ledger/check', 'session', '账务核对（仅超级管理员）', undefined, { audit: true }),
}
