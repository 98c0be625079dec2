// The admin area's record routes, declared once: a create logs the new record as its target and `after`, an edit its
// record before and after, a delete what it removed; and the lists of the caller's owner scope.
import type { Static, TSchema } from '@sinclair/typebox'
import { route, type Ctx } from '../http/route'
import { defineList, walkableRoute, type ListDef } from '../db/list'
import type { Endpoint } from '../../contract/endpoint'
import { scopeOf } from './sysrole-store'

/** A create: the record made is the log row's target and its `after`, and the answer. */
export function created<I extends TSchema, O extends { id: number }>(ep: Endpoint<I, O>, make: (ctx: Ctx, b: Static<I>) => Promise<O>) {
  return route(ep, async (ctx, b) => {
    const record = await make(ctx, b)
    ctx.audit.target_ids = [String(record.id)]
    ctx.audit.after = record
    return record
  })
}

/** An edit: the log row keeps the record before and after; the answer is `after` (or what `answer` makes of it). */
export function edited<I extends TSchema, O, A = O>(
  ep: Endpoint<I, O>, change: (ctx: Ctx, b: Static<I>) => Promise<{ before: unknown; after: A }>, answer = (after: A) => after as unknown as O,
) {
  return route(ep, async (ctx, b) => {
    const { before, after } = await change(ctx, b)
    ctx.audit.before = before
    ctx.audit.after = after
    return answer(after)
  })
}

/** A delete of `{ ids }`: the log row keeps what was removed; the answer names the ids. */
export function removed<I extends TSchema>(ep: Endpoint<I, { ids: number[] }>, remove: (ctx: Ctx, ids: number[]) => Promise<unknown>) {
  return route(ep, async (ctx, b) => {
    const { ids } = b as { ids: number[] }
    ctx.audit.before = await remove(ctx, ids)
    return { ids }
  })
}

/**
 * A list of the caller's owner scope: the platform's records, or those of the product he is pinned to (`col` is the
 * scope column; the list's `product` would be his current product, which a platform admin switches freely).
 */
export function scopedList<I extends TSchema, O>(ep: Endpoint<I, O>, col: string, def: ListDef<Static<I> & object>) {
  const scoped = (ctx: Ctx) => defineList({ ...def, base: `${col} is not distinct from ?`, params: [scopeOf(ctx.caller)] })
  return walkableRoute(ep, (ctx, q) => scoped(ctx)(ctx, q as Static<I> & object) as unknown as Promise<O>, (ctx, q, batch) => scoped(ctx).rows(ctx, q, batch))
}
