// The database seam: one small interface over embedded PGlite and a PostgreSQL server, SQL with bound parameters only.

export interface QueryResult<T> { rows: T[]; rowCount: number }

export interface Queryable {
  query<T = Record<string, any>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>
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
export async function one<T = Record<string, any>>(q: Queryable, sql: string, params: unknown[] = []): Promise<T | undefined> {
  return (await q.query<T>(sql, params)).rows[0]
}

export async function many<T = Record<string, any>>(q: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await q.query<T>(sql, params)).rows
}
