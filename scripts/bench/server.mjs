// Server benchmarks: cold and warm start, login p50, GET /api/sysadmin/index p50 and requests/s (10 connections),
// on PGlite and on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { encryptedPassword, freshPgDatabase, PG_URL, spawnServer } from './harness.mjs'

// What `npm start` runs (the build is already fresh, so this is the start-up an operator waits for).
const startServer = (env, port) => spawnServer('scripts/start.mjs', env, port, 20)

function cannon(opts) {
  return new Promise((resolve, reject) => autocannon({ duration: 10, ...opts }, (e, r) => (e ? reject(e) : resolve(r))))
}

async function measure(label, env) {
  const port = 18500 + Math.floor(Math.random() * 400)
  const cold = await startServer(env, port)
  await cold.stop()
  const warm = await startServer(env, port)
  const password = await encryptedPassword(warm.base)
  const body = JSON.stringify({ username: 'admin', password })
  const login = await cannon({ url: `${warm.base}/api/login`, method: 'POST', connections: 1, duration: 5,
    headers: { 'content-type': 'application/json' }, body })
  const { data } = await (await fetch(`${warm.base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).json()
  const list = await cannon({ url: `${warm.base}/api/sysadmin/index`, connections: 10, headers: { token: data.token } })
  await warm.stop()
  const bad = login.non2xx + list.non2xx
  return {
    db: label,
    'cold start (ms)': Math.round(cold.ms),
    'second start (ms)': Math.round(warm.ms),
    'login p50 (ms)': login.latency.p50,
    'sysadmin/index p50 (ms)': list.latency.p50,
    'sysadmin/index req/s': Math.round(list.requests.average),
    'non-2xx': bad,
  }
}

export async function benchServer() {
  const rows = []
  const dir = mkdtempSync(join(tmpdir(), 'houtai-bench-'))
  try {
    rows.push(await measure('PGlite', { DATA_DIR: dir, DATABASE_URL: '' }))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    rows.push(await freshPgDatabase(`houtai_bench_${process.pid}`, (url) => measure('PostgreSQL', { DATABASE_URL: url })))
  } catch (e) {
    if (e.code !== 'ECONNREFUSED') throw e
    console.log(`PostgreSQL not reachable at ${PG_URL}: ${e.message}`)
  }
  return rows
}
