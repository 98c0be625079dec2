// /api/operation: the operation log (操作日志) of the caller's current product, newest first, and one row's detail.
import { Type } from '@sinclair/typebox'
import { route } from '../http/route'
import { DateTime, IdQuery, Text } from '../http/schemas'
import { countWithin, keyset, keysetPaged, KeysetQuery, pageRows, Where } from '../db/paging'
import { TIME } from '../http/format'
import { many, one } from '../db/db'
import { notFound } from '../errors'
import type { Operation, OperationDetail } from '../../contract/admin'

const MENU = '/layout/admin/log'

const COLUMNS = `l.id, l.admin_id, l.admin_name, l.product, l.action, l.path, l.target_ids, l.ip, l.user_agent,
  ${TIME('l.created_at')} as created_at`

const Query = Type.Object({
  ...KeysetQuery,
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
      // Newest first by the (product, id desc) index; later pages by cursor, so a deep page costs what the first does.
      const p = keyset(q)
      const w = new Where().add('l.product = ?', ctx.caller.product).eq('l.action', q.action || undefined)
      if (q.admin?.trim()) w.add('strpos(lower(l.admin_name), lower(?)) > 0', q.admin.trim())
      if (q.path?.trim()) w.add('strpos(l.path, ?) > 0', q.path.trim())
      w.timeRange('l.created_at', q)
      const [page, totals] = await Promise.all([
        pageRows<Operation>(ctx.db, p, { select: COLUMNS, from: 'operation_logs l', where: w, idCol: 'l.id' }),
        countWithin(ctx.root, { from: 'operation_logs l', where: w }),
      ])
      return keysetPaged(page.rows.map(numeric), p, totals, page)
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
