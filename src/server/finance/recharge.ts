// /api/recharge routes (充值记录): the declared list with money_stat and types, and the decision on a 待支付 recharge.
import { route } from '../http/route'
import { by, listRoute } from '../db/list'
import { recharge } from '../../contract/api/finance'
import { PAY_METHOD, RECHARGE_SOURCE, RECHARGE_STATUS } from '../../contract/enums'
import { RECHARGE_COLS, RECHARGE_FROM, rechargeById } from './recharge-store'
import { decideRecharge } from './recharge-rules'
import { RECORD_FILTERS } from './common'
import { MONEY_SUMS, moneyStat, rollupTotals, statusSums, WHAT } from './totals'

export default [
  listRoute(recharge.index, {
    from: RECHARGE_FROM, countFrom: 'recharges r', select: RECHARGE_COLS, id: 'r.id', table: 'recharges', product: 'r.product', time: 'r.created_at',
    filters: { ...RECORD_FILTERS('r'), source: by.held('r.source'), merchant_id: 'r.merchant_id' },
    totals: rollupTotals(WHAT.recharge), sums: MONEY_SUMS, statsKey: 'money_stat',
    extra: async (_q, f) => ({
      types: { source: RECHARGE_SOURCE, pay_method: PAY_METHOD, status: RECHARGE_STATUS },
      pending_count: moneyStat(await statusSums(f.db, f.product, WHAT.recharge), 3).n,
    }),
  }),
  route(recharge.edit, async (ctx, b) => {
    const before = await rechargeById(ctx.db, ctx.caller.product, b.id)
    await decideRecharge(ctx.db, ctx.caller.product, b.id, { status: b.status as 1 | 2, remark: b.remark, admin: ctx.caller.username })
    const after = await rechargeById(ctx.db, ctx.caller.product, b.id)
    ctx.audit.before = before
    ctx.audit.after = after
    return after
  }),
]
