// What the volume benchmarks share: a private copy of the build, the tools, the server's own modules bundled for a
// script, a server started on a data set and logged in, a PostgreSQL database by name, and p50/p95 timings.
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import * as esbuild from 'esbuild'
import forge from 'node-forge'
import pg from 'pg'

export const PASSWORD = 'Bench@12345'
export const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** A private copy of dist/ (a `node build.mjs` elsewhere in the tree empties it), removed by `done()`. */
export function privateBuild(tag) {
  mkdirSync('node_modules/.cache', { recursive: true })
  const dir = mkdtempSync(join('node_modules/.cache', `houtai-bench-${tag}-`))
  cpSync('dist', dir, { recursive: true })
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) }
}

export function tool(build, env, args) {
  const t = performance.now()
  const r = spawnSync(process.execPath, [join(build, 'tools.mjs'), ...args], { env: { ...process.env, ADMIN_PASSWORD: PASSWORD, ...env }, stdio: ['ignore', 'inherit', 'inherit'] })
  return { ok: r.status === 0, ms: performance.now() - t }
}

/** The server's own modules named in `exports` (TypeScript source), bundled for the calling script. */
export async function serverModules(build, exports) {
  const file = join(process.cwd(), build, `bench-modules-${process.pid}-${Date.now()}.mjs`)
  await esbuild.build({
    stdin: { contents: exports, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', outfile: file, logLevel: 'warning',
  })
  try { return await import(file) } finally { rmSync(file, { force: true }) }
}

/** The built server on a data set, without simulator or jobs, logged in as admin. */
export async function startServer(build, env, port) {
  const child = spawn(process.execPath, [join(build, 'server.mjs')], {
    env: { ...process.env, PUBLIC_DIR: join(build, 'public'), PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'error',
      SIMULATE: '0', SEED_DEMO: '0', LOTTERY_SCHEDULER: '0', INVEST_JOB: '0', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited')
    try { if ((await fetch(`${base}/healthz`)).ok) break } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 50))
  }
  const cfg = (await (await fetch(`${base}/common/configs`)).json()).data
  const password = forge.util.encode64(forge.pki.publicKeyFromPem(cfg.public_key).encrypt(PASSWORD, 'RSAES-PKCS1-V1_5'))
  const login = await (await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) })).json()
  if (login.code !== 200) throw new Error(`login: ${login.msg}`)
  const get = (path, q = {}) => fetch(`${base}${path}?${new URLSearchParams(q)}`, { headers: { token: login.data.token } })
  return { child, base, token: login.data.token, get, stop: () => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM') }) }
}

/** The URL of database `name` on the benchmark server (created empty when missing) and whether it existed. */
export async function pgDatabase(name) {
  const admin = new pg.Client({ connectionString: PG_URL })
  await admin.connect()
  const existed = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0
  if (!existed) await admin.query(`create database ${name}`)
  await admin.end()
  const u = new URL(PG_URL)
  u.pathname = `/${name}`
  return { url: u.toString(), existed }
}

export const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(s.length * p))] }

/** p50/p95 of n sequential API calls (after 5 warm-up calls), failing on any answer but 200. */
export async function timed(n, call) {
  const ms = []
  for (let i = -5; i < n; i++) {
    const t = performance.now()
    const res = await call(i)
    const body = await res.json()
    if (body.code !== 200) throw new Error(`${res.url}: ${body.code} ${body.msg}`)
    if (i >= 0) ms.push(performance.now() - t)
  }
  return `p50 ${pct(ms, 0.5).toFixed(1)} / p95 ${pct(ms, 0.95).toFixed(1)} ms`
}
