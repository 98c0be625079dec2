// Embedded PGlite (WebAssembly PostgreSQL) behind the Db interface; one connection, so transactions serialise.
import { PGlite } from '@electric-sql/pglite'
import type { Db, Queryable, QueryResult } from './db'

function wrap(q: { query: PGlite['query']; exec: PGlite['exec'] }): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const r = await q.query<T>(sql, params as any[])
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length }
    },
    async exec(sql: string) {
      await q.exec(sql)
    },
  }
}

export function pgliteDb(pg: PGlite): Db {
  const base = wrap(pg)
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    tx: (fn) => pg.transaction((t) => fn(wrap(t))),
    listen: async (channel, fn) => {
      const stop = await pg.listen(channel, (payload) => fn(payload ?? ''))
      return async () => { if (!pg.closed) await stop() }
    },
    close: () => pg.close(),
  }
}

/** Opens (creating if needed) a PGlite database in dataDir, or from a dumped data directory. */
export async function openPglite(opts: { dataDir?: string; loadDataDir?: Blob | File }): Promise<Db> {
  const pg = await PGlite.create({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir })
  return pgliteDb(pg)
}
