// /api/audit/verify: 审计校验, the audit chains verified on demand; super admins only, refused to everyone else here.
import { route } from '../http/route'
import { forbidden } from '../errors'
import { verifyAudit } from '../audit/verify'
import { audit } from '../../contract/api/admin'

export default [
  route(audit.verify, async (ctx) => {
    if (!ctx.caller.isSuper) throw forbidden()
    return verifyAudit(ctx.root)
  }),
]
