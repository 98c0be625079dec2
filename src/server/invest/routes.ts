// /api/invest routes (余额宝列表 and 试玩余额宝列表 at /demo): plan records keyset-paged, with balance_stat {principal,
// interest_paid} of the listed plans: real members' in /index (virtual accounts are listed, labelled, and left out of
// the sums; is_virtual=0/1 shows one kind only), trial members' play money in /demo.
import { Type } from '@sinclair/typebox'
import type { Db } from '../db/db'
import { one } from '../db/db'
import { route } from '../http/route'
import { DateTime, Text } from '../http/schemas'
import { TIME } from '../http/format'
import { countWithin, KeysetQuery, keyset, keysetPaged, pageRows, Where } from '../db/paging'
import { badRequest } from '../errors'
import { MONEY } from '../../contract/ledger'
import { INVEST_STATE } from '../../contract/enums'
import { INVEST_API, INVEST_PATHS, INVEST_PLAN, type InvestIndex, type InvestPlan, type InvestQuery } from '../../contract/invest'

const COLS = `i.id, i.member_id, m.username, m.kind::int as member_kind, i.plan::int as plan, cents_text(i.principal) as principal,
  i.rate::text as rate, cents_text(i.interest) as interest, i.state::int as state, ${TIME('i.start_at')} as start_at,
  ${TIME('i.mature_at')} as mature_at, ${TIME('i.ended_at')} as ended_at`
const FROM = 'invest_plans i join members m on m.id = i.member_id'
// The sums leave virtual accounts out: real members' money in /index, trial members' play money in /demo.
const STATS = `cents_text(coalesce(sum(i.principal) filter (where i.money <> 1), 0)) as principal,
  cents_text(coalesce(sum(i.interest) filter (where i.money <> 1 and i.state = 2), 0)) as interest_paid`

async function listPlans(db: Db, product: string, demo: boolean, q: InvestQuery): Promise<InvestIndex> {
  const p = keyset(q)
  const w = new Where().add('i.product = ?', product)
  if (demo) w.add('i.money = ?', MONEY.trial)
  else if (q.is_virtual !== undefined) w.add('i.money = ?', q.is_virtual ? MONEY.virtual : MONEY.real)
  else w.add('i.money = any(?::smallint[])', [MONEY.real, MONEY.virtual])
  const u = q.username?.trim()
  if (u) {
    const m = await one<{ id: number }>(db, `select id from members where product = $1 and lower(username) = lower($2) and (kind = 2) = $3`, [product, u, demo])
    w.add('i.member_id = ?', m?.id ?? 0)
  }
  if (q.plan !== undefined && q.plan !== 7 && q.plan !== 15) throw badRequest('期限只能是 7 或 15', 'plan')
  w.eq('i.member_id', q.member_id).eq('i.plan', q.plan).eq('i.state', q.state)
  w.timeRange('i.start_at', q)
  const [page, totals] = await Promise.all([
    pageRows<InvestPlan>(db, p, { select: COLS, from: FROM, where: w, idCol: 'i.id' }),
    countWithin<NonNullable<InvestIndex['balance_stat']>>(db, { from: 'invest_plans i', where: w, stats: STATS }),
  ])
  return { ...keysetPaged(page.rows, p, totals, page), balance_stat: totals.stats, types: { plan: INVEST_PLAN, state: INVEST_STATE } }
}

const Filters = {
  ...KeysetQuery,
  username: Type.Optional(Text('用户名', 16)),
  member_id: Type.Optional(Type.Integer({ title: '会员ID', minimum: 1, maximum: 2147483647 })),
  plan: Type.Optional(Type.Integer({ title: '期限', minimum: 7, maximum: 15 })),
  state: Type.Optional(Type.Integer({ title: '状态', minimum: 1, maximum: 3 })),
  start_time: Type.Optional(DateTime('开始时间')),
  end_time: Type.Optional(DateTime('结束时间')),
}

export default [
  route({
    method: 'GET', url: `${INVEST_API.invest}/index`, summary: '余额宝列表（真实会员与虚拟账号，is_virtual 只看其一；游标翻页，含本金与已付利息合计）',
    menu: INVEST_PATHS.index, action: 'R', query: Type.Object({ ...Filters, is_virtual: Type.Optional(Type.Integer({ title: '虚拟账号', minimum: 0, maximum: 1 })) }),
    handler: (ctx, q) => listPlans(ctx.root, ctx.caller.product, false, q as InvestQuery),
  }),
  route({
    method: 'GET', url: `${INVEST_API.invest}/demo`, summary: '试玩余额宝列表（试玩会员）', menu: INVEST_PATHS.demo, action: 'R', query: Type.Object(Filters),
    handler: (ctx, q) => listPlans(ctx.root, ctx.caller.product, true, q as InvestQuery),
  }),
]
