// /api/audit/verify: 审计校验, the audit chains verified on demand; super admins only, refused to everyone else here.
import { route } from '../http/route'
import { forbidden } from '../errors'
import { verifyAudit } from '../audit/verify'
import { AUDIT_API } from '../../contract/audit'

export default [
  route({
    method: 'GET', url: AUDIT_API.verify, summary: '审计校验：逐条重算操作日志的哈希链（仅超级管理员）', menu: 'session', action: 'R',
    handler: async (ctx) => {
      if (!ctx.caller.isSuper) throw forbidden()
      return verifyAudit(ctx.root)
    },
  }),
]
