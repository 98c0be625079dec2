// Server benchmarks: cold and warm start, login p50, GET /api/sysadmin/index p50 and requests/s (10 connections),
// on PGlite and on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL).
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import forge from 'node-forge'
import pg from 'pg'

const PASSWORD = 'Bench@12345'

async function startServer(env, port) {
  const t0 = performance.now()
  // What `npm start` runs (the build is already fresh, so this is the start-up an operator waits for).
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited')
    try { if ((await fetch(`${base}/healthz`)).ok) break } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 20))
  }
  return { child, base, ms: performance.now() - t0 }
}

const stop = (child) => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM') })

async function encrypted(base) {
  const { data } = await (await fetch(`${base}/common/configs`)).json()
  const pub = forge.pki.publicKeyFromPem(data.public_key)
  return forge.util.encode64(pub.encrypt(PASSWORD, 'RSAES-PKCS1-V1_5'))
}

function cannon(opts) {
  return new Promise((resolve, reject) => autocannon({ duration: 10, ...opts }, (e, r) => (e ? reject(e) : resolve(r))))
}

async function measure(label, env) {
  const port = 18500 + Math.floor(Math.random() * 400)
  const cold = await startServer(env, port)
  await stop(cold.child)
  const warm = await startServer(env, port)
  const password = await encrypted(warm.base)
  const body = JSON.stringify({ username: 'admin', password })
  const login = await cannon({ url: `${warm.base}/api/login`, method: 'POST', connections: 1, duration: 5,
    headers: { 'content-type': 'application/json' }, body })
  const { data } = await (await fetch(`${warm.base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).json()
  const list = await cannon({ url: `${warm.base}/api/sysadmin/index`, connections: 10, headers: { token: data.token } })
  await stop(warm.child)
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
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  const name = `houtai_bench_${process.pid}`
  const admin = new pg.Client({ connectionString: url })
  try {
    await admin.connect()
  } catch (e) {
    console.log(`PostgreSQL not reachable at ${url}: ${e.message}`)
    return rows
  }
  await admin.query(`create database ${name}`)
  try {
    const u = new URL(url)
    u.pathname = `/${name}`
    rows.push(await measure('PostgreSQL', { DATABASE_URL: u.toString() }))
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
  return rows
}
