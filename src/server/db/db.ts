// The database seam: one small interface over embedded PGlite and a PostgreSQL server, SQL with bound parameters only.

export interface QueryResult<T> { rows: T[]; rowCount: number }

/**
 * A statement `name`d is parsed and planned once per PostgreSQL connection and kept there, so only the few statements
 * run for every movement of money are named (each name stays prepared on every pooled connection); PGlite ignores it.
 */
export interface QueryOptions { name?: string }

export interface Queryable {
  query<T = Record<string, any>>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<QueryResult<T>>
  /** Runs a script of several statements without parameters (migrations only). */
  exec(sql: string): Promise<void>
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg'
  /** Runs fn in one transaction; nested calls reuse the outer transaction. */
  tx<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /**
   * Calls fn with each notification's payload on `channel` (a lower-case identifier), from any connection's NOTIFY
   * once that transaction commits. PostgreSQL: a dedicated connection that reconnects when lost; PGlite: in-process.
   * Answers the function that stops listening; close() stops every listener too.
   */
  listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>>
  close(): Promise<void>
}

/** First row or undefined. */
export async function one<T = Record<string, any>>(q: Queryable, sql: string, params: unknown[] = [], opts?: QueryOptions): Promise<T | undefined> {
  return (await q.query<T>(sql, params, opts)).rows[0]
}

export async function many<T = Record<string, any>>(q: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await q.query<T>(sql, params)).rows
}
