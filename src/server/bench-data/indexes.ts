// Secondary indexes, unique keys and foreign keys of the bulk-loaded tables, dropped for a big load and made again from their own
// definitions (pg_get_indexdef, pg_get_constraintdef) afterwards, as a restore does: the end state is what the
// migrations leave (same names, same definitions), and each foreign key is validated over the whole table in one
// statement when it is added back, instead of one lookup per inserted row. Unique keys go too and are checked when made
// again; primary keys stay, but for the transfers' and the balance changes' (PRIMARY_KEY_TABLES), which nothing reads
// by their keys during the load while each of their tens of millions of rows paid an entry: alone, a chunk of a
// million transfers took 2.9 s to insert with the key and 2.1 s without (0.3 s to build it once); inside the full load
// the balance changes' inserts took 55 s instead of 79 s.
// The definitions wait in bench_indexes until made again, so a run that dies half-way is repaired by the next one.
import type { Db } from '../db/db'
import { many } from '../db/db'
import { seconds, type Log } from './stage'

/** Tables whose secondary indexes go (ledger_accounts: only those not unique, its key finds accounts meanwhile). */
const BULK_TABLES = ['members', 'ledger_transfers', 'balance_changes', 'recharges', 'withdrawals', 'lottery_bets', 'invest_plans', 'ledger_accounts']
/** Foreign keys go on these. */
const FK_TABLES = [...BULK_TABLES, 'member_cards', 'merchant_bills', 'lottery_issues']
/** Primary keys go on these (no foreign key refers to them, and the load never looks a row up by its key). */
const PRIMARY_KEY_TABLES = ['ledger_transfers', 'balance_changes']

export async function dropIndexes(db: Db, log: Log): Promise<void> {
  await restoreIndexes(db, log)
  await db.exec(`create table bench_indexes (ord serial, tbl text not null, kind "char" not null, name text not null, drop_sql text not null,
    def text not null)`)
  // kind: i an index (a unique key's too), a a unique key's attachment to its index, f a foreign key.
  await db.query(
    `insert into bench_indexes (tbl, kind, name, drop_sql, def)
     select c.relname, 'i', ic.relname, 'drop index ' || quote_ident(ic.relname), pg_get_indexdef(i.indexrelid)
       from pg_index i join pg_class c on c.oid = i.indrelid join pg_class ic on ic.oid = i.indexrelid
      where c.relname = any($1::text[]) and c.relnamespace = current_schema()::regnamespace
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
        and (c.relname <> 'ledger_accounts' or not i.indisunique)
      order by ic.relname`, [BULK_TABLES])
  // UNIQUE constraints too (validated when made again; ledger_accounts' key is how the load finds accounts), then the
  // foreign keys.
  await keepConstraints(db, 'p', PRIMARY_KEY_TABLES)
  await keepConstraints(db, 'u', BULK_TABLES.filter((t) => t !== 'ledger_accounts'))
  await keepConstraints(db, 'f', FK_TABLES)
  // Foreign keys first (one may lean on a unique key).
  const all = await many<{ drop_sql: string }>(db, `select drop_sql from bench_indexes where drop_sql <> '' order by ord desc`)
  for (const d of all) await db.query(d.drop_sql)
  log(`  ${all.length} secondary indexes, unique keys and foreign keys of ${BULK_TABLES.join(', ')} dropped for the load`)
}

/**
 * Keeps the definitions of the constraints of one type (pg_constraint.contype) on these tables in bench_indexes. A
 * unique or primary key is made again as its index (built beside the others under a SHARE lock), then attached as the
 * constraint.
 */
async function keepConstraints(db: Db, type: 'p' | 'u' | 'f', tables: string[]): Promise<void> {
  await db.query(
    `insert into bench_indexes (tbl, kind, name, drop_sql, def)
     select c.relname, x.kind, k.conname, case when x.kind = 'i' then '' else 'alter table ' || k.conrelid::regclass || ' drop constraint ' || quote_ident(k.conname) end,
            case when x.kind = 'i' then pg_get_indexdef(k.conindid)
                 else 'alter table ' || k.conrelid::regclass || ' add constraint ' || quote_ident(k.conname) || ' '
                      || case k.contype when 'u' then 'unique using index ' || quote_ident(k.conname)
                        when 'p' then 'primary key using index ' || quote_ident(k.conname) else pg_get_constraintdef(k.oid) end end
       from pg_constraint k join pg_class c on c.oid = k.conrelid
      cross join lateral unnest(case when k.contype in ('u', 'p') then array['i', 'a'] else array['f'] end::"char"[]) x(kind)
      where k.contype = $2 and c.relname = any($1::text[]) and c.relnamespace = current_schema()::regnamespace
      order by k.conname, x.kind desc`, [tables, type])
}

export interface RestoreOptions {
  /** Only these tables' indexes (not the unique keys' attachments nor the foreign keys), one at a time while `more()`. */
  tables?: string[]
  more?: () => boolean
  /** Indexes taken by a builder beside (shared with it: each is built by whoever claims it first). */
  claimed?: Set<string>
  /** The builder's last build: the unique keys are attached and the foreign keys added after it. */
  settled?: Promise<unknown>
}

