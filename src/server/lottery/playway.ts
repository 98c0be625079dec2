// /api/playway routes (玩法管理): the product's play ways, each one code of the catalogue (its winning rule) with a
// name, a group, default odds and a switch. A play way with bets keeps its code and is disabled rather than deleted.
import { Type } from '@sinclair/typebox'
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { route } from '../http/route'
import { IdsBody, ListQuery, paged, paging } from '../http/schemas'
import { badRequest, conflict, notFound } from '../errors'
import { LOTTERY_PATHS, PLAYWAY_CODE, PLAYWAY_CODES, type Playway } from '../../contract/lottery'
import { Id, logged, RateText, rateText, Remark, Sort, Status01, Text } from './fields'
import { notifyRooms } from './runtime'

const MENU = LOTTERY_PATHS.playway
const COLS = `w.id, w.code, w.name, w.group_id, coalesce(g.name, '') as group_name, w.rate::text as rate, w.status::int as status,
  w.sort, w.remark`
const FROM = 'lottery_playways w left join lottery_playgroups g on g.id = w.group_id'

const Fields = {
  code: Type.String({ title: '玩法代码', enum: [...PLAYWAY_CODES] }),
  name: Text('玩法名称', 20, 1),
  group_id: Type.Union([Id, Type.Null()], { title: '玩法分组' }),
  rate: RateText('默认赔率'),
  status: Status01(),
  sort: Type.Optional(Sort),
  remark: Type.Optional(Remark),
}
interface Body { code: string; name: string; group_id: number | null; rate: string | number; status: number; sort?: number; remark?: string }

async function byIds(db: Queryable, product: string, ids: number[]): Promise<Playway[]> {
  return many<Playway>(db, `select ${COLS} from ${FROM} where w.id = any($1::int[]) and w.product = $2 order by w.sort, w.id`, [ids, product])
}

async function values(db: Queryable, product: string, b: Body, exceptId = 0): Promise<unknown[]> {
  const rate = rateText(b.rate, 'rate', '默认赔率')
  if (b.group_id !== null && !(await one(db, 'select 1 from lottery_playgroups where id = $1 and product = $2', [b.group_id, product]))) {
    throw badRequest('玩法分组不存在', 'group_id')
  }
  const clash = await one<{ name: string }>(db, 'select name from lottery_playways where product = $1 and code = $2 and id <> $3', [product, b.code, exceptId])
  if (clash) throw conflict(`玩法「${PLAYWAY_CODE[b.code]}」已存在（${clash.name}）`)
  return [b.code, b.name.trim(), b.group_id, rate, b.status, b.sort ?? 0, (b.remark ?? '').trim()]
}

export default [
  route({
    method: 'GET', url: '/api/playway/index', summary: '玩法列表', menu: MENU, action: 'R',
    query: ListQuery({ group_id: Type.Optional(Id), status: Type.Optional(Status01()), name: Type.Optional(Text('玩法名称', 20)) }),
    handler: async (ctx, q) => {
      const p = paging(q)
      const params = [ctx.caller.product, q.group_id ?? null, q.status ?? null, q.name?.trim() || null]
      const where = `w.product = $1 and ($2::int is null or w.group_id = $2) and ($3::int is null or w.status = $3)
        and ($4::text is null or w.name like '%' || $4 || '%')`
      const items = await many<Playway>(ctx.db, `select ${COLS} from ${FROM} where ${where} order by g.sort nulls last, w.sort, w.id limit $5 offset $6`,
        [...params, p.limit, p.offset])
      const total = (await one<{ n: number }>(ctx.db, `select count(*)::int as n from ${FROM} where ${where}`, params))!.n
      return { ...paged(items, total, p), codes: PLAYWAY_CODE }
    },
  }),
  route({
    method: 'POST', url: '/api/playway/create', summary: '新增玩法（代码取自开奖规则目录）', menu: MENU, action: 'C', body: Type.Object(Fields),
    handler: async (ctx, b) => {
      const v = await values(ctx.db, ctx.caller.product, b)
      const r = await one<{ id: number }>(ctx.db,
        `insert into lottery_playways (product, code, name, group_id, rate, status, sort, remark)
         values ($1, $2, $3, $4, $5::numeric, $6, $7, $8) returning id`, [ctx.caller.product, ...v])
      await notifyRooms(ctx.db)
      const [row] = await byIds(ctx.db, ctx.caller.product, [r!.id])
      ctx.audit.target_ids = [String(r!.id)]
      ctx.audit.after = logged(row, 'playway')
      return row
    },
  }),
  route({
    method: 'POST', url: '/api/playway/edit', summary: '编辑玩法（有投注的玩法不能改代码）', menu: MENU, action: 'U', body: Type.Object({ id: Id, ...Fields }),
    handler: async (ctx, b) => {
      const [before] = await byIds(ctx.db, ctx.caller.product, [b.id])
      if (!before) throw notFound('玩法不存在')
      const v = await values(ctx.db, ctx.caller.product, b, b.id)
      if (b.code !== before.code && await one(ctx.db, 'select 1 from lottery_bets where playway_id = $1 limit 1', [b.id])) {
        throw conflict(`玩法「${before.name}」已有投注，不能修改玩法代码`)
      }
      await ctx.db.query(
        `update lottery_playways set code = $2, name = $3, group_id = $4, rate = $5::numeric, status = $6, sort = $7, remark = $8 where id = $1`,
        [b.id, ...v])
      await notifyRooms(ctx.db)
      const [after] = await byIds(ctx.db, ctx.caller.product, [b.id])
      ctx.audit.before = logged(before, 'playway')
      ctx.audit.after = logged(after, 'playway')
      return after
    },
  }),
  route({
    method: 'POST', url: '/api/playway/delete', summary: '删除玩法（有投注的玩法不能删除，请停用）', menu: MENU, action: 'D', body: IdsBody,
    handler: async (ctx, b) => {
      const ids = [...new Set(b.ids)]
      const rows = await byIds(ctx.db, ctx.caller.product, ids)
      if (rows.length !== ids.length) throw notFound('玩法不存在')
      const used = await many<{ playway_id: number }>(ctx.db,
        'select x as playway_id from unnest($1::int[]) x where exists (select 1 from lottery_bets b where b.playway_id = x)', [ids])
      if (used.length) {
        const names = rows.filter((r) => used.some((u) => u.playway_id === r.id)).map((r) => `「${r.name}」`)
        throw conflict(`${names.join('、')}已有投注，不能删除，请改为停用`)
      }
      await ctx.db.query('delete from lottery_room_rates where playway_id = any($1::int[])', [ids])
      await ctx.db.query('delete from lottery_playways where id = any($1::int[])', [ids])
      await notifyRooms(ctx.db)
      ctx.audit.before = logged(rows, 'playway')
      return { ids }
    },
  }),
]
