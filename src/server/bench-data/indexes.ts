// Secondary indexes of the bulk-loaded tables, dropped for a big load and made again from their own definitions
// (pg_get_indexdef) afterwards, so the end state is what the migrations leave: same names, same definitions. Indexes
// behind a constraint (primary keys, UNIQUE constraints) stay. The definitions wait in bench_indexes until they are
// made again, so a run that dies half-way is repaired by the next one.
import type { Db } from '../db/db'
import { many } from '../db/db'
import type { Log } from './stage'

const BULK_TABLES = ['members', 'ledger_transfers', 'balance_changes', 'recharges', 'withdrawals', 'lottery_bets', 'invest_plans']

export async function dropIndexes(db: Db, log: Log): Promise<void> {
  await restoreIndexes(db, log)
  await db.exec('create table bench_indexes (name text primary key, def text not null)')
  await db.query(
    `insert into bench_indexes (name, def)
     select ic.relname, pg_get_indexdef(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indrelid join pg_class ic on ic.oid = i.indexrelid
      where c.relname = any($1::text[]) and c.relnamespace = current_schema()::regnamespace
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`, [BULK_TABLES])
  const names = await many<{ name: string }>(db, 'select name from bench_indexes order by name')
  for (const { name } of names) await db.query(`drop index ${name.replace(/[^a-z0-9_]/g, '')}`)
  log(`  ${names.length} secondary indexes of ${BULK_TABLES.join(', ')} dropped for the load`)
}

/** Makes every index a (this or an earlier) run dropped, then forgets them. */
export async function restoreIndexes(db: Db, log: Log): Promise<void> {
  const kept = await many<{ n: number }>(db, `select count(*)::int as n from pg_tables where tablename = 'bench_indexes' and schemaname = current_schema()`)
  if (!kept[0].n) return
  const defs = await many<{ name: string; def: string }>(db,
    `select b.name, b.def from bench_indexes b where not exists (select 1 from pg_class c where c.relname = b.name and c.relkind = 'i') order by b.name`)
  const t = Date.now()
  for (const d of defs) await db.query(d.def)
  await db.exec('drop table bench_indexes')
  if (defs.length) log(`  ${defs.length} indexes made again in ${((Date.now() - t) / 1000).toFixed(1)} s`)
}
