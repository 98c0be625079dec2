// Helpers of the audit-chain tests: rows on a strand of product beta that nothing else writes, and tampering done
// behind the application's back (the append-only trigger switched off).
import type { Db } from '../../src/server/db/db'
import { writeOperation } from '../../src/server/oplog/oplog'
import type { Caller } from '../../src/server/rbac/access'
import type { AuditReport } from '../../src/contract/audit'

export const BETA = 'oplog:beta:0'

const caller = (product: string): Caller =>
  ({ adminId: 1, username: 'admin', nickname: '', product, pinned: null, isSuper: true, sessionId: 1 })
export const who = (product = 'beta') => ({ caller: caller(product), ip: '10.0.0.9', userAgent: 'audit-test' })
export const entry = (i: number) =>
  ({ action: 'U' as const, path: '/api/test/edit', target_ids: [String(i)], before: { n: i }, after: { n: i + 1, note: '' } })

/** n rows on one strand of product beta (strands = 1), one transaction each; answers their ids in chain order. */
export async function betaChain(db: Db, n = 5): Promise<number[]> {
  for (let i = 0; i < n; i++) await db.tx((tx) => writeOperation(tx, who(), entry(i), 1))
  const rows = await db.query<{ id: string }>(`select id::text from operation_logs where chain = $1 order by chain_seq`, [BETA])
  return rows.rows.map((r) => Number(r.id))
}

/** Runs SQL as someone who can switch the append-only trigger off. */
export async function behindTheBack(db: Db, sql: string, params: unknown[] = []) {
  await db.tx(async (tx) => {
    await tx.query('alter table operation_logs disable trigger operation_logs_append_only')
    await tx.query(sql, params)
    await tx.query('alter table operation_logs enable trigger operation_logs_append_only')
  })
}

export const chainOf = (r: AuditReport, chain: string) => r.chains.find((c) => c.chain === chain)!
export const brokenChains = (r: AuditReport) => r.chains.filter((c) => c.break).map((c) => c.chain)
