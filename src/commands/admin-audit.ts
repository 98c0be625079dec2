// 审计校验: a super admin verifies the audit chains on the server and sees each chain's rows, head and first break.
import { defineCommands } from '../core/registry'
import { api } from '../core/api'
import { sessionState } from '../core/session'

/** Super admins hold the permission '*'; the server refuses everyone else (403) whatever the console shows. */
const isSuper = () => sessionState.user?.permissions.includes('*') ?? false

defineCommands([
  {
    id: 'admin.verifyAudit', title: '审计校验', keywords: ['audit', 'verify', 'hash', 'chain', 'shenji', 'jiaoyan'],
    group: '系统管理', action: 'R', when: isSuper,
    run: async () => {
      const report = await api.audit.verify()
      await (await import('../views/admin/audit-report')).showAuditReport(report)
      return report
    },
  },
])
