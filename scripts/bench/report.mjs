// Report benchmarks (issue: interest balance, reports, home): on one data set with every kind of movement, the
// report for a month and for a year through the API (rollups), the same figures recomputed from the raw records for
// comparison, the home page's call, and what keeping the rollups costs per movement (a real-money transfer, which
// updates them, against the same transfer of virtual money, which does not). PostgreSQL and PGlite, each data set
// made once by bench:data and kept (.bench/). Sizes: BENCH_REPORT_MEMBERS, BENCH_REPORT_CHANGES, BENCH_REPORT_RECHARGES,
// BENCH_REPORT_WITHDRAWALS, BENCH_REPORT_BETS, BENCH_REPORT_INVEST, BENCH_REPORT_DAYS (PGlite: BENCH_PGLITE_REPORT_SCALE,
// a fraction of each).
import { pgDataSet, pgliteDataSet, privateBuild, serverModules, startServer, timed } from './harness.mjs'

const MODULES = `export { pgDb } from './src/server/db/pg'; export { openPglite } from './src/server/db/pglite';
  export { transfer } from './src/server/ledger/ledger'; export { recomputeDays } from './src/server/report/recompute';
  export { registerMember } from './src/server/member/member-write'; export { migrate } from './src/server/db/migrate'`

const ymd = (ms) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10)
const DAY = 86_400_000

function sizes(scale = 1) {
  const n = (k, d) => Math.max(1, Math.round(Number(process.env[k] ?? d) * scale))
  return {
    members: n('BENCH_REPORT_MEMBERS', 200_000), changes: n('BENCH_REPORT_CHANGES', 5_000_000),
    recharges: n('BENCH_REPORT_RECHARGES', 2_000_000), withdrawals: n('BENCH_REPORT_WITHDRAWALS', 2_000_000),
    bets: n('BENCH_REPORT_BETS', 10_000_000), invest: n('BENCH_REPORT_INVEST', 200_000), days: Number(process.env.BENCH_REPORT_DAYS ?? 400),
  }
}
const tag = (s) => `m${s.members}_c${s.changes}_r${s.recharges}_w${s.withdrawals}_b${s.bets}_i${s.invest}_d${s.days}`

const DATA = (s) => ['--members', String(s.members), '--agents', String(Math.round(s.members / 100)), '--changes', String(s.changes),
  '--recharges', String(s.recharges), '--withdrawals', String(s.withdrawals), '--bets', String(s.bets), '--invest', String(s.invest), '--days', String(s.days)]

/** Mean milliseconds of `n` single transfers, each in its own transaction, of real or virtual money. */
async function transfersMs(m, db, money, n) {
  const owner = (await db.query(`select id from members where product = 'alpha' and kind = $1 order by id limit 1`, [money])).rows[0]?.id
    ?? (await m.registerMember(db, 'alpha', { username: `bench_k${money}`, kind: money })).id
  const run = `${Date.now().toString(36)}${money}`
  const t = performance.now()
  for (let i = 0; i < n; i++) {
    await db.tx((tx) => m.transfer(tx, { key: `bench:rpt:${run}:${i}`, product: 'alpha', money, from: { kind: money ? 18 : 10 }, to: { kind: 1, owner }, amount: 100, type: money ? 103 : 2 }))
  }
  return (performance.now() - t) / n
}

async function measure(label, build, env, openDb, n) {
  const m = await serverModules(build, MODULES)
  const db = await openDb(m)
  // A data set made by an older build gets this build's migrations before anything is measured on it.
  await m.migrate(db)
  const row = { db: label }
  const now = Date.now()
  const month = [ymd(now - 29 * DAY), ymd(now)]
  const year = [ymd(now - 365 * DAY), ymd(now)]
  const agent = (await db.query(`select a.id from members a where a.product = 'alpha' and a.is_agent
      order by (select count(*) from members m where m.agent_id = a.id) desc limit 1`)).rows[0]?.id
  for (const [name, [from, to]] of [['month', month], ['year', year]]) {
    const t = performance.now()
    await m.recomputeDays(db, 'alpha', from, to)
    row[`${name}: recomputed from the records`] = `${(performance.now() - t).toFixed(0)} ms`
  }
  // Virtual money has no report rollup: the difference is what the rollup costs one movement.
  await transfersMs(m, db, 0, 50)
  await transfersMs(m, db, 1, 50)
  const real = await transfersMs(m, db, 0, 1000)
  const virtual = await transfersMs(m, db, 1, 1000)
  row['transfer with rollup upkeep (real money)'] = `${real.toFixed(2)} ms`
  row['same transfer without rollups (virtual money)'] = `${virtual.toFixed(2)} ms`
  row['rollup upkeep per movement'] = `${(real - virtual).toFixed(2)} ms`
  await db.close()
  const srv = await startServer(build, env, 19800 + Math.floor(Math.random() * 150))
  try {
    row['report month (API)'] = await timed(n, () => srv.get('/api/report/index', { start_time: month[0], end_time: month[1] }))
    row['report year (API)'] = await timed(n, () => srv.get('/api/report/index', { start_time: year[0], end_time: year[1] }))
    if (agent) row['report year, one agent team (API)'] = await timed(n, () => srv.get('/api/report/index', { start_time: year[0], end_time: year[1], agent_id: agent }))
    row['home (API)'] = await timed(n, () => srv.get('/api/home'))
  } finally {
    await srv.stop()
  }
  return row
}

export async function benchReport() {
  const b = privateBuild('report')
  try {
    const out = []
    const s = sizes()
    const url = await pgDataSet(b.dir, `houtai_bench_rpt_${tag(s)}`, DATA(s))
    out.push({ sizes: s, ...(await measure('PostgreSQL', b.dir, { DATABASE_URL: url }, (m) => m.pgDb(url, 10), 100)) })
    const ls = sizes(Number(process.env.BENCH_PGLITE_REPORT_SCALE ?? 0.1))
    const env = pgliteDataSet(b.dir, `.bench/pglite-rpt-${tag(ls)}`, DATA(ls))
    out.push({ sizes: ls, ...(await measure('PGlite', b.dir, env, (m) => m.openPglite({ dataDir: env.DATA_DIR }), 50)) })
    return out
  } finally {
    b.done()
  }
}
