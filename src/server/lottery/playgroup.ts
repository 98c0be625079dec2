// /api/playgroup routes (玩法分组): the groups that order play ways and that rooms offer; a group holding play ways
// is not deleted (409).
import { Type } from '@sinclair/typebox'
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { route } from '../http/route'
import { IdsBody, ListQuery, paged, paging } from '../http/schemas'
import { conflict, notFound } from '../errors'
import { LOTTERY_PATHS, type Playgroup } from '../../contract/lottery'
import { Id, Remark, Sort, Status01, Text } from './fields'
import { notifyRooms } from './runtime'

const MENU = LOTTERY_PATHS.playgroup
const COLS = `g.id, g.name, g.sort, g.status::int as status, g.remark,
  (select count(*)::int from lottery_playways w where w.group_id = g.id) as playway_count`

const Fields = { name: Text('分组名称', 20, 1), sort: Type.Optional(Sort), status: Status01(), remark: Type.Optional(Remark) }

async function byIds(db: Queryable, product: string, ids: number[]): Promise<Playgroup[]> {
  return many<Playgroup>(db, `select ${COLS} from lottery_playgroups g where g.id = any($1::int[]) and g.product = $2 order by g.sort, g.id`, [ids, product])
}

async function nameFree(db: Queryable, product: string, name: string, exceptId = 0): Promise<void> {
  if (await one(db, 'select 1 from lottery_playgroups where product = $1 and name = $2 and id <> $3', [product, name, exceptId])) {
    throw conflict(`分组名称「${name}」已存在`)
  }
}

export default [
  route({
    method: 'GET', url: '/api/playgroup/index', summary: '玩法分组列表（含玩法数）', menu: MENU, action: 'R',
    query: ListQuery({ status: Type.Optional(Status01()) }),
    handler: async (ctx, q) => {
      const p = paging(q)
      const params = [ctx.caller.product, q.status ?? null]
      const where = 'g.product = $1 and ($2::int is null or g.status = $2)'
      const items = await many<Playgroup>(ctx.db, `select ${COLS} from lottery_playgroups g where ${where} order by g.sort, g.id limit $3 offset $4`,
        [...params, p.limit, p.offset])
      const total = (await one<{ n: number }>(ctx.db, `select count(*)::int as n from lottery_playgroups g where ${where}`, params))!.n
      return paged(items, total, p)
    },
  }),
  route({
    method: 'POST', url: '/api/playgroup/create', summary: '新增玩法分组', menu: MENU, action: 'C', body: Type.Object(Fields),
    handler: async (ctx, b) => {
      await nameFree(ctx.db, ctx.caller.product, b.name.trim())
      const r = await one<{ id: number }>(ctx.db,
        'insert into lottery_playgroups (product, name, sort, status, remark) values ($1, $2, $3, $4, $5) returning id',
        [ctx.caller.product, b.name.trim(), b.sort ?? 0, b.status, (b.remark ?? '').trim()])
      const [row] = await byIds(ctx.db, ctx.caller.product, [r!.id])
      ctx.audit.target_ids = [String(r!.id)]
      ctx.audit.after = row
      return row
    },
  }),
  route({
    method: 'POST', url: '/api/playgroup/edit', summary: '编辑玩法分组（停用后各房间不再开放其中的玩法）', menu: MENU, action: 'U',
    body: Type.Object({ id: Id, ...Fields }),
    handler: async (ctx, b) => {
      const [before] = await byIds(ctx.db, ctx.caller.product, [b.id])
      if (!before) throw notFound('玩法分组不存在')
      await nameFree(ctx.db, ctx.caller.product, b.name.trim(), b.id)
      await ctx.db.query('update lottery_playgroups set name = $2, sort = $3, status = $4, remark = $5 where id = $1',
        [b.id, b.name.trim(), b.sort ?? before.sort, b.status, (b.remark ?? '').trim()])
      const [after] = await byIds(ctx.db, ctx.caller.product, [b.id])
      if (before.status !== after.status) await notifyRooms(ctx.db)
      ctx.audit.before = before
      ctx.audit.after = after
      return after
    },
  }),
  route({
    method: 'POST', url: '/api/playgroup/delete', summary: '删除玩法分组（分组内还有玩法的不能删除）', menu: MENU, action: 'D', body: IdsBody,
    handler: async (ctx, b) => {
      const ids = [...new Set(b.ids)]
      const rows = await byIds(ctx.db, ctx.caller.product, ids)
      if (rows.length !== ids.length) throw notFound('玩法分组不存在')
      const held = rows.filter((g) => g.playway_count > 0)
      if (held.length) throw conflict(`${held.map((g) => `「${g.name}」还有 ${g.playway_count} 个玩法`).join('，')}，不能删除，请先移走玩法或停用分组`)
      // Rooms that offered an empty group simply stop listing it.
      await ctx.db.query(`update lottery_rooms set group_ids = array(select x from unnest(group_ids) x where x <> all($1::int[])), updated_at = now()
        where product = $2 and group_ids && $1::int[]`, [ids, ctx.caller.product])
      await ctx.db.query('delete from lottery_playgroups where id = any($1::int[])', [ids])
      ctx.audit.before = rows
      return { ids }
    },
  }),
]
