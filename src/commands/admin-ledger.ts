// 账务核对: a super admin runs the ledger reconciliation on the server and reads every check's result.
import { defineCommands } from '../core/registry'
import { api } from '../core/api'
import { sessionState } from '../core/session'

/** Super admins hold the permission '*'; the server refuses everyone else (403) whatever the console shows. */
const isSuper = () => sessionState.user?.permissions.includes('*') ?? false

defineCommands([
  {
    id: 'admin.checkLedger', title: '账务核对', keywords: ['ledger', 'reconcile', 'check', 'zhangwu', 'hedui'],
    group: '系统管理', action: 'R', when: isSuper,
    run: async () => {
      const result = await api.ledger.check()
      await (await import('../views/admin/ledger-check')).showLedgerCheck(result)
      return result
    },
  },
])
