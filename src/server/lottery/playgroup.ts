// /api/playgroup routes (玩法分组): the groups that order play ways and that rooms offer; a group holding play ways
// is not deleted (409).
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { route } from '../http/route'
import { listRoute } from '../db/list'
import { conflict } from '../errors'
import { playgroup } from '../../contract/api/lottery'
import type { Playgroup } from '../../contract/lottery'
import { byIdsOr404 } from './fields'
import { notifyRooms } from './runtime'

const COLS = `g.id, g.name, g.sort, g.status::int as status, g.remark,
  (select count(*)::int from lottery_playways w where w.group_id = g.id) as playway_count`

const byIds = byIdsOr404((db, product, ids) =>
  many<Playgroup>(db, `select ${COLS} from lottery_playgroups g where g.id = any($1::int[]) and g.product = $2 order by g.sort, g.id`, [ids, product]),
'玩法分组不存在')

async function nameFree(db: Queryable, product: string, name: string, exceptId = 0): Promise<void> {
  if (await one(db, 'select 1 from lottery_playgroups where product = $1 and name = $2 and id <> $3', [product, name, exceptId])) {
    throw conflict(`分组名称「${name}」已存在`)
  }
}

export default [
  listRoute(playgroup.index, {
    from: 'lottery_playgroups g', select: COLS, id: 'g.id', table: 'lottery_playgroups', product: 'g.product',
    order: { col: 'g.sort', dir: 'asc', type: 'int' }, filters: { status: 'g.status' },
  }),
  route(playgroup.create, async (ctx, b) => {
    await nameFree(ctx.db, ctx.caller.product, b.name.trim())
    const r = await one<{ id: number }>(ctx.db,
      'insert into lottery_playgroups (product, name, sort, status, remark) values ($1, $2, $3, $4, $5) returning id',
      [ctx.caller.product, b.name.trim(), b.sort ?? 0, b.status, (b.remark ?? '').trim()])
    const [row] = await byIds(ctx.db, ctx.caller.product, [r!.id])
    ctx.audit.target_ids = [String(r!.id)]
    ctx.audit.after = row
    return row
  }),
  route(playgroup.edit, async (ctx, b) => {
    const [before] = await byIds(ctx.db, ctx.caller.product, [b.id])
    await nameFree(ctx.db, ctx.caller.product, b.name.trim(), b.id)
    await ctx.db.query('update lottery_playgroups set name = $2, sort = $3, status = $4, remark = $5 where id = $1',
      [b.id, b.name.trim(), b.sort ?? before.sort, b.status, (b.remark ?? '').trim()])
    const [after] = await byIds(ctx.db, ctx.caller.product, [b.id])
    if (before.status !== after.status) await notifyRooms(ctx.db)
    ctx.audit.before = before
    ctx.audit.after = after
    return after
  }),
  route(playgroup.delete, async (ctx, b) => {
    const ids = [...new Set(b.ids)]
    const rows = await byIds(ctx.db, ctx.caller.product, ids)
    const held = rows.filter((g) => g.playway_count > 0)
    if (held.length) throw conflict(`${held.map((g) => `「${g.name}」还有 ${g.playway_count} 个玩法`).join('，')}，不能删除，请先移走玩法或停用分组`)
    // Rooms that offered an empty group simply stop listing it.
    await ctx.db.query(`update lottery_rooms set group_ids = array(select x from unnest(group_ids) x where x <> all($1::int[])), updated_at = now()
      where product = $2 and group_ids && $1::int[]`, [ids, ctx.caller.product])
    await ctx.db.query('delete from lottery_playgroups where id = any($1::int[])', [ids])
    ctx.audit.before = rows
    return { ids }
  }),
]
