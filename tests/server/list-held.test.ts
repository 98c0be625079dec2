// A filter on a column of few values with an index of its own (Where.held): a page of a common value that the newest
// rows lack is read through that index, not by walking the id order past every newer row of other values (what
// PostgreSQL's LIMIT costing picks when it takes the matching rows to be spread evenly), and pages stay exact.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { member, P } from './finance-fixtures'
import { transferBatch, type BatchLeg } from '../../src/server/ledger/ledger'
import { KIND, MONEY, TRANSFER, type AccountKind } from '../../src/contract/ledger'

let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

/** `n` movements of one type into the member's account, in batches, each its own transfer. */
async function moves(id: number, type: number, from: AccountKind, n: number, tag: string) {
  for (let b = 0; b < n; b += 2000) {
    const legs: BatchLeg[] = Array.from({ length: Math.min(2000, n - b) }, (_, i) => ({
      key: `held:${tag}:${b + i}`, from: { kind: from }, to: { kind: KIND.available, owner: id }, amount: 100, type,
    }))
    await transferBatch(t.db, P, MONEY.real, legs)
  }
}

describe('a filter held to one value', () => {
  it('reads a page of recharges through the type index when the newest rows are all payouts, and pages exactly', async () => {
    const id = await member(t, 'held_a')
    await moves(id, TRANSFER.recharge, KIND.cashIn, 6000, 'r')
    await moves(id, TRANSFER.payout, KIND.gaming, 6000, 'p')
    await t.db.query('analyze balance_changes')
    // The page query as the list sends it, seen on its way to the database.
    const sent: { sql: string; params: unknown[] }[] = []
    const query = t.db.query.bind(t.db)
    t.db.query = (async (sql: string, params?: unknown[], ...rest: unknown[]) => {
      if (/from balance_changes b join members m/.test(sql) && /limit/.test(sql)) sent.push({ sql, params: params ?? [] })
      return (query as any)(sql, params, ...rest)
    }) as typeof t.db.query
    const first = await t.get('/api/balance/index', token, { type: TRANSFER.recharge, per_page: 20 })
    t.db.query = query
    const newest = (await t.db.query<{ id: number }>(
      'select id from balance_changes where member_id = $1 and type = $2 order by id desc limit 45', [id, TRANSFER.recharge])).rows.map((r) => Number(r.id))
    expect(first.data.items.map((r: any) => [r.id, r.type])).toEqual(newest.slice(0, 20).map((n) => [n, TRANSFER.recharge]))
    const plan = JSON.stringify((await t.db.query(`explain (format json) ${sent[0].sql}`, sent[0].params)).rows)
    expect(plan).toContain('balance_changes_type')
    expect(plan).not.toContain('"Sort"')
    // Next and back again along the same index.
    const next = await t.get('/api/balance/index', token, { type: TRANSFER.recharge, per_page: 20, after: first.data.cursor_next })
    expect(next.data.items.map((r: any) => r.id)).toEqual(newest.slice(20, 40))
    const back = await t.get('/api/balance/index', token, { type: TRANSFER.recharge, per_page: 20, before: next.data.cursor_prev })
    expect(back.data.items.map((r: any) => r.id)).toEqual(newest.slice(0, 20))
    // Beside another filter the planner chooses (the member's own index here), with the same rows.
    const mine = await t.get('/api/balance/index', token, { type: TRANSFER.recharge, username: 'held_a', per_page: 20 })
    expect(mine.data.items.map((r: any) => r.id)).toEqual(newest.slice(0, 20))
  })
})
