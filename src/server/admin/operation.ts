// /api/operation: the operation log (操作日志) of the caller's current product, newest first, and one row's detail.
import { Type } from '@sinclair/typebox'
import { route } from '../http/route'
import { DateTime, IdQuery, ListQuery, paged, paging, Text } from '../http/schemas'
import { parseTime, TIME } from '../http/format'
import { many, one } from '../db/db'
import { notFound } from '../errors'
import type { Operation, OperationDetail } from '../../contract/admin'

const MENU = '/layout/admin/log'

const COLUMNS = `l.id, l.admin_id, l.admin_name, l.product, l.action, l.path, l.target_ids, l.ip, l.user_agent,
  ${TIME('l.created_at')} as created_at`

// One statement for every filter combination (a null parameter switches its filter off); ordered by the
// (product, id desc) index so a page is an index range scan.
const FILTER = `l.product = $1
  and ($2::text is null or strpos(lower(l.admin_name), lower($2)) > 0)
  and ($3::text is null or l.action = $3)
  and ($4::text is null or strpos(l.path, $4) > 0)
  and ($5::timestamptz is null or l.created_at >= $5)
  and ($6::timestamptz is null or l.created_at <= $6)`

const Query = ListQuery({
  admin: Type.Optional(Text('管理员', 64)),
  action: Type.Optional(Type.String({ title: '操作类型', pattern: '^[CRUD]$', maxLength: 1 })),
  path: Type.Optional(Text('接口路径', 200)),
  start_time: Type.Optional(DateTime('开始时间')),
  end_time: Type.Optional(DateTime('结束时间')),
})

export default [
  route({
    method: 'GET', url: '/api/operation/index', summary: '操作日志列表（当前产品）', menu: MENU, action: 'R',
    query: Query,
    handler: async (ctx, q) => {
      const p = paging(q)
      const params = [ctx.caller.product, q.admin?.trim() || null, q.action || null, q.path?.trim() || null,
        parseTime(q.start_time, { field: 'start_time', title: '开始时间' }) ?? null,
        parseTime(q.end_time, { endOfDay: true, field: 'end_time', title: '结束时间' }) ?? null]
      const items = await many<Operation>(ctx.db,
        `select ${COLUMNS} from operation_logs l where ${FILTER} order by l.id desc limit $7 offset $8`, [...params, p.limit, p.offset])
      const total = (await one<{ n: number }>(ctx.db, `select count(*)::int as n from operation_logs l where ${FILTER}`, params))!.n
      return paged(items.map(numeric), total, p)
    },
  }),
  route({
    method: 'GET', url: '/api/operation/show', summary: '操作日志详情（含修改前后内容）', menu: MENU, action: 'R', audit: true,
    query: IdQuery,
    handler: async (ctx, q) => {
      const row = await one<OperationDetail>(ctx.db,
        `select ${COLUMNS}, l.before, l.after from operation_logs l where l.id = $1 and l.product = $2`, [q.id, ctx.caller.product])
      if (!row) throw notFound()
      return numeric(row)
    },
  }),
]

/** bigserial ids arrive as numbers or strings depending on the driver. */
function numeric<T extends { id: number }>(r: T): T {
  return { ...r, id: Number(r.id) }
}
