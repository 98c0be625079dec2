// The reconciliation (账务核对) for the console, super admins only.
import { route } from '../http/route'
import { forbidden } from '../errors'
import { ledger } from '../../contract/api/ledger'
import { checkLedger } from './check'

export default [
  route(ledger.check, async (ctx) => {
    if (!ctx.caller.isSuper) throw forbidden('账务核对仅限超级管理员')
    return checkLedger(ctx.db)
  }),
]
