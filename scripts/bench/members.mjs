// Member-area benchmarks at volume (issue: members and the ledger): the member list's first page p95 for each
// filter, a deep page (by cursor) against the first, member suggestions p95, one member's detail with its balance
// history p95, and ledger:check's run time — on PostgreSQL and on PGlite, each filled once by `bench:data` and kept
// for later runs (.bench/). Sizes: BENCH_MEMBERS / BENCH_CHANGES (PostgreSQL), BENCH_PGLITE_MEMBERS /
// BENCH_PGLITE_CHANGES (PGlite, whose WebAssembly heap holds less); BENCH_MEMBERS_ONLY=pg or =pglite runs one of them.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import forge from 'node-forge'
import pg from 'pg'

const PASSWORD = 'Bench@12345'
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

function tool(env, args) {
  const t = performance.now()
  const r = spawnSync(process.execPath, ['dist/tools.mjs', ...args], { env: { ...process.env, ADMIN_PASSWORD: PASSWORD, ...env }, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  return { ok: r.status === 0, ms: performance.now() - t, out: r.stdout }
}

async function start(env, port) {
  const child = spawn(process.execPath, ['dist/server.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'error', SIMULATE: '0', SEED_DEMO: '0', ...env },
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
  return { child, base, token: login.data.token }
}

const stop = (child) => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM') })
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(s.length * p))] }

/** p50/p95 of n sequential calls of `url(i)` (after 5 warm-up calls), failing on any non-200. */
async function timed(srv, n, call) {
  const ms = []
  for (let i = -5; i < n; i++) {
    const t = performance.now()
    const res = await call(i)
    const body = await res.json()
    if (body.code !== 200) throw new Error(`${res.url}: ${body.code} ${body.msg}`)
    if (i >= 0) ms.push(performance.now() - t)
  }
  return `p50 ${pct(ms, 0.5).toFixed(1)} / p95 ${pct(ms, 0.95).toFixed(1)}`
}

async function measure(label, env, n) {
  const srv = await start(env, 19100 + Math.floor(Math.random() * 300))
  const get = (path, q = {}) => fetch(`${srv.base}${path}?${new URLSearchParams(q)}`, { headers: { token: srv.token } })
  try {
    const first = await (await get('/api/member/index')).json()
    const maxId = first.data.items[0].id
    const agent = (await (await get('/api/member/index', { is_agent: 1 })).json()).data.items[0].id
    const rows = { db: label, members: first.data.total }
    const filters = {
      '(none)': {}, username: { username: 'b' }, level_id: { level_id: 1 }, status: { status: 0 }, agent_id: { agent_id: agent },
      is_agent: { is_agent: 1 }, 'register time': { start_time: '2026-09-01 00:00:00', end_time: '2026-09-30 23:59:59' },
      'balance range': { balance_min: '100', balance_max: '5000' }, phone: { phone: '13000001234' },
    }
    for (const [name, q] of Object.entries(filters)) rows[`list ${name}`] = await timed(srv, n, () => get('/api/member/index', q))
    rows['deep page (cursor at the middle)'] = await timed(srv, n, (i) => get('/api/member/index', { after: Math.floor(maxId / 2) - i * 10, page: 5000 }))
    rows['suggest'] = await timed(srv, n, (i) => fetch(`${srv.base}/api/member/suggest`, {
      method: 'POST', headers: { token: srv.token, 'content-type': 'application/json' }, body: JSON.stringify({ username: `b${'abcdefghij'[i % 10] ?? ''}` }),
    }))
    rows['member show (history)'] = await timed(srv, n, (i) => get('/api/member/show', { id: Math.max(1, maxId - 7919 * (i + 10) % maxId) }))
    return rows
  } finally {
    await stop(srv.child)
  }
}

async function ensurePg(name, members, changes) {
  const admin = new pg.Client({ connectionString: PG_URL })
  await admin.connect()
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0
  if (!exists) await admin.query(`create database ${name}`)
  await admin.end()
  const u = new URL(PG_URL)
  u.pathname = `/${name}`
  const url = u.toString()
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  const have = await c.query(`select (select count(*) from members)::int as m, (select count(*) from balance_changes)::int as b`).catch(() => ({ rows: [{ m: 0, b: 0 }] }))
  await c.end()
  if (have.rows[0].m < members) {
    console.log(`filling ${name}: ${members} members, ${changes} balance changes…`)
    const r = tool({ DATABASE_URL: url }, ['bench:data', '--members', String(members), '--changes', String(changes), '--only', 'members,changes'])
    if (!r.ok) throw new Error('bench:data failed')
    console.log(`  filled in ${(r.ms / 1000).toFixed(0)} s`)
  }
  return url
}

function ensurePglite(dir, members, changes) {
  if (!existsSync(`${dir}/PG_VERSION`)) {
    mkdirSync(dir, { recursive: true })
    console.log(`filling PGlite ${dir}: ${members} members, ${changes} balance changes…`)
    const r = tool({ DATA_DIR: dir, DATABASE_URL: '' }, ['bench:data', '--members', String(members), '--changes', String(changes), '--only', 'members,changes'])
    if (!r.ok) throw new Error('bench:data failed')
    console.log(`  filled in ${(r.ms / 1000).toFixed(0)} s`)
  }
  return dir
}

export async function benchMembers() {
  const out = []
  const only = process.env.BENCH_MEMBERS_ONLY
  if (only !== 'pglite') await pgPart(out)
  if (only !== 'pg') await pglitePart(out)
  return out
}

async function pgPart(out) {
  const m = Number(process.env.BENCH_MEMBERS ?? 1_000_000)
  const c = Number(process.env.BENCH_CHANGES ?? 5_000_000)
  const url = await ensurePg(`houtai_bench_m${m}_c${c}`, m, c)
  const row = await measure('PostgreSQL', { DATABASE_URL: url }, 200)
  const check = tool({ DATABASE_URL: url }, ['ledger:check'])
  out.push({ ...row, 'ledger:check': `${(check.ms / 1000).toFixed(1)} s ${check.ok ? '通过' : '不符'}` })
}

async function pglitePart(out) {
  const pm = Number(process.env.BENCH_PGLITE_MEMBERS ?? 200_000)
  const pc = Number(process.env.BENCH_PGLITE_CHANGES ?? 1_000_000)
  const dir = ensurePglite(`.bench/pglite-m${pm}-c${pc}`, pm, pc)
  const lite = await measure('PGlite', { DATA_DIR: dir, DATABASE_URL: '' }, 100)
  const liteCheck = tool({ DATA_DIR: dir, DATABASE_URL: '' }, ['ledger:check'])
  out.push({ ...lite, 'ledger:check': `${(liteCheck.ms / 1000).toFixed(1)} s ${liteCheck.ok ? '通过' : '不符'}` })
}
