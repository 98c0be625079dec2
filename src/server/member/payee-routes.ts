// The routes bank cards and digital wallets share (create, show, edit, delete): the same steps around each kind's own
// binding and update, one default per member kept, a payee a withdrawal under review waits for never deleted.
import type { TSchema } from '@sinclair/typebox'
import type { Queryable } from '../db/db'
import { many } from '../db/db'
import { by } from '../db/list'
import { route } from '../http/route'
import { conflict, notFound } from '../errors'
import type { Endpoint } from '../../contract/endpoint'
import { makeDefault, unbindPayees } from './payee-store'
import { cardInUse } from './payee-use'
import { created, edited, removed } from './logged'

export interface Payee { id: number; member_id: number }
type PayeeTable = 'member_cards' | 'member_wallets'

export interface PayeeKind<T extends Payee, B> {
  table: PayeeTable
  what: 'card' | 'wallet'
  /** 银行卡, 数字钱包: the 404 says `${noun}不存在`. */
  noun: string
  /** Rows by id, masked unless `full` (show, and the row before an edit, kept whole in the log). */
  load: (db: Queryable, product: string, ids: number[], full?: boolean) => Promise<T[]>
  /** Binds a new one (checks, first one the default); answers its id. */
  bind: (db: Queryable, product: string, b: B) => Promise<number>
  /** The edit's checks and update, the owner locked first. */
  update: (db: Queryable, product: string, b: B & { id: number }, before: T) => Promise<void>
  /** How the 409 names rows in use: `卡号 6222 **** **** 1234`. */
  busy: { label: string; name: (row: T) => string }
}

interface Endpoints<T> {
  create: Endpoint<TSchema, T>; show: Endpoint<TSchema, T>; edit: Endpoint<TSchema, T>; delete: Endpoint<TSchema, { ids: number[] }>
}

/**
 * A payee table (alias `a`) joined to its owner `m`: its list's tables and columns (masked) with the filters both lists
 * take (the owner by id or username prefix, the status), and its rows by id, masked unless `full`.
 */
export function payeeTable<T>(table: PayeeTable, a: string, cols: (full: boolean) => string) {
  const from = `${table} ${a} join members m on m.id = ${a}.member_id`
  return {
    table,
    list: { from, select: cols(false), id: `${a}.id`, table, product: `${a}.product` },
    owner: { member_id: `${a}.member_id`, username: by.prefix('m.username'), status: `${a}.status` },
    load: (db: Queryable, product: string, ids: number[], full = false) =>
      many<T>(db, `select ${cols(full)} from ${from} where ${a}.id = any($1::int[]) and ${a}.product = $2 order by ${a}.id`, [ids, product]),
  }
}

export function payeeRoutes<T extends Payee, B extends { is_default?: boolean }>(ep: Endpoints<T>, k: PayeeKind<T, B>) {
  const missing = `${k.noun}不存在`
  return [
    route(ep.create, async (ctx, b) =>
      created(ctx, await k.bind(ctx.db, ctx.caller.product, b as B), async (id) => (await k.load(ctx.db, ctx.caller.product, [id]))[0])),
    route(ep.show, async (ctx, q) => {
      const [row] = await k.load(ctx.db, ctx.caller.product, [(q as { id: number }).id], true)
      if (!row) throw notFound(missing)
      return row
    }),
    route(ep.edit, (ctx, input) => {
      const b = input as B & { id: number }
      const load = async (full: boolean) => (await k.load(ctx.db, ctx.caller.product, [b.id], full))[0]
      return edited(ctx, () => load(true), missing, async (before) => {
        await k.update(ctx.db, ctx.caller.product, b, before)
        if (b.is_default) await makeDefault(ctx.db, k.table, before.member_id, b.id)
      }, () => load(false))
    }),
    route(ep.delete, (ctx, b) => removed(ctx, (b as { ids: number[] }).ids, (ids) => k.load(ctx.db, ctx.caller.product, ids), missing, async (rows, ids) => {
      const busy = await cardInUse(ctx.db, k.what, ids)
      if (busy.length) throw conflict(`${k.busy.label} ${rows.filter((r) => busy.includes(r.id)).map(k.busy.name).join('、')} 有审核中的提现，不能删除`)
      await unbindPayees(ctx.db, k.table, rows)
    })),
  ]
}
