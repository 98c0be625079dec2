// /api/issue routes (开奖记录): the draw list, one draw's detail with its verification data (and previews of a manual
// result or a cancellation), and edit: a manual result before settlement, or cancellation (status 4).
import { route } from '../http/route'
import { walkableRoute } from '../db/list'
import { badRequest } from '../errors'
import { draws } from '../../contract/api/lottery'
import { parseResult } from '../../contract/lottery'
import { centsText } from '../../contract/money'
import { drawById, listDraws, showDraw, walkDraws } from './draw-store'
import { setManualResult } from './draw'
import { cancelIssue } from './cancel'

const RESULT_HINT = '开奖结果须为三个 0-9 的数字，如 3,5,8'

export default [
  walkableRoute(draws.index, listDraws, walkDraws),
  route(draws.show, async (ctx, q) => {
    let preview
    if (q.result !== undefined && q.result !== '') {
      preview = parseResult(q.result)
      if (!preview) throw badRequest(RESULT_HINT, 'result')
    }
    return showDraw(ctx.db, ctx.caller.product, q.id, { preview: preview ?? undefined, cancel: q.cancel === 1 })
  }),
  route(draws.edit, async (ctx, b) => {
    const remark = b.remark.trim()
    if (!remark) throw badRequest('原因不能为空', 'remark')
    const before = await drawById(ctx.db, ctx.caller.product, b.id)
    ctx.audit.before = before
    if (b.status === 4) {
      const c = await cancelIssue(ctx.db, ctx.caller.product, b.id, remark, ctx.caller.username)
      const after = await drawById(ctx.db, ctx.caller.product, b.id)
      ctx.audit.after = { ...after, refunded: centsText(c.refunded), reversed: centsText(c.reversed), bets: c.bets }
      return { ...after, refunded: centsText(c.refunded), reversed: centsText(c.reversed), cancelled_bets: c.bets }
    }
    if (b.result === undefined || b.result === '') throw badRequest('开奖结果不能为空', 'result')
    const digits = parseResult(b.result)
    if (!digits) throw badRequest(RESULT_HINT, 'result')
    await setManualResult(ctx.db, ctx.caller.product, b.id, digits, remark, ctx.caller.username)
    const after = await drawById(ctx.db, ctx.caller.product, b.id)
    ctx.audit.after = after
    return after
  }),
]
