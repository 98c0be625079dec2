// /api/ledger/check: the reconciliation (账务核对) for the console, super admins only.
import { route } from '../http/route'
import { forbidden } from '../errors'
import { checkLedger } from './check'

export default [
  route({
    method: 'GET', url: '/api/ledger/check', summary: '账务核对（仅超级管理员）', menu: 'session', action: 'R', audit: true,
    handler: async (ctx) => {
      if (!ctx.caller.isSuper) throw forbidden('账务核对仅限超级管理员')
      return checkLedger(ctx.db)
    },
  }),
]
