// Ordered migrations kept in the bundle; each runs once, inside a transaction, under an advisory lock. Numbered
// migrations are never edited once landed; the SQL functions that change over time live in ./functions and are
// (re)applied after them whenever their text changes.
import { createHash } from 'node:crypto'
import type { Db } from './db'
import { FUNCTIONS } from './functions'
import m001 from './migrations/001-admin'
import m002 from './migrations/002-username-ci'
import m003 from './migrations/003-audit-chain'
import m004 from './migrations/004-member'
import m005 from './migrations/005-ledger'
import m006 from './migrations/006-settings'
import m007 from './migrations/007-finance'
import m008 from './migrations/008-jobs'
import m009 from './migrations/009-finance'
import m010 from './migrations/010-lottery'
import m011 from './migrations/011-report'
import m012 from './migrations/012-invest'
import m013 from './migrations/013-ledger-turns'
import m014 from './migrations/014-report-plans'
import m015 from './migrations/015-report-queue'
import m016 from './migrations/016-ledger-one-lock'
import m020 from './migrations/020-risk'
import m021 from './migrations/021-desk'
import m022 from './migrations/022-wiring'
import m023 from './migrations/023-events'
import m024 from './migrations/024-member-risk-lists'
import m025 from './migrations/025-exposure'
import m026 from './migrations/026-login-log'
import m027 from './migrations/027-views-exports'
import m028 from './migrations/028-ledger-lean'
import m029 from './migrations/029-settle-big-wins'
import m030 from './migrations/030-ledger-references'
import m031 from './migrations/031-product-key'
import m032 from './migrations/032-ledger-accounts-hot'
import m033 from './migrations/033-report-transfer-gone'
import m034 from './migrations/034-ledger-accounts-band'
import m035 from './migrations/035-chain-seq-first'
import m036 from './migrations/036-identifier-collation'
import m037 from './migrations/037-members-hot'
import m038 from './migrations/038-ledger-domains'
import m039 from './migrations/039-bets-hot'

export const MIGRATIONS: [string, string][] = [
  ['001-admin', m001], ['002-username-ci', m002], ['003-audit-chain', m003],
  ['004-member', m004], ['005-ledger', m005], ['006-settings', m006], ['007-finance', m007], ['008-jobs', m008],
  ['009-finance', m009], ['010-lottery', m010], ['011-report', m011], ['012-invest', m012], ['013-ledger-turns', m013],
  ['014-report-plans', m014], ['015-report-queue', m015], ['016-ledger-one-lock', m016],
  ['020-risk', m020], ['021-desk', m021], ['022-wiring', m022], ['023-events', m023], ['024-member-risk-lists', m024],
  ['025-exposure', m025],
  ['026-login-log', m026],
  ['027-views-exports', m027],
  ['028-ledger-lean', m028],
  ['029-settle-big-wins', m029],
  ['030-ledger-references', m030],
  ['031-product-key', m031],
  ['032-ledger-accounts-hot', m032],
  ['033-report-transfer-gone', m033],
  ['034-ledger-accounts-band', m034],
  ['035-chain-seq-first', m035],
  ['036-identifier-collation', m036],
  ['037-members-hot', m037],
  ['038-ledger-domains', m038],
  ['039-bets-hot', m039],
]

export async function migrate(db: Db): Promise<string[]> {
  const applied: string[] = []
  await db.tx(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(4242001)')
    await tx.query('create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())')
    const done = new Set((await tx.query<{ name: string }>('select name from schema_migrations')).rows.map((r) => r.name))
    // A migration may create a function calling one that ./functions makes after it (as pg_dump restores do).
    await tx.query('set local check_function_bodies = off')
    for (const [name, sql] of MIGRATIONS) {
      if (done.has(name)) continue
      await tx.exec(sql)
      await tx.query('insert into schema_migrations (name) values ($1)', [name])
      applied.push(name)
    }
    await tx.query('set local check_function_bodies = on')
    applied.push(...await applyFunctions(tx))
  })
  return applied
}

export const checksum = (sql: string) => createHash('sha256').update(sql).digest('hex')

/** Applies each function of ./functions whose text differs from the one the database last applied. */
async function applyFunctions(tx: Parameters<Parameters<Db['tx']>[0]>[0]): Promise<string[]> {
  await tx.query('create table if not exists schema_functions (name text primary key, checksum text not null, applied_at timestamptz not null default now())')
  const known = new Map((await tx.query<{ name: string; checksum: string }>('select name, checksum from schema_functions')).rows.map((r) => [r.name, r.checksum]))
  const applied: string[] = []
  for (const [name, sql] of FUNCTIONS) {
    const sum = checksum(sql)
    if (known.get(name) === sum) continue
    await tx.exec(sql)
    await tx.query(
      `insert into schema_functions (name, checksum) values ($1, $2)
       on conflict (name) do update set checksum = excluded.checksum, applied_at = now()`, [name, sum])
    applied.push(`function ${name}`)
  }
  return applied
}
