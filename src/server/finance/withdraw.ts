// /api/withdraw routes (提现记录): the list with money_stat and the review stages, and the decision on a withdrawal
// under review (approve, as first or second admin when two are needed; reject with a reason).
import { Type } from '@sinclair/typebox'
import { route } from '../http/route'
import { Id } from '../http/schemas'
import { FINANCE_PATHS } from '../../contract/finance'
import { listWithdrawals, threshold, withdrawalById } from './withdraw-store'
import { decideWithdraw } from './withdraw-rules'
import { RemarkText } from './common'
import { RecordQuery } from './recharge'

const MENU = FINANCE_PATHS.withdraw

export default [
  route({
    method: 'GET', url: '/api/withdraw/index', summary: '提现记录（游标翻页，含金额合计与待复核标记）', menu: MENU, action: 'R',
    query: Type.Object({
      ...RecordQuery,
      review_stage: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('second')], { title: '审核阶段' })),
    }),
    handler: (ctx, q) => listWithdrawals(ctx.root, ctx.caller.product, q),
  }),
  route({
    method: 'POST', url: '/api/withdraw/edit', summary: '审核提现：1 通过（达到双人复核金额时需两位管理员），2 驳回（须填写原因）',
    menu: MENU, action: 'U', idempotent: true,
    body: Type.Object({
      id: Id,
      status: Type.Integer({ title: '状态', minimum: 1, maximum: 2 }),
      remark: Type.Optional(RemarkText()),
    }),
    handler: async (ctx, b) => {
      const t = await threshold(ctx.db, ctx.caller.product)
      const before = await withdrawalById(ctx.db, ctx.caller.product, b.id, { threshold: t, lock: true })
      const outcome = await decideWithdraw(ctx.db, ctx.caller.product, b.id, { status: b.status as 1 | 2, remark: b.remark, admin: ctx.caller.username, threshold: t })
      const after = await withdrawalById(ctx.db, ctx.caller.product, b.id, { threshold: t })
      ctx.audit.before = before
      ctx.audit.after = { ...after, first_review: outcome.firstReview }
      return { ...after, first_review: outcome.firstReview }
    },
  }),
]
