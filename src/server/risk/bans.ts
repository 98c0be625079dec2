// 封禁列表: IPs and devices refused at member login and registration, with the reason and who banned them.
import { many, one } from '../db/db'
import type { Queryable } from '../db/db'
import { listRoute } from '../db/list'
import { route } from '../http/route'
import { TIME } from '../http/format'
import { badRequest, conflict, notFound } from '../errors'
import { ban } from '../../contract/api/risk'
import type { Ban } from '../../contract/risk'

const COLS = `b.id, b.by, b.value, b.remark, b.admin, ${TIME('b.created_at')} as created_at`

/** Which of the values given is banned in the product: 'ip' or 'device', or null. */
export async function bannedBy(db: Queryable, product: string, v: { ip?: string; device_id?: string }): Promise<'ip' | 'device' | null> {
  const r = await one<{ by: 'ip' | 'device' }>(db,
    `select by from member_bans where product = $1 and ((by = 'ip' and value = $2) or ($3 <> '' and by = 'device' and value = $3))
      order by by desc limit 1`, [product, v.ip ?? '', v.device_id ?? ''])
  return r?.by ?? null
}

/** Bans an IP or a device (a reason is required; one already banned: 409). */
export async function addBan(db: Queryable, product: string, b: { by: Ban['by']; value: string; remark: string; admin: string }): Promise<Ban> {
  const value = b.value.trim()
  if (!value) throw badRequest('请填写要封禁的 IP 或设备', 'value')
  if (!b.remark.trim()) throw badRequest('请填写封禁原因', 'remark')
  const row = await one<Ban>(db,
    `insert into member_bans (product, by, value, remark, admin) values ($1, $2, $3, $4, $5)
     on conflict (product, by, value) do nothing returning ${COLS.replace(/b\./g, '')}`,
    [product, b.by, value, b.remark.trim(), b.admin])
  if (!row) throw conflict(`${b.by === 'ip' ? 'IP' : '设备'} ${value} 已在封禁列表中`)
  return row
}

export default [
  listRoute(ban.index, {
    from: 'member_bans b', select: COLS, id: 'b.id', table: 'member_bans', product: 'b.product',
    filters: { by: 'b.by', value: (w, v) => { w.prefix('b.value', v) } },
  }),
  route(ban.create, async (ctx, b) => {
    const row = await addBan(ctx.db, ctx.caller.product, { ...b, by: b.by as Ban['by'], admin: ctx.caller.username })
    ctx.audit.target_ids = [String(row.id)]
    ctx.audit.after = row
    return row
  }),
  route(ban.delete, async (ctx, b) => {
    const gone = await many<Ban>(ctx.db, `delete from member_bans b where b.id = any($1::int[]) and b.product = $2 returning ${COLS}`, [b.ids, ctx.caller.product])
    if (gone.length !== new Set(b.ids).size) throw notFound('封禁记录不存在')
    ctx.audit.before = gone
    return { ids: gone.map((r) => r.id) }
  }),
]
