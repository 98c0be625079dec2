// A PostgreSQL server through a pg pool behind the Db interface.
import pg from 'pg'
import type { Db, Queryable, QueryResult } from './db'

// Return bigint/numeric as strings (money is integer 分; ids fit JS numbers for int4).
pg.types.setTypeParser(20, (v) => (Number.isSafeInteger(Number(v)) ? Number(v) : v))

export function pgDb(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max })
  // An idle client's connection can end under us (server restart, a terminated backend): pg emits 'error' on the
  // pool, and without a listener Node would crash. The pool drops that client and opens a new one on next use.
  pool.on('error', (err) => console.warn('[db] idle PostgreSQL connection lost:', err.message))
  const query = async <T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> => {
    const r = await pool.query(sql, params as any[])
    return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 }
  }
  return {
    kind: 'pg',
    query,
    async exec(sql: string) {
      await pool.query(sql)
    },
    async tx(fn) {
      const client = await pool.connect()
      const t: Queryable = {
        async query<T>(sql: string, params: unknown[] = []) {
          const r = await client.query(sql, params as any[])
          return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 }
        },
        async exec(sql: string) {
          await client.query(sql)
        },
      }
      try {
        await client.query('BEGIN')
        const out = await fn(t)
        await client.query('COMMIT')
        return out
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw e
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
