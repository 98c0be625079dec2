// /api/playway routes (玩法管理): the product's play ways, each one code of the catalogue (its winning rule) with a
// name, a group, default odds and a switch. A play way with bets keeps its code and is disabled rather than deleted.
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { route } from '../http/route'
import { listRoute } from '../db/list'
import { badRequest, conflict } from '../errors'
import { playway } from '../../contract/api/lottery'
import { PLAYWAY_CODE, type Playway } from '../../contract/lottery'
import { byIdsOr404, logged, rateText } from './fields'
import { notifyRooms } from './runtime'

const COLS = `w.id, w.code, w.name, w.group_id, coalesce(g.name, '') as group_name, w.rate::text as rate, w.status::int as status,
  w.sort, w.remark`
const FROM = 'lottery_playways w left join lottery_playgroups g on g.id = w.group_id'
/**
 * The list's order as one key: the group's sort (play ways without a group last), then the play way's own, ties by
 * id. The page reads it from `k.rank`; a cursor's key is read back from the same expression by id (`RANKED`).
 */
const RANK = 'array[(g.sort is null)::int, coalesce(g.sort, 0), w.sort]'
const RANKED = `(select w.id, ${RANK} as rank from ${FROM}) ranked`

interface Body { code: string; name: string; group_id: number | null; rate: string | number; status: number; sort?: number; remark?: string }

const byIds = byIdsOr404((db, product, ids) =>
  many<Playway>(db, `select ${COLS} from ${FROM} where w.id = any($1::int[]) and w.product = $2 order by w.sort, w.id`, [ids, product]),
'玩法不存在')

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
  listRoute(playway.index, {
    from: `${FROM} cross join lateral (select ${RANK} as rank) k`, countFrom: 'lottery_playways w', select: COLS, id: 'w.id',
    table: RANKED, product: 'w.product', order: { col: 'k.rank', dir: 'asc', type: 'int[]' },
    filters: {
      group_id: 'w.group_id', status: 'w.status',
      name: (w, v) => { if (v.trim()) w.add(`w.name like '%' || ? || '%'`, v.trim()) },
    },
    extra: () => ({ codes: PLAYWAY_CODE }),
  }),
  route(playway.create, async (ctx, b) => {
    const v = await values(ctx.db, ctx.caller.product, b)
    const r = await one<{ id: number }>(ctx.db,
      `insert into lottery_playways (product, code, name, group_id, rate, status, sort, remark)
       values ($1, $2, $3, $4, $5::numeric, $6, $7, $8) returning id`, [ctx.caller.product, ...v])
    await notifyRooms(ctx.db)
    const [row] = await byIds(ctx.db, ctx.caller.product, [r!.id])
    ctx.audit.target_ids = [String(r!.id)]
    ctx.audit.after = logged(row, 'playway')
    return row
  }),
  route(playway.edit, async (ctx, b) => {
    const [before] = await byIds(ctx.db, ctx.caller.product, [b.id])
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
  }),
  route(playway.delete, async (ctx, b) => {
    const ids = [...new Set(b.ids)]
    const rows = await byIds(ctx.db, ctx.caller.product, ids)
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
  }),
]
