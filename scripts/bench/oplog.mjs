// Operation-log writes per second on PostgreSQL with concurrent writers (one transaction per write, one product): the
// plain INSERT the log used before the audit chain, the chained INSERT on a single head per product, and as shipped
// (the product's strands); then how long verifying what was written takes.
import * as esbuild from 'esbuild'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'

const SECONDS = Number(process.env.BENCH_OPLOG_SECONDS ?? 5)
const WRITERS = [1, 4, 16]

// The same row into a copy of the table (same columns, defaults and indexes, no chain), so the chained rows verify.
const PLAIN = `insert into bench_plain_logs (admin_id, admin_name, product, action, path, target_ids, before, after, ip, user_agent)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`

/** The server's own modules (migrations, pg adapter, writeOperation, verifier), bundled for this script. */
async function serverModules() {
  const file = join(process.cwd(), 'dist', `bench-oplog-${process.pid}.mjs`)
  await esbuild.build({
    stdin: {
      contents: `export { pgDb } from './src/server/db/pg'; export { migrate } from './src/server/db/migrate';
        export { writeOperation, OPLOG_STRANDS } from './src/server/oplog/oplog'; export { verifyAudit } from './src/server/audit/verify'`,
      resolveDir: process.cwd(), loader: 'ts',
    },
    bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', outfile: file, logLevel: 'warning',
  })
  try { return await import(file) } finally { rmSync(file, { force: true }) }
}

const who = { caller: { adminId: 1, username: 'bench', product: 'bench' }, ip: '127.0.0.1', userAgent: 'bench' }
const entry = () => ({ action: 'U', path: '/api/bench/edit', target_ids: ['1'], before: { name: 'a', n: 1 }, after: { name: 'b', n: 2 } })

/** `writers` loops, each one transaction per write, for SECONDS; answers writes per second. */
async function run(db, writers, write) {
  const end = Date.now() + SECONDS * 1000
  let n = 0
  await Promise.all(Array.from({ length: writers }, async () => {
    while (Date.now() < end) {
      await db.tx((tx) => write(tx))
      n += 1
    }
  }))
  return Math.round(n / SECONDS)
}

export async function benchOplog() {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const admin = new pg.Client({ connectionString: url })
  try {
    await admin.connect()
  } catch (e) {
    return `PostgreSQL not reachable at ${url}: ${e.message}`
  }
  const name = `houtai_bench_oplog_${process.pid}`
  await admin.query(`create database ${name}`)
  const rows = []
  try {
    const m = await serverModules()
    const u = new URL(url)
    u.pathname = `/${name}`
    const db = m.pgDb(u.toString(), Math.max(...WRITERS))
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
    await db.close()
    // pg's pool resolves end() before its sockets have closed: let the backends go before dropping the database.
    for (let i = 0; i < 100; i++) {
      const left = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name])
      if (left.rows[0].n === 0) break
      await new Promise((r) => setTimeout(r, 50))
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
  return rows
}
