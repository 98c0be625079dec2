// What the volume benchmarks share: a private copy of the build, the tools, the server's own modules bundled for a
// script, a server started on a data set and logged in, PostgreSQL databases by name (kept data sets and fresh ones),
// data sets filled once by bench:data, p50/p95 timings and rates of concurrent writers.
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import * as esbuild from 'esbuild'
import forge from 'node-forge'
import pg from 'pg'

export const PASSWORD = 'Bench@12345'
export const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
export const P = 'alpha'

/** A private copy of dist/ (a `node build.mjs` elsewhere in the tree empties it), removed by `done()`. */
export function privateBuild(tag) {
  mkdirSync('node_modules/.cache', { recursive: true })
  const dir = mkdtempSync(join('node_modules/.cache', `houtai-bench-${tag}-`))
  cpSync('dist', dir, { recursive: true })
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) }
}

/** Runs the bench data tools bundle of `build` (`npm run <args>` as a tool), timed. */
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

/**
 * Node running `script` (a server) with `env` on `port`, once its /healthz answers (polled every `pollMs`): the child,
 * its base URL, how long it took to answer, and stop().
 */
export async function spawnServer(script, env, port, pollMs = 50) {
  const t0 = performance.now()
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited')
    try { if ((await fetch(`${base}/healthz`)).ok) break } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, pollMs))
  }
  return { child, base, ms: performance.now() - t0, stop: () => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM') }) }
}

/** The built server on a data set, without simulator or jobs, logged in as admin. */
export async function startServer(build, env, port) {
  const { child, base, stop } = await spawnServer(join(build, 'server.mjs'), {
    PUBLIC_DIR: join(build, 'public'), SIMULATE: '0', SEED_DEMO: '0', LOTTERY_SCHEDULER: '0', INVEST_JOB: '0', ...env }, port)
  const token = await adminToken(base)
  const get = (path, q = {}) => fetch(`${base}${path}?${new URLSearchParams(q)}`, { headers: { token } })
  const post = (path, body) => fetch(`${base}${path}`, { method: 'POST', headers: { token, 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { child, base, token, get, post, stop }
}

/** PASSWORD encrypted for the server at `base` as the console sends it (RSA, PKCS#1 v1.5). */
export async function encryptedPassword(base) {
  const cfg = (await (await fetch(`${base}/common/configs`)).json()).data
  return forge.util.encode64(forge.pki.publicKeyFromPem(cfg.public_key).encrypt(PASSWORD, 'RSAES-PKCS1-V1_5'))
}

/** The super admin's session token on the server at `base`. */
export async function adminToken(base) {
  const login = await (await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: await encryptedPassword(base) }) })).json()
  if (login.code !== 200) throw new Error(`login: ${login.msg}`)
  return login.data.token
}

/** The URL of database `name` on the benchmark server. */
export function pgUrl(name) {
  const u = new URL(PG_URL)
  u.pathname = `/${name}`
  return u.toString()
}

/** The URL of database `name` on the benchmark server (created empty when missing) and whether it existed. */
export async function pgDatabase(name) {
  const admin = new pg.Client({ connectionString: PG_URL })
  await admin.connect()
  const existed = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0
  if (!existed) await admin.query(`create database ${name}`)
  await admin.end()
  return { url: pgUrl(name), existed }
}

/** Runs `fn(url)` on a new database `name`, dropped afterwards whatever happens. */
export async function freshPgDatabase(name, fn) {
  const admin = new pg.Client({ connectionString: PG_URL })
  await admin.connect()
  await admin.query(`create database ${name}`)
  try {
    return await fn(pgUrl(name))
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
}

/** Fills a data set with `bench:data args`, saying what and how long; throws when it fails. */
export function fill(build, env, args, what) {
  console.log(`filling ${what}…`)
  const r = tool(build, env, ['bench:data', ...args])
  if (!r.ok) throw new Error('bench:data failed')
  console.log(`  filled in ${(r.ms / 1000).toFixed(0)} s`)
}

/**
 * A data set kept on PostgreSQL as database `name`: filled by `bench:data args` when new, or (with `holds`, SQL
 * answering one number `n`, and `want`) when it holds less than `want`. Answers its URL.
 */
export async function pgDataSet(build, name, args, holds, want) {
  const { url, existed } = await pgDatabase(name)
  let short = !existed
  if (holds) {
    const c = new pg.Client({ connectionString: url })
    await c.connect()
    const have = await c.query(holds).catch(() => ({ rows: [{ n: 0 }] }))
    await c.end()
    short = Number(have.rows[0].n) < want
  }
  if (short) fill(build, { DATABASE_URL: url }, args, `PostgreSQL ${name}`)
  return url
}

/** A data set kept on PGlite in `dir` (under .bench/), filled by `bench:data args` when new. Answers its server environment. */
export function pgliteDataSet(build, dir, args) {
  const env = { DATA_DIR: dir, DATABASE_URL: '' }
  if (!existsSync(`${dir}/PG_VERSION`)) { mkdirSync(dir, { recursive: true }); fill(build, env, args, `PGlite ${dir}`) }
  return env
}

/** ledger:check on a data set: its run time and verdict. */
export function ledgerCheck(build, env) {
  const c = tool(build, env, ['ledger:check'])
  return `${(c.ms / 1000).toFixed(1)} s ${c.ok ? '通过' : '不符'}`
}

export const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(s.length * p))] }

/**
 * p50/p95 of n sequential API calls (after 5 warm-up calls), failing on any answer but 200; notes the share of lists
 * whose totals were estimates (约).
 */
export async function timed(n, call) {
  const ms = []
  let estimated = 0
  for (let i = -5; i < n; i++) {
    const t = performance.now()
    const res = await call(i)
    const body = await res.json()
    if (body.code !== 200) throw new Error(`${res.url}: ${body.code} ${body.msg}`)
    if (i >= 0) { ms.push(performance.now() - t); if (body.data?.total_exact === false) estimated++ }
  }
  return `p50 ${pct(ms, 0.5).toFixed(1)} / p95 ${pct(ms, 0.95).toFixed(1)} ms${estimated ? ` (约 ${Math.round((100 * estimated) / n)}%)` : ''}`
}

/**
 * `writers` loops at once for `seconds`, each calling `step(writer, i)` until the time is up: answers how many per
 * second (a step answering a number did that many; anything else counts as one).
 */
export async function perSecond(seconds, writers, step) {
  const end = Date.now() + seconds * 1000
  let n = 0
  await Promise.all(Array.from({ length: writers }, async (_, w) => {
    for (let i = 0; Date.now() < end; i++) { const k = await step(w, i); n += typeof k === 'number' ? k : 1 }
  }))
  return Math.round(n / seconds)
}
