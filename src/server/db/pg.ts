// A PostgreSQL server through a pg pool behind the Db interface.
import pg from 'pg'
import type { Db, Queryable, QueryOptions, QueryResult } from './db'

// Return bigint/numeric as strings (money is integer 分; ids fit JS numbers for int4).
pg.types.setTypeParser(20, (v) => (Number.isSafeInteger(Number(v)) ? Number(v) : v))

/** How long an idle pooled connection is kept open. */
const IDLE_MS = 10 * 60_000

export function pgDb(connectionString: string, max = 10): Db {
  // No JIT: compiling a plan costs 100–600 ms, paid by any statement the planner thinks big (a list's count on a
  // large table, a report); the console's reads are short and a bulk load gains less than it pays.
  // Idle connections are kept for IDLE_MS (pg's default is 10 s): a new one costs its connect and its first plans of
  // each table (catalogue caches cold), 10–25 ms on a list page, which an operator pausing between pages would otherwise
  // pay on most of them. Idle ones do not keep a tool or test process alive.
  const pool = new pg.Pool({ connectionString, max, options: '-c jit=off', idleTimeoutMillis: IDLE_MS, allowExitOnIdle: true })
  const listeners = new Set<() => Promise<void>>()
  // An idle client's connection can end under us (server restart, a terminated backend): pg emits 'error' on the
  // pool, and without a listener Node would crash. The pool drops that client and opens a new one on next use.
  pool.on('error', (err) => console.warn('[db] idle PostgreSQL connection lost:', err.message))
  const query = async <T>(sql: string, params: unknown[] = [], opts?: QueryOptions): Promise<QueryResult<T>> => {
    const r = await pool.query(config(sql, params, opts))
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
      // One connection runs one statement at a time: statements issued together (Promise.all) queue in order.
      let last: Promise<unknown> = Promise.resolve()
      const t: Queryable = {
        async query<T>(sql: string, params: unknown[] = [], opts?: QueryOptions) {
          const run = last.then(() => client.query(config(sql, params, opts)))
          last = run.catch(() => undefined)
          const r = await run
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
    listen: (channel, fn) => listen(connectionString, channel, fn, listeners),
    async close() {
      await Promise.all([...listeners].map((stop) => stop()))
      await pool.end()
    },
  }
}

const config = (text: string, values: unknown[], opts?: QueryOptions): pg.QueryConfig =>
  ({ text, values: values as any[], ...(opts?.name ? { name: opts.name } : {}) })

/**
 * LISTEN needs a connection of its own (a pooled one goes back to the pool). A lost connection is opened again after a
 * second; notifications sent meanwhile are missed, so listeners also reload on their own from time to time.
 */
async function listen(connectionString: string, channel: string, fn: (payload: string) => void, all: Set<() => Promise<void>>) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`)
  let client: pg.Client | null = null
  let stopped = false
  let retry: ReturnType<typeof setTimeout> | null = null
  const again = () => {
    if (stopped || retry) return
    retry = setTimeout(() => { retry = null; open().catch(again) }, 1000)
  }
  const open = async (): Promise<void> => {
    const c = new pg.Client({ connectionString })
    c.on('notification', (m) => { if (m.channel === channel) fn(m.payload ?? '') })
    c.on('error', (err) => {
      console.warn(`[db] LISTEN ${channel} connection lost:`, err.message)
      c.end().catch(() => undefined)
    })
    c.on('end', () => {
      if (client === c) client = null
      again()
    })
    await c.connect()
    await c.query(`LISTEN ${channel}`)
    if (stopped) { await c.end(); return }
    client = c
  }
  await open()
  const stop = async () => {
    stopped = true
    all.delete(stop)
    if (retry) clearTimeout(retry)
    const c = client
    client = null
    await c?.end().catch(() => undefined)
  }
  all.add(stop)
  return stop
}
