// 限红: tiers of a member's stake per bet and per issue, assigned to members (POST /api/member/limit); the bet checks
// them in its transaction (store.ts).
import { many, one } from '../db/db'
import type { Queryable } from '../db/db'
import { listRoute } from '../db/list'
import { route } from '../http/route'
import { TIME } from '../http/format'
import { badRequest, conflict, notFound } from '../errors'
import { cents } from '../member/fields'
import { limit, memberLimit } from '../../contract/api/exposure'
import type { Limit } from '../../contract/exposure'
import { memberOf } from '../risk/tags'

const COLS = `l.id, l.name, cents_text(l.single_max) as single_max, cents_text(l.issue_max) as issue_max, l.remark, ${TIME('l.created_at')} as created_at,
  (select count(*)::int from members m where m.limit_id = l.id) as member_count`

async function limitById(db: Queryable, product: string, id: number, lock = false): Promise<Limit> {
  const r = await one<Limit>(db, `select ${COLS} from lottery_limits l where l.id = $1 and l.product = $2${lock ? ' for update of l' : ''}`, [id, product])
  if (!r) throw notFound('限红档位不存在')
  return r
}

type LimitBody = { name: string; single_max: string | number; issue_max: string | number; remark?: string }

/** Checked values: name, single_max, issue_max (cents), remark; a name taken in the product is 409. */
async function values(db: Queryable, product: string, b: LimitBody, exceptId = 0): Promise<unknown[]> {
  const single = cents(b.single_max, 'single_max', '单注上限')
  const issue = cents(b.issue_max, 'issue_max', '每期上限')
  if (issue < single) throw badRequest('每期上限不能低于单注上限', 'issue_max')
  const name = b.name.trim()
  if (!name) throw badRequest('请填写限红名称', 'name')
  if (await one(db, 'select 1 from lottery_limits where product = $1 and name = $2 and id <> $3', [product, name, exceptId])) throw conflict(`限红「${name}」已存在`)
  return [name, single, issue, (b.remark ?? '').trim()]
}

export default [
  listRoute(limit.index, {
    from: 'lottery_limits l', select: COLS, id: 'l.id', table: 'lottery_limits', product: 'l.product',
    filters: { name: (w, v) => { w.prefix('l.name', v) } },
  }),
  route(limit.create, async (ctx, b) => {
    const v = await values(ctx.db, ctx.caller.product, b)
    const r = await one<{ id: number }>(ctx.db, 'insert into lottery_limits (product, name, single_max, issue_max, remark) values ($1, $2, $3, $4, $5) returning id',
      [ctx.caller.product, ...v])
    const after = await limitById(ctx.db, ctx.caller.product, r!.id)
    Object.assign(ctx.audit, { target_ids: [String(after.id)], after })
    return after
  }),
  route(limit.edit, async (ctx, b) => {
    const before = await limitById(ctx.db, ctx.caller.product, b.id, true)
    const v = await values(ctx.db, ctx.caller.product, b, b.id)
    await ctx.db.query('update lottery_limits set name = $2, single_max = $3, issue_max = $4, remark = $5, updated_at = now() where id = $1', [b.id, ...v])
    const after = await limitById(ctx.db, ctx.caller.product, b.id)
    Object.assign(ctx.audit, { before, after })
    return after
  }),
  route(limit.delete, async (ctx, b) => {
    const rows = await many<Limit>(ctx.db, `select ${COLS} from lottery_limits l where l.id = any($1::int[]) and l.product = $2 for update of l`, [b.ids, ctx.caller.product])
    if (rows.length !== new Set(b.ids).size) throw notFound('限红档位不存在')
    const used = rows.filter((r) => r.member_count > 0)
    if (used.length) throw conflict(used.map((r) => `「${r.name}」有 ${r.member_count} 个会员使用`).join('、') + '，不能删除，请先改设会员的限红')
    await ctx.db.query('delete from lottery_limits where id = any($1::int[])', [b.ids])
    ctx.audit.before = rows
    return { ids: rows.map((r) => r.id) }
  }),
  route(memberLimit.set, async (ctx, b) => {
    const m = await memberOf(ctx.db, ctx.caller.product, b.member_id, true)
    const tier = b.limit_id === null ? null : await limitById(ctx.db, ctx.caller.product, b.limit_id)
    const before = await one<{ limit_id: number | null; limit_name: string }>(ctx.db,
      `select m.limit_id, coalesce(l.name, '') as limit_name from members m left join lottery_limits l on l.id = m.limit_id where m.id = $1`, [m.id])
    await ctx.db.query('update members set limit_id = $2 where id = $1', [m.id, tier?.id ?? null])
    const after = { member_id: m.id, limit_id: tier?.id ?? null, limit_name: tier?.name ?? '' }
    Object.assign(ctx.audit, { target_ids: [String(m.id)], before: { username: m.username, ...before }, after: { username: m.username, ...after } })
    return after
  }),
]
