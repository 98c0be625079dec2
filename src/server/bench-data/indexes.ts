// Secondary indexes, unique keys and foreign keys of the bulk-loaded tables, dropped for a big load and made again from their own
// definitions (pg_get_indexdef, pg_get_constraintdef) afterwards, as a restore does: the end state is what the
// migrations leave (same names, same definitions), and each foreign key is validated over the whole table in one
// statement when it is added back, instead of one lookup per inserted row. Unique keys go too and are checked when made
// again; primary keys stay.
// The definitions wait in bench_indexes until made again, so a run that dies half-way is repaired by the next one.
import type { Db } from '../db/db'
import { many } from '../db/db'
import { seconds, type Log } from './stage'

/** Tables whose secondary indexes go (ledger_accounts: only those not unique, its key finds accounts meanwhile). */
const BULK_TABLES = ['members', 'ledger_transfers', 'balance_changes', 'recharges', 'withdrawals', 'lottery_bets', 'invest_plans', 'ledger_accounts']
/** Foreign keys go on these. */
const FK_TABLES = [...BULK_TABLES, 'member_cards', 'merchant_bills', 'lottery_issues']

export async function dropIndexes(db: Db, log: Log): Promise<void> {
  await restoreIndexes(db, log)
  await db.exec('create table bench_indexes (ord serial, name text not null, drop_sql text not null, def text not null)')
  await db.query(
    `insert into bench_indexes (name, drop_sql, def)
     select ic.relname, 'drop index ' || quote_ident(ic.relname), pg_get_indexdef(i.indexrelid)
       from pg_index i join pg_class c on c.oid = i.indrelid join pg_class ic on ic.oid = i.indexrelid
      where c.relname = any($1::text[]) and c.relnamespace = current_schema()::regnamespace
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
        and (c.relname <> 'ledger_accounts' or not i.indisunique)
      order by ic.relname`, [BULK_TABLES])
  // UNIQUE constraints too (validated when made again; ledger_accounts' key is how the load finds accounts), then the
  // foreign keys.
  await keepConstraints(db, 'u', BULK_TABLES.filter((t) => t !== 'ledger_accounts'))
  await keepConstraints(db, 'f', FK_TABLES)
  // Foreign keys first (one may lean on a unique key).
  const all = await many<{ drop_sql: string }>(db, 'select drop_sql from bench_indexes order by ord desc')
  for (const d of all) await db.query(d.drop_sql)
  log(`  ${all.length} secondary indexes, unique keys and foreign keys of ${BULK_TABLES.join(', ')} dropped for the load`)
}

/**
 * Keeps the definitions of the constraints of one type (pg_constraint.contype) on these tables in bench_indexes. A
 * unique key is made again as its index (built beside the others under a SHARE lock) that then becomes the constraint.
 */
async function keepConstraints(db: Db, type: 'u' | 'f', tables: string[]): Promise<void> {
  await db.query(
    `insert into bench_indexes (name, drop_sql, def)
     select k.conname, 'alter table ' || k.conrelid::regclass || ' drop constraint ' || quote_ident(k.conname),
            case when k.contype = 'u' then pg_get_indexdef(k.conindid) || '; ' else '' end
            || 'alter table ' || k.conrelid::regclass || ' add constraint ' || quote_ident(k.conname) || ' '
            || case when k.contype = 'u' then 'unique using index ' || quote_ident(k.conname) else pg_get_constraintdef(k.oid) end
       from pg_constraint k join pg_class c on c.oid = k.conrelid
      where k.contype = $2 and c.relname = any($1::text[]) and c.relnamespace = current_schema()::regnamespace
      order by k.conname`, [tables, type])
}

/** Makes every index, unique key and foreign key a (this or an earlier) run dropped, then forgets them. */
export async function restoreIndexes(db: Db, log: Log): Promise<void> {
  const kept = await many<{ n: number }>(db, `select count(*)::int as n from pg_tables where tablename = 'bench_indexes' and schemaname = current_schema()`)
  if (!kept[0].n) return
  const defs = await many<{ def: string }>(db,
    `select b.def from bench_indexes b
      where not exists (select 1 from pg_class c where c.relname = b.name and c.relkind = 'i' and c.relnamespace = current_schema()::regnamespace)
        and not exists (select 1 from pg_constraint k where k.conname = b.name and k.connamespace = current_schema()::regnamespace)
      order by b.ord`)
  const t = Date.now()
  // Each in its own transaction with room to sort in memory; on PostgreSQL the indexes two at a time (one per core:
  // builds of one table share its SHARE lock), then the foreign keys one by one (each locks two tables).
  const make = (def: string) => db.tx(async (tx) => {
    await tx.query(`set local maintenance_work_mem = '${db.kind === 'pg' ? '1GB' : '256MB'}'`)
    for (const statement of def.split('; ')) await tx.query(statement)
  })
  const foreign = (d: { def: string }) => d.def.includes(' FOREIGN KEY ')
  const indexes = defs.filter((d) => !foreign(d))
  let next = 0
  const worker = async () => { while (next < indexes.length) await make(indexes[next++].def) }
  await Promise.all(Array.from({ length: db.kind === 'pg' ? 2 : 1 }, worker))
  for (const d of defs.filter(foreign)) await make(d.def)
  await db.exec('drop table bench_indexes')
  if (defs.length) log(`  ${defs.length} indexes, unique keys and foreign keys made again in ${seconds(Date.now() - t)}`)
}
