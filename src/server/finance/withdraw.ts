// /api/withdraw routes (提现记录): the declared list with money_stat and the review stages, and the decision on a
// withdrawal under review (approve, as first or second admin when two are needed; reject with a reason).
import { route } from '../http/route'
import { listRoute } from '../db/list'
import { one } from '../db/db'
import { withdraw } from '../../contract/api/finance'
import { PAY_METHOD, WITHDRAW_STATUS } from '../../contract/enums'
import { REVIEW_STAGE } from '../../contract/finance'
import { centsText } from '../../contract/money'
import { marked, threshold, withdrawalById, WITHDRAW_COLS, WITHDRAW_FROM } from './withdraw-store'
import { decideWithdraw } from './withdraw-rules'
import { RECORD_FILTERS } from './common'
import { moneyStat, rollupTotals, statusSums, WHAT } from './totals'

const STAGE = { second: `w.status = 3 and w.first_review_admin <> ''`, pending: `w.status = 3 and w.first_review_admin = ''` }

export default [
  listRoute(withdraw.index, {
    from: WITHDRAW_FROM, countFrom: 'withdrawals w', select: WITHDRAW_COLS, id: 'w.id', table: 'withdrawals', product: 'w.product', time: 'w.created_at',
    filters: { ...RECORD_FILTERS('w'), review_stage: (w, v) => { w.add(STAGE[v]) } },
    totals: rollupTotals(WHAT.withdraw), statsKey: 'money_stat',
    sums: `cents_text(coalesce(sum(w.amount), 0)) as total, cents_text(coalesce(sum(w.amount) filter (where w.status = 1), 0)) as success,
      cents_text(coalesce(sum(w.amount) filter (where w.status = 3), 0)) as pending,
      cents_text(coalesce(sum(w.amount) filter (where w.status = 2), 0)) as failed, cents_text(coalesce(sum(w.fee), 0)) as fee`,
    rows: async (rows, _q, f) => marked(rows, await threshold(f.db, f.product)),
    extra: async (_q, f) => {
      const [t, sums, second] = await Promise.all([threshold(f.db, f.product), statusSums(f.db, f.product, WHAT.withdraw),
        one<{ n: number }>(f.db, `select count(*)::int as n from withdrawals where product = $1 and status = 3 and first_review_admin <> ''`, [f.product])])
      return {
        types: { status: WITHDRAW_STATUS, pay_method: PAY_METHOD, review_stage: REVIEW_STAGE },
        double_review_amount: centsText(t), pending_count: moneyStat(sums, 3).n, second_review_count: second!.n,
      }
    },
  }),
  route(withdraw.edit, async (ctx, b) => {
    const t = await threshold(ctx.db, ctx.caller.product)
    const before = await withdrawalById(ctx.db, ctx.caller.product, b.id, { threshold: t, lock: true })
    const outcome = await decideWithdraw(ctx.db, ctx.caller.product, b.id, { status: b.status as 1 | 2, remark: b.remark, admin: ctx.caller.username, threshold: t })
    const after = await withdrawalById(ctx.db, ctx.caller.product, b.id, { threshold: t })
    ctx.audit.before = before
    ctx.audit.after = { ...after, first_review: outcome.firstReview }
    return { ...after, first_review: outcome.firstReview }
  }),
]
