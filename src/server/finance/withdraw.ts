// /api/withdraw routes (提现记录, the review desk): the declared list with money_stat, the review stages, claims and the
// desk's settings (sort=waiting: the queue under review, oldest first), the decision on a withdrawal under review
// (approve, as first or second admin when two are needed; reject with a reason, a reason code, freezing the member's
// withdrawals), and the claims and review context (withdraw-claim.ts, withdraw-review.ts).
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
import claims, { deskSettings } from './withdraw-claim'
import review from './withdraw-review'
import { moneyStat, rollupTotals, statusSums, WHAT } from './totals'

const rollupWithdrawals = rollupTotals(WHAT.withdraw)
const STAGE = { second: `w.status = 3 and w.first_review_admin <> ''`, pending: `w.status = 3 and w.first_review_admin = ''` }

export default [
  listRoute(withdraw.index, {
    from: WITHDRAW_FROM, countFrom: 'withdrawals w', select: WITHDRAW_COLS, id: 'w.id', table: 'withdrawals', product: 'w.product', time: 'w.created_at',
    filters: { ...RECORD_FILTERS('w'), review_stage: (w, v) => { w.add(STAGE[v]) }, sort: (w) => { w.add('w.status = 3') } },
    // The desk's queue: the rows under review oldest first, along the withdrawals_waiting index.
    order: (q) => (q.sort === 'waiting' ? { col: 'w.created_at', dir: 'asc', type: 'timestamptz' } : undefined),
    // The queue alone is the status-3 rollup.
    totals: (db, w, q, f) => rollupWithdrawals(db, w, q.sort === 'waiting' && q.status === undefined ? { status: 3 } : q, f),
    statsKey: 'money_stat',
    sums: `cents_text(coalesce(sum(w.amount), 0)) as total, cents_text(coalesce(sum(w.amount) filter (where w.status = 1), 0)) as success,
      cents_text(coalesce(sum(w.amount) filter (where w.status = 3), 0)) as pending,
      cents_text(coalesce(sum(w.amount) filter (where w.status = 2), 0)) as failed, cents_text(coalesce(sum(w.fee), 0)) as fee`,
    rows: async (rows, _q, f) => marked(rows, await threshold(f.db, f.product)),
    extra: async (_q, f) => {
      const [t, sums, second, desk] = await Promise.all([threshold(f.db, f.product), statusSums(f.db, f.product, WHAT.withdraw),
        one<{ n: number }>(f.db, `select count(*)::int as n from withdrawals where product = $1 and status = 3 and first_review_admin <> ''`, [f.product]),
        deskSettings(f.db, f.product)])
      return {
        types: { status: WITHDRAW_STATUS, pay_method: PAY_METHOD, review_stage: REVIEW_STAGE },
        double_review_amount: centsText(t), pending_count: moneyStat(sums, 3).n, second_review_count: second!.n, ...desk,
      }
    },
  }),
  route(withdraw.edit, async (ctx, b) => {
    const t = await threshold(ctx.db, ctx.caller.product)
    const before = await withdrawalById(ctx.db, ctx.caller.product, b.id, { threshold: t, lock: true })
    const outcome = await decideWithdraw(ctx.db, ctx.caller.product, b.id, {
      status: b.status as 1 | 2, remark: b.remark, admin: ctx.caller.username, threshold: t,
      reason_code: b.reason_code, freeze: b.freeze, force: b.force, superAdmin: ctx.caller.isSuper,
    })
    const after = await withdrawalById(ctx.db, ctx.caller.product, b.id, { threshold: t })
    ctx.audit.before = before
    // The log shows a claim taken over (the previous holder is in before) and a member's withdrawals frozen.
    ctx.audit.after = {
      ...after, first_review: outcome.firstReview,
      ...(outcome.takenFrom ? { taken_over_from: outcome.takenFrom } : {}), ...(outcome.frozen ? { member_withdraw_blocked: true } : {}),
    }
    return { ...after, first_review: outcome.firstReview }
  }),
  ...claims,
  ...review,
]
