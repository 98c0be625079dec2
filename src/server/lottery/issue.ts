// /api/issue routes (开奖记录): the draw list, one draw's detail with its verification data (and previews of a manual
// result or a cancellation), and edit: a manual result before settlement, or cancellation (status 4).
import { Type } from '@sinclair/typebox'
import { route } from '../http/route'
import { DateTime, IdQuery } from '../http/schemas'
import { badRequest } from '../errors'
import { ISSUE_SCOPE, LOTTERY_PATHS, parseResult } from '../../contract/lottery'
import { Id, Text } from './fields'
import { issueById, listIssues, showIssue, type IssueQuery } from './issue-store'
import { setManualResult } from './draw'
import { cancelIssue } from './cancel'
import { centsText } from '../../contract/money'

const MENU = LOTTERY_PATHS.record
const RESULT_HINT = '开奖结果须为三个 0-9 的数字，如 3,5,8'

const Query = Type.Object({
  page: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 1000000 })),
  per_page: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: 1000 })),
  after: Type.Optional(Text('翻页位置', 40)),
  before: Type.Optional(Text('翻页位置', 40)),
  room_id: Type.Optional(Id),
  issue_no: Type.Optional(Text('期号', 20)),
  status: Type.Optional(Type.Integer({ title: '状态', minimum: 1, maximum: 4 })),
  scope: Type.Optional(Type.String({ title: '范围', enum: Object.keys(ISSUE_SCOPE) })),
  start_time: Type.Optional(DateTime('开始时间')),
  end_time: Type.Optional(DateTime('结束时间')),
})

export default [
  route({
    method: 'GET', url: '/api/issue/index', summary: '开奖记录（按开奖时间倒序；默认显示已到期各期与各房间下一期）', menu: MENU, action: 'R', query: Query,
    handler: (ctx, q) => listIssues(ctx.root, ctx.caller.product, q as IssueQuery),
  }),
  route({
    method: 'GET', url: '/api/issue/show', summary: '开奖详情：各玩法投注汇总、验证数据（种子、哈希、HMAC）；result= 预览人工开奖派彩，cancel=1 预览取消',
    menu: MENU, action: 'R',
    query: Type.Object({ ...IdQuery.properties, result: Type.Optional(Text('开奖结果', 20)), cancel: Type.Optional(Type.Integer({ title: '取消预览', minimum: 0, maximum: 1 })) }),
    handler: async (ctx, q) => {
      let preview
      if (q.result !== undefined && q.result !== '') {
        preview = parseResult(q.result)
        if (!preview) throw badRequest(RESULT_HINT, 'result')
      }
      return showIssue(ctx.db, ctx.caller.product, q.id, { preview: preview ?? undefined, cancel: q.cancel === 1 })
    },
  }),
  route({
    method: 'POST', url: '/api/issue/edit', summary: '人工开奖（结算前，记录前后结果）或取消本期（status: 4，退还投注、冲正派彩）', menu: MENU, action: 'U',
    body: Type.Object({
      id: Id,
      result: Type.Optional(Text('开奖结果', 20)),
      status: Type.Optional(Type.Integer({ title: '状态', minimum: 4, maximum: 4 })),
      remark: Text('原因', 200, 1),
    }),
    handler: async (ctx, b) => {
      const remark = b.remark.trim()
      if (!remark) throw badRequest('原因不能为空', 'remark')
      const before = await issueById(ctx.db, ctx.caller.product, b.id)
      ctx.audit.before = before
      if (b.status === 4) {
        const c = await cancelIssue(ctx.db, ctx.caller.product, b.id, remark, ctx.caller.username)
        const after = await issueById(ctx.db, ctx.caller.product, b.id)
        ctx.audit.after = { ...after, refunded: centsText(c.refunded), reversed: centsText(c.reversed), bets: c.bets }
        return { ...after, refunded: centsText(c.refunded), reversed: centsText(c.reversed), cancelled_bets: c.bets }
      }
      if (b.result === undefined || b.result === '') throw badRequest('开奖结果不能为空', 'result')
      const digits = parseResult(b.result)
      if (!digits) throw badRequest(RESULT_HINT, 'result')
      await setManualResult(ctx.db, ctx.caller.product, b.id, digits, remark, ctx.caller.username)
      const after = await issueById(ctx.db, ctx.caller.product, b.id)
      ctx.audit.after = after
      return after
    },
  }),
]
