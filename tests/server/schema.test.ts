// The schema's upkeep: numbered migrations stay as they landed, the SQL functions of src/server/db/functions are
// (re)applied exactly when their text changes, and a menu added by code reaches a database made before it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { checksum, migrate, MIGRATIONS } from '../../src/server/db/migrate'
import { FUNCTIONS } from '../../src/server/db/functions'
import { seed } from '../../src/server/seed/seed'
import { ALL_ROUTES } from '../../src/server/routes'
import { many, one } from '../../src/server/db/db'

/**
 * The text of every landed migration, frozen: databases already ran them, so an edit would make fresh databases differ
 * from old ones. A change belongs in a new numbered migration, or in src/server/db/functions for a function body.
 */
const LANDED: [string, string][] = [
 ['001-admin', '6fac62fd75eb05c2'],
 ['002-username-ci', 'b0731e361b7939e7'],
 ['003-audit-chain', 'cd96e715855900ab'],
 ['004-member', '535fc7c7ed2b19a7'],
 ['005-ledger', '9ffc14632031c305'],
 ['006-settings', '8e42a9798384b191'],
 ['007-finance', '5e06ce68b1fa821d'],
 ['008-jobs', '60cff7ac053459ea'],
 ['009-finance', '45a97f2086490ab7'],
 ['010-lottery', '2489ceb99a9ba133'],
 ['011-report', '88f2bf5208fcd7a6'],
 ['012-invest', 'f30830351b271a45'],
 ['013-ledger-turns', '822ae07d4783158b'],
 ['014-report-plans', '0eb1409583f5ac94'],
 ['015-report-queue', '46b7e4c4c8d2bb3e'],
 ['016-ledger-one-lock', '822ae07d4783158b'],
 ['020-risk', '73f22ace497f111a'],
 ['021-desk', '2fe8733c9f9106eb'],
 ['022-wiring', 'a63f57b9cfc58608'],
 ['023-events', '0bb6f726e50f6d3c'],
 ['024-member-risk-lists', 'ebdbefca38022161'],
 ['025-exposure', 'b962c04e8dd5e698'],
 ['026-login-log', '4cc6c59f4b0fd208'],
 ['027-views-exports', 'fc7b273864f02e0d'],
 ['028-ledger-lean', '7d589f2f6d4ff6a5'],
 ['029-settle-big-wins', '34a54adcbc85d7a4'],
 ['030-ledger-references', '4dd63c9f8c25f86f'],
 ['031-product-key', '24b8b67988fe5772'],
 ['032-ledger-accounts-hot', '550f728c23200848'],
 ['033-report-transfer-gone', 'e0a2cf0c3afb98f0'],
 ['034-ledger-accounts-band', '6a7ee1d6ce09d045'],
 ['035-chain-seq-first', '589f012f989557d3'],
 ['036-identifier-collation', 'f21f78a1ffdd9a1a'],
 ['037-members-hot', 'df43157b1168b32c'],
 ['038-ledger-domains', '55aa30b87ef03796'],
 ['039-bets-hot', '68010f39963dae4a'],
]

let t: TestApp
beforeAll(async () => { t = await makeApp() })
afterAll(async () => { await t.close() })

describe('numbered migrations', () => {
  it('are never edited once landed', () => {
    const now = MIGRATIONS.map(([name, sql]) => [name, checksum(sql).slice(0, 16)])
    expect(now.slice(0, LANDED.length)).toEqual(LANDED)
  })
})

describe('functions', () => {
  it('are each applied once and recorded with their text\'s checksum; migrating again applies nothing', async () => {
    const rows = await many<{ name: string; checksum: string }>(t.db, 'select name, checksum from schema_functions order by name')
    expect(rows).toEqual(FUNCTIONS.map(([name, sql]) => ({ name, checksum: checksum(sql) })).sort((a, b) => a.name.localeCompare(b.name)))
    expect(await migrate(t.db)).toEqual([])
  })

  it('are applied again when the database holds another text, and only those', async () => {
    // A database whose ledger_strand_turn is an older body (here: one that takes no lock at all).
    await t.db.query(`create or replace function ledger_strand_turn(p_product text) returns void language sql as 'select'`)
    await t.db.query(`update schema_functions set checksum = 'older' where name = 'ledger_strand_turn'`)
    expect(await migrate(t.db)).toEqual(['function ledger_strand_turn'])
    const def = await one<{ def: string }>(t.db, `select pg_get_functiondef('ledger_strand_turn(text)'::regprocedure) as def`)
    expect(def!.def).toContain('pg_advisory_xact_lock')
    expect(await migrate(t.db)).toEqual([])
  })
})

describe('menus', () => {
  it('a page added by code reaches an existing database at start, with its permissions, and nothing else moves', async () => {
    const before = await many<{ id: number; label: string; web_uri: string | null }>(t.db, 'select id, label, web_uri from menus order by id')
    // An operator renamed a directory; a page the code declares is missing (a database made before it existed).
    const page = before.find((m) => m.web_uri === '/layout/finance/balance')!
    const dir = (await one<{ parent_id: number }>(t.db, 'select parent_id from menus where id = $1', [page.id]))!.parent_id
    await t.db.query(`update menus set label = '资金' where id = $1`, [dir])
    await t.db.query('delete from menus where id = $1', [page.id])
    expect(await one(t.db, `select 1 from permissions p join menus m on m.id = p.menu_id where m.web_uri = '/layout/finance/balance'`)).toBeUndefined()
    const r = await seed(t.db, ALL_ROUTES)
    expect(r.firstStart).toBe(false)
    const after = await many<{ id: number; label: string; web_uri: string | null; parent_id: number | null }>(t.db,
      'select id, label, web_uri, parent_id from menus order by id')
    expect(after).toHaveLength(before.length)
    const back = after.find((m) => m.web_uri === '/layout/finance/balance')!
    expect(back.parent_id).toBe(dir)
    expect(after.find((m) => m.id === dir)!.label).toBe('资金')
    const perms = await many<{ key: string }>(t.db, 'select key from permissions where menu_id = $1 order by key', [back.id])
    expect(perms.map((p) => p.key)).toEqual(['R'])
    // Starting again adds nothing.
    await seed(t.db, ALL_ROUTES)
    expect((await one<{ n: number }>(t.db, 'select count(*)::int as n from menus'))!.n).toBe(before.length)
  })
})

describe('product keys', () => {
  it('stand for one product each: a product whose key another holds is refused, so a keyed list shows its product only', async () => {
    // 'k383' and 'k361662' share a hashtext (found by search); the keyed indexes of the 账变 and bets lists match a
    // product by product_key alone.
    const [a, b] = (await many<{ k: number }>(t.db, `select product_key(c) as k from unnest(array['k383', 'k361662']) c`)).map((r) => r.k)
    expect(a).toBe(b)
    await t.db.query(`insert into products (code, name) values ('k383', '甲')`)
    await expect(t.db.query(`insert into products (code, name) values ('k361662', '乙')`)).rejects.toThrow(/products_key/)
    await t.db.query(`delete from products where code = 'k383'`)
  })
})
