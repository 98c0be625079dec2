// /api/operation: the operation log (操作日志) of the caller's current product, newest first, and one row's detail
// with an edit's changed fields (diff).
import { route } from '../http/route'
import { listRoute } from '../db/list'
import { TIME } from '../http/format'
import { one } from '../db/db'
import { notFound } from '../errors'
import { operation } from '../../contract/api/admin'
import type { Operation, OperationDetail } from '../../contract/admin'
import { fieldDiff } from '../../contract/diff'

const COLUMNS = `l.id, l.admin_id, l.admin_name, l.product, l.action, l.path, l.target_ids, l.ip, l.user_agent,
  ${TIME('l.created_at')} as created_at`

/** bigserial ids arrive as numbers or strings depending on the driver. */
const numeric = <T extends { id: number }>(r: T): T => ({ ...r, id: Number(r.id) })

export default [
  // Newest first by the (product, id desc) index; later pages by cursor, so a deep page costs what the first does.
  listRoute(operation.index, {
    from: 'operation_logs l', select: COLUMNS, id: 'l.id', table: 'operation_logs', product: 'l.product', time: 'l.created_at',
    filters: {
      action: 'l.action',
      admin: (w, v) => { if (v.trim()) w.add('strpos(lower(l.admin_name), lower(?)) > 0', v.trim()) },
      path: (w, v) => { if (v.trim()) w.add('strpos(l.path, ?) > 0', v.trim()) },
    },
    rows: (rows: Operation[]) => rows.map(numeric),
  }),
  route(operation.show, async (ctx, q) => {
    const row = await one<Omit<OperationDetail, 'diff'>>(ctx.db,
      `select ${COLUMNS}, l.before, l.after from operation_logs l where l.id = $1 and l.product = $2`, [q.id, ctx.caller.product])
    if (!row) throw notFound()
    // An edit (both sides stored) answers its changed fields, computed from what the row keeps.
    const diff = row.before !== null && row.after !== null ? fieldDiff(row.before, row.after) : null
    return { ...numeric(row), diff }
  }),
]