/**
 * Makes every index, unique key and foreign key a (this or an earlier) run dropped, then forgets them. With `tables`,
 * only those tables' indexes: a load builds the indexes of what it finished beside what it still does (indexBuilder),
 * and leaves the rest to the whole restore.
 */
export async function restoreIndexes(db: Db, log: Log, opts: RestoreOptions = {}): Promise<void> {
  const only = opts.tables
  const claimed = opts.claimed ?? new Set<string>()
  const kept = await many<{ n: number }>(db, `select count(*)::int as n from pg_tables where tablename = 'bench_indexes' and schemaname = current_schema()`)
  if (!kept[0].n) return
  // Pending: an index not there, a unique key not attached, a foreign key not there or not yet checked.
  const constraint = (checked: boolean) => `exists (select 1 from pg_constraint k where k.conname = b.name
    and k.connamespace = current_schema()::regnamespace${checked ? ' and k.convalidated' : ''})`
  const defs = await many<{ tbl: string; name: string; kind: string; def: string; added: boolean; validate: string }>(db,
    `select b.tbl, b.name, b.kind, b.def, ${constraint(false)} as added,
            format('alter table %I validate constraint %I', b.tbl, b.name) as validate
       from bench_indexes b
      where ($1::text[] is null or (b.tbl = any($1::text[]) and b.kind = 'i'))
        and not case b.kind when 'i' then exists (select 1 from pg_class c where c.relname = b.name and c.relkind = 'i'
                                                  and c.relnamespace = current_schema()::regnamespace)
                            when 'a' then ${constraint(false)} else ${constraint(true)} end
      order by b.ord`, [only ?? null])
  const t = Date.now()
  // Each in its own transaction with room to sort in memory; on PostgreSQL two at a time (one per core).
  const make = (def: string) => db.tx(async (tx) => {
    await tx.query(`set local maintenance_work_mem = '${db.kind === 'pg' ? '1GB' : '256MB'}'`)
    // Beside the load a build takes one core (no parallel workers competing with the load's own statements).
    if (only && db.kind === 'pg') await tx.query('set local max_parallel_maintenance_workers = 0')
    await tx.query(def)
  })
  const lanes = db.kind === 'pg' && !only ? 2 : 1
  const built = new Set<string>()
  let count = 0
  const inLanes = async (statements: typeof defs, sql: (d: (typeof defs)[number]) => string, more = () => true) => {
    let next = 0
    const lane = async () => {
      while (next < statements.length && more()) {
        const d = statements[next++]
        if (d.kind === 'i') {
          if (claimed.has(d.name)) continue
          claimed.add(d.name)
        }
        await make(sql(d))
        built.add(d.tbl)
        count++
      }
    }
    await Promise.all(Array.from({ length: lanes }, lane))
  }
  // The indexes (builds of one table share its SHARE lock), then the unique keys attached, one by one.
  const indexes = defs.filter((d) => d.kind === 'i')
  await inLanes(indexes, (d) => d.def, opts.more)
  await opts.settled
  for (const d of defs.filter((d) => d.kind === 'a')) await make(d.def)
  // The foreign keys added unchecked (a brief lock of both tables each), then checked, two at a time on PostgreSQL (a
  // check locks its table against writes, the referenced one hardly): the same constraints in the end.
  const foreign = defs.filter((d) => d.kind === 'f')
  for (const d of foreign.filter((d) => !d.added)) await make(`${d.def} not valid`)
  await inLanes(foreign, (d) => d.validate)
  if (!only) await db.exec('drop table bench_indexes')
  // A unique key is two steps (its index, its attachment): counted once, as the drop counted it.
  const objects = new Set(defs.map((d) => d.name)).size
  if (only ? built.size : defs.length) {
    log(`  ${only ? `${count} indexes of ${[...built].join(', ')}` : `${objects} indexes, unique keys and foreign keys`} made again in ${seconds(Date.now() - t)}`)
  }
}

export interface IndexBuilder {
  finished: (tables: string[]) => void
  /** Stops taking builds; answers the end of the one under way (the whole restore goes on meanwhile: `claimed`). */
  stop: () => Promise<void>
  claimed: Set<string>
}

/**
 * The load's index builder beside it (PostgreSQL, one more connection): told which tables are finished as they are,
 * it makes their indexes one at a time; stop() lets the build under way end, and the whole restore makes the rest.
 */
export function indexBuilder(db: Db, log: Log): IndexBuilder {
  const tables: string[] = []
  const claimed = new Set<string>()
  let stopped = false
  let wake = () => {}
  const work = (async () => {
    while (!stopped) {
      const known = tables.length
      if (known) await restoreIndexes(db, log, { tables: tables.slice(), more: () => !stopped && tables.length === known, claimed })
      if (!stopped && tables.length === known) await new Promise<void>((r) => { wake = r })
    }
  })()
  work.catch(() => {}) // its failure is reported by whoever awaits stop()
  return {
    finished: (t) => { tables.push(...t); wake() },
    stop: () => { stopped = true; wake(); return work },
    claimed,
  }
}
