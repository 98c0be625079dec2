// /api/invest routes (余额宝列表 and 试玩余额宝列表 at /demo): plan records keyset-paged, with balance_stat {principal,
// interest_paid} of the listed plans: real members' in /index (virtual accounts are listed, labelled, and left out of
// the sums; is_virtual=0/1 shows one kind only), trial members' play money in /demo.
import { route } from '../http/route'
import { defineList, walkableRoute } from '../db/list'
import { one } from '../db/db'
import { TIME } from '../http/format'
import { badRequest } from '../errors'
import { MONEY } from '../../contract/ledger'
import { INVEST_PLAN, INVEST_STATE } from '../../contract/enums'
import { invest } from '../../contract/api/invest'
import type { InvestIndex } from '../../contract/invest'
import type { InputOf } from '../../contract/endpoint'

const COLS = `i.id, i.member_id, m.username, m.kind::int as member_kind, i.plan::int as plan, cents_text(i.principal) as principal,
  i.rate::text as rate, cents_text(i.interest) as interest, i.state::int as state, ${TIME('i.start_at')} as start_at,
  ${TIME('i.mature_at')} as mature_at, ${TIME('i.ended_at')} as ended_at`
// The sums leave virtual accounts out: real members' money in /index, trial members' play money in /demo.
const STATS = `cents_text(coalesce(sum(i.principal) filter (where i.money <> 1), 0)) as principal,
  cents_text(coalesce(sum(i.interest) filter (where i.money <> 1 and i.state = 2), 0)) as interest_paid`

type Range = { start_time?: string; end_time?: string }
type PlanQuery = InputOf<typeof invest.index> & { started?: Range }

/** The plans of real members and virtual accounts, or (demo) of trial members. */
function plans(demo: boolean) {
  const list = defineList<PlanQuery>({
    from: 'invest_plans i join members m on m.id = i.member_id', countFrom: 'invest_plans i', select: COLS,
    id: 'i.id', table: 'invest_plans', product: 'i.product',
    base: demo ? 'i.money = ?' : 'i.money = any(?::smallint[])', params: [demo ? MONEY.trial : [MONEY.real, MONEY.virtual]],
    filters: {
      // A member of the list's side: a trial member in /demo, a real member or virtual account in /index.
      username: async (w, v, f) => {
        const u = v.trim()
        if (!u) return
        const m = await one<{ id: number }>(f.db, 'select id from members where product = $1 and lower(username) = lower($2) and (kind = 2) = $3', [f.product, u, demo])
        w.add('i.member_id = ?', m?.id ?? 0)
      },
      member_id: 'i.member_id',
      plan: (w, v) => {
        if (v !== 7 && v !== 15) throw badRequest('期限只能是 7 或 15', 'plan')
        w.add('i.plan = ?', v)
      },
      state: 'i.state',
      is_virtual: (w, v) => { w.add('i.money = ?', v ? MONEY.virtual : MONEY.real) },
      started: (w, r) => { w.timeRange('i.start_at', r) },
    },
    sums: STATS, statsKey: 'balance_stat', extra: () => ({ types: { plan: INVEST_PLAN, state: INVEST_STATE } }),
  })
  // The time range bounds start_at as a filter, not as the list's `time`: invest_plans has no (start_at, id) index to
  // page by, so its pages keep the id order.
  return Object.assign((ctx: Parameters<typeof list>[0], q: PlanQuery) => list(ctx, { ...q, started: q }) as unknown as Promise<InvestIndex>,
    { rows: (ctx: Parameters<typeof list>[0], q: PlanQuery, batch?: number) => list.rows(ctx, { ...q, started: q }, batch) })
}

const real = plans(false)
const demo = plans(true)
export default [walkableRoute(invest.index, real, real.rows), walkableRoute(invest.demo, demo, demo.rows)]
