// The steps every write of the member area's lists takes around its own rule: what it answers and what the operation
// log keeps (the row created; the row before and after an edit; the rows deleted), and the 404 of a row that is gone.
import type { Ctx } from '../http/route'
import { notFound } from '../errors'

/** A created row, answered as read back and logged with its id. */
export async function created<T>(ctx: Ctx, id: number, load: (id: number) => Promise<T>): Promise<T> {
  const row = await load(id)
  ctx.audit.target_ids = [String(id)]
  ctx.audit.after = row
  return row
}

/**
 * An edit: the row before (404 `missing` when absent), the change, the row after (read by `reload` when it shows less
 * than the row before, e.g. masked); both logged, the after answered.
 */
export async function edited<T>(ctx: Ctx, load: () => Promise<T | undefined>, missing: string, change: (before: T) => Promise<void>,
  reload = load): Promise<T> {
  const before = await load()
  if (!before) throw notFound(missing)
  await change(before)
  const after = (await reload())!
  ctx.audit.before = before
  ctx.audit.after = after
  return after
}

/**
 * A delete by ids (each once): every row must exist (404 `missing`), `remove` refuses (409) or deletes them; the rows
 * are logged and the ids answered.
 */
export async function removed<T>(ctx: Ctx, ids: number[], load: (ids: number[]) => Promise<T[]>, missing: string,
  remove: (rows: T[], ids: number[]) => Promise<void>): Promise<{ ids: number[] }> {
  const unique = [...new Set(ids)]
  const rows = await load(unique)
  if (rows.length !== unique.length) throw notFound(missing)
  await remove(rows, unique)
  ctx.audit.before = rows
  return { ids: unique }
}
