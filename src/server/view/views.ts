// Saved views and column settings: per admin and list, the list's menu held with R. Another admin's view is 404.
import { many, one } from '../db/db'
import { route, type Ctx } from '../http/route'
import { TIME } from '../http/format'
import { badRequest, conflict, notFound } from '../errors'
import { view } from '../../contract/api/view'
import type { ColumnSetting, SavedView } from '../../contract/view'
import { menuOf, mustHold } from './lists'

const COLS = `v.id, v.list, v.name, v.state, ${TIME('v.updated_at')} as updated_at`

const mayUse = (ctx: Ctx, list: string) => mustHold(ctx.db, ctx.caller, [menuOf(list)])

/** The caller's view `id`, locked for a change (another admin's, or gone: 404). */
async function own(ctx: Ctx, id: number): Promise<SavedView> {
  const v = await one<SavedView>(ctx.db, `select ${COLS} from saved_views v where v.id = $1 and v.admin_id = $2 for update`, [id, ctx.caller.adminId])
  if (!v) throw notFound('视图不存在')
  return v
}

const taken = (name: string) => conflict(`已有同名视图「${name}」`)

/** The name as saved: trimmed, and not blank. */
function nameOf(raw: string): string {
  const name = raw.trim()
  if (!name) throw badRequest('请填写视图名称', 'name')
  return name
}

export default [
  route(view.index, async (ctx, q) => {
    if (q.list) await mayUse(ctx, q.list)
    const items = await many<SavedView>(ctx.db,
      `select ${COLS} from saved_views v where v.admin_id = $1 and ($2::text is null or v.list = $2) order by v.list, v.name`, [ctx.caller.adminId, q.list ?? null])
    return { items }
  }),
  route(view.create, async (ctx, b) => {
    await mayUse(ctx, b.list)
    const name = nameOf(b.name)
    const row = await one<SavedView>(ctx.db,
      `insert into saved_views as v (admin_id, list, name, state) values ($1, $2, $3, $4)
       on conflict (admin_id, list, name) do nothing returning ${COLS}`, [ctx.caller.adminId, b.list, name, JSON.stringify(b.state)])
    if (!row) throw taken(name)
    ctx.audit.target_ids = [String(row.id)]
    ctx.audit.after = row
    return row
  }),
  route(view.edit, async (ctx, b) => {
    const before = await own(ctx, b.id)
    const name = b.name === undefined ? before.name : nameOf(b.name)
    const clash = await one(ctx.db, 'select 1 from saved_views where admin_id = $1 and list = $2 and name = $3 and id <> $4', [ctx.caller.adminId, before.list, name, b.id])
    if (clash) throw taken(name)
    const row = (await one<SavedView>(ctx.db,
      `update saved_views v set name = $2, state = $3, updated_at = now() where v.id = $1 returning ${COLS}`,
      [b.id, name, JSON.stringify(b.state ?? before.state)]))!
    ctx.audit.before = before
    ctx.audit.after = row
    return row
  }),
  route(view.delete, async (ctx, b) => {
    const before = await own(ctx, b.id)
    await ctx.db.query('delete from saved_views where id = $1', [b.id])
    ctx.audit.before = before
    return { id: b.id }
  }),
  route(view.columns, async (ctx, q) => {
    await mayUse(ctx, q.list)
    const r = await one<{ columns: ColumnSetting[] }>(ctx.db, 'select columns from column_settings where admin_id = $1 and list = $2', [ctx.caller.adminId, q.list])
    return { list: q.list, columns: r?.columns ?? [] }
  }),
  route(view.saveColumns, async (ctx, b) => {
    await mayUse(ctx, b.list)
    const keys = new Set<string>()
    const columns = b.columns.filter((c) => !keys.has(c.key) && keys.add(c.key))
    await ctx.db.query(
      `insert into column_settings (admin_id, list, columns) values ($1, $2, $3)
       on conflict (admin_id, list) do update set columns = excluded.columns, updated_at = now()`, [ctx.caller.adminId, b.list, JSON.stringify(columns)])
    ctx.audit.target_ids = [b.list]
    ctx.audit.after = { list: b.list, columns }
    return { list: b.list, columns }
  }),
]
