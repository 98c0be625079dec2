// /api/balance routes (账变记录, and 试玩账变记录 at /api/balance/demo): members' balance changes over millions of
// rows, keyset-paged, with balance_stat {income, expense, net} exact within the time budget (else flagged) and types.
import { Type } from '@sinclair/typebox'
import type { Db } from '../db/db'
import { route } from '../http/route'
import { DateTime, Text } from '../http/schemas'
import { TIME } from '../http/format'
import { countWithin, KeysetQuery, keyset, keysetPaged, pageRows, Where } from '../db/paging'
import { badRequest } from '../errors'
import { MONEY, TRANSFER_TYPE } from '../../contract/ledger'
import { FINANCE_PATHS, type BalanceChange, type BalanceIndex, type BalanceQuery } from '../../contract/finance'
import { memberIdOf } from './common'

const COLS = `b.id, b.member_id, m.username, b.type::int as type, cents_text(b.amount) as amount, cents_text(b.before) as before,
  cents_text(b.after) as after, b.ref, b.remark, ${TIME('b.created_at')} as created_at`
const FROM = 'balance_changes b join members m on m.id = b.member_id'
/** The types a member's available balance sees: the specification's 1–12 and the house's virtual and trial grants. */
const TYPES = Object.fromEntries(Object.entries(TRANSFER_TYPE).filter(([k]) => Number(k) <= 12 || k === '103' || k === '104'))
const STATS = `cents_text(coalesce(sum(b.amount) filter (where b.amount > 0), 0)) as income,
  cents_text(coalesce(-sum(b.amount) filter (where b.amount < 0), 0)) as expense, cents_text(coalesce(sum(b.amount), 0)) as net`

/** `type` as one type or several (`2,12`), each one of the balance change types. */
function typesOf(raw: BalanceQuery['type']): number[] {
  if (raw === undefined || raw === '') return []
  const list = (Array.isArray(raw) ? raw : String(raw).split(',')).map((t) => Number(String(t).trim()))
  if (list.some((t) => !(t in TYPES))) throw badRequest('账变类型不正确', 'type')
  return [...new Set(list)]
}

async function listChanges(db: Db, product: string, money: number, q: BalanceQuery): Promise<BalanceIndex> {
  const p = keyset(q)
  const w = new Where().add('b.product = ?', product).add('b.money = ?', money)
  w.eq('b.member_id', await memberIdOf(db, product, q.username, money)).eq('b.member_id', q.member_id)
  const types = typesOf(q.type)
  if (types.length === 1) w.add('b.type = ?', types[0])
  else if (types.length) w.add('b.type = any(?::smallint[])', types)
  w.eq('b.ref', q.ref?.trim())
  w.timeRange('b.created_at', q)
  const [page, totals] = await Promise.all([
    pageRows<BalanceChange>(db, p, { select: COLS, from: FROM, where: w, idCol: 'b.id', timeTable: 'balance_changes' }),
    countWithin<NonNullable<BalanceIndex['balance_stat']>>(db, { from: 'balance_changes b', where: w, stats: STATS }),
  ])
  return { ...keysetPaged(page.rows, p, totals, page), balance_stat: totals.stats, types: TYPES }
}

const Query = Type.Object({
  ...KeysetQuery,
  username: Type.Optional(Text('用户名', 16)),
  member_id: Type.Optional(Type.Integer({ title: '会员ID', minimum: 1, maximum: 2147483647 })),
  type: Type.Optional(Text('账变类型', 40)),
  ref: Type.Optional(Text('关联单号', 64)),
  start_time: Type.Optional(DateTime('开始时间')),
  end_time: Type.Optional(DateTime('结束时间')),
})

export default [
  route({
    method: 'GET', url: '/api/balance/index', summary: '账变记录（真实会员，游标翻页，含收支合计与类型）', menu: FINANCE_PATHS.balance, action: 'R', query: Query,
    handler: (ctx, q) => listChanges(ctx.root, ctx.caller.product, MONEY.real, q as BalanceQuery),
  }),
  route({
    method: 'GET', url: '/api/balance/demo', summary: '试玩账变记录（试玩会员）', menu: FINANCE_PATHS.balanceDemo, action: 'R', query: Query,
    handler: (ctx, q) => listChanges(ctx.root, ctx.caller.product, MONEY.trial, q as BalanceQuery),
  }),
]
