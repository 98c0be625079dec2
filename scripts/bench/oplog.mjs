// Operation-log writes per second on PostgreSQL with concurrent writers (one transaction per write, one product): the
// plain INSERT the log used before the audit chain, the chained INSERT on a single head per product, and as shipped
// (the product's strands); then how long verifying what was written takes.
import { freshPgDatabase, perSecond, PG_URL, serverModules } from './harness.mjs'

const SECONDS = Number(process.env.BENCH_OPLOG_SECONDS ?? 5)
const WRITERS = [1, 4, 16]

// The same row into a copy of the table (same columns, defaults and indexes, no chain), so the chained rows verify.
const PLAIN = `insert into bench_plain_logs (admin_id, admin_name, product, action, path, target_ids, before, after, ip, user_agent)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`

const MODULES = `export { pgDb } from './src/server/db/pg'; export { migrate } from './src/server/db/migrate';
  export { writeOperation, OPLOG_STRANDS } from './src/server/oplog/oplog'; export { verifyAudit } from './src/server/audit/verify'`

const who = { caller: { adminId: 1, username: 'bench', product: 'bench' }, ip: '127.0.0.1', userAgent: 'bench' }
const entry = () => ({ action: 'U', path: '/api/bench/edit', target_ids: ['1'], before: { name: 'a', n: 1 }, after: { name: 'b', n: 2 } })

/** `writers` loops, each one transaction per write, for SECONDS; answers writes per second. */
const run = (db, writers, write) => perSecond(SECONDS, writers, () => db.tx((tx) => write(tx)))

export async function benchOplog() {
  const m = await serverModules('dist', MODULES)
  try {
    return await freshPgDatabase(`houtai_bench_oplog_${process.pid}`, async (url) => {
      const rows = []
      const db = m.pgDb(url, Math.max(...WRITERS))
      try {
        await m.migrate(db)
        await db.query('create table bench_plain_logs (like operation_logs including defaults including indexes)')
        for (const writers of WRITERS) {
          const e = entry()
          const plain = await run(db, writers, (tx) => tx.query(PLAIN,
            [1, 'bench', 'bench', e.action, e.path, e.target_ids, JSON.stringify(e.before), JSON.stringify(e.after), '127.0.0.1', 'bench']))
          const oneHead = await run(db, writers, (tx) => m.writeOperation(tx, who, entry(), 1))
          const strands = await run(db, writers, (tx) => m.writeOperation(tx, who, entry()))
          rows.push({ writers, 'plain INSERT': plain, 'chained, one head': oneHead, [`chained, ${m.OPLOG_STRANDS} strands`]: strands })
        }
        // How long a full walk of what was written takes, and that the concurrent writers left an unbroken chain.
        const t0 = performance.now()
        const report = await m.verifyAudit(db)
        const walked = report.chains.filter((c) => c.table === 'operation_logs').reduce((s, c) => s + c.rows, 0)
        rows.push({ writers: 'verify', 'plain INSERT': `${walked} rows`, 'chained, one head': `${Math.round(performance.now() - t0)} ms`,
          [`chained, ${m.OPLOG_STRANDS} strands`]: report.ok ? 'ok' : 'BROKEN' })
      } finally {
        await db.close()
      }
      return rows
    })
  } catch (e) {
    if (e.code === 'ECONNREFUSED') return `PostgreSQL not reachable at ${PG_URL}: ${e.message}`
    throw e
  }
}
