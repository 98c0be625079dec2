// Finance benchmarks at volume (issue: finance and merchants): first page p95 of the money lists for the common filters
// (status, time range, username) with their stats, withdrawal approvals per second through the API, and ledger
// transfers per second at the domain level — on PostgreSQL and on PGlite, each filled once by `bench:data` and kept for
// later runs (.bench/). Sizes: BENCH_FIN_MEMBERS, BENCH_RECHARGES, BENCH_WITHDRAWALS (PGlite: BENCH_PGLITE_FIN_*);
// BENCH_FIN_ONLY=postgres or =pglite runs one database.
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import * as esbuild from 'esbuild'
import forge from 'node-forge'
import pg from 'pg'

const PASSWORD = 'Bench@12345'
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const SECONDS = Number(process.env.BENCH_FIN_SECONDS ?? 5)

// A private copy of the build (like the browser suite's): a `node build.mjs` elsewhere in the tree empties dist/.
let BUILD = 'dist'
function privateBuild() {
  mkdirSync('node_modules/.cache', { recursive: true })
  BUILD = mkdtempSync(join('node_modules/.cache', 'houtai-bench-fin-'))
  cpSync('dist', BUILD, { recursive: true })
}

function tool(env, args) {
  const t = performance.now()
  const r = spawnSync(process.execPath, [join(BUILD, 'tools.mjs'), ...args], { env: { ...process.env, ADMIN_PASSWORD: PASSWORD, ...env }, stdio: ['ignore', 'inherit', 'inherit'] })
  return { ok: r.status === 0, ms: performance.now() - t }
}

/** The server's own modules (db adapters, ledger, withdrawal request), bundled for this script. */
async function serverModules() {
  const file = join(process.cwd(), BUILD, `bench-finance-${process.pid}.mjs`)
  await esbuild.build({
    stdin: {
      contents: `export { pgDb } from './src/server/db/pg'; export { openPglite } from './src/server/db/pglite';
        export { migrate } from './src/server/db/migrate';
        export { transfer } from './src/server/ledger/ledger'; export { requestWithdraw } from './src/server/finance/withdraw-rules'`,
      resolveDir: process.cwd(), loader: 'ts',
    },
    bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', outfile: file, logLevel: 'warning',
  })
  try { return await import(file) } finally { rmSync(file, { force: true }) }
}

async function start(env, port) {
  const child = spawn(process.execPath, [join(BUILD, 'server.mjs')], {
    env: { ...process.env, PUBLIC_DIR: join(BUILD, 'public'), PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'error', SIMULATE: '0', SEED_DEMO: '0', ...env },
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

/** p50/p95 of n sequential calls (after 5 warm-up calls), failing on any non-200; notes when the stats were estimated. */
async function timed(n, call) {
  const ms = []
  let estimated = 0
  for (let i = -5; i < n; i++) {
    const t = performance.now()
    const res = await call(i)
    const body = await res.json()
    if (body.code !== 200) throw new Error(`${res.url}: ${body.code} ${body.msg}`)
    if (i >= 0) { ms.push(performance.now() - t); if (body.data.total_exact === false) estimated++ }
  }
  return `p50 ${pct(ms, 0.5).toFixed(1)} / p95 ${pct(ms, 0.95).toFixed(1)}${estimated ? ` (约 ${Math.round((100 * estimated) / n)}%)` : ''}`
}

const ymd = (d) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10)

async function lists(srv, n) {
  const get = (path, q = {}) => fetch(`${srv.base}${path}?${new URLSearchParams(q)}`, { headers: { token: srv.token } })
  const first = (await (await get('/api/withdraw/index', { per_page: 1 })).json()).data
  const someone = first.items[0]?.username
  const week = { start_time: `${ymd(new Date(Date.now() - 7 * 86_400_000))} 00:00:00`, end_time: `${ymd(new Date())} 23:59:59` }
  const today = { start_time: `${ymd(new Date())} 00:00:00`, end_time: `${ymd(new Date())} 23:59:59` }
  const rows = {}
  const cases = {
    'recharge (none)': ['/api/recharge/index', {}], 'recharge status=3': ['/api/recharge/index', { status: 3 }],
    'recharge status=1': ['/api/recharge/index', { status: 1 }], 'recharge last 7 days': ['/api/recharge/index', week],
    'recharge today': ['/api/recharge/index', today], 'recharge username': ['/api/recharge/index', { username: someone }],
    'withdraw (none)': ['/api/withdraw/index', {}], 'withdraw status=3': ['/api/withdraw/index', { status: 3 }],
    'withdraw last 7 days': ['/api/withdraw/index', week], 'withdraw username': ['/api/withdraw/index', { username: someone }],
    'balance (none)': ['/api/balance/index', {}], 'balance type=2': ['/api/balance/index', { type: 2 }],
    'balance today': ['/api/balance/index', today], 'balance username': ['/api/balance/index', { username: someone }],
    'merchantbill (none)': ['/api/merchantbill/index', {}], 'giftmoney (none)': ['/api/giftmoney/index', {}],
  }
  for (const [name, [path, q]] of Object.entries(cases)) rows[name] = await timed(n, () => get(path, q))
  rows['totals'] = `${(await (await get('/api/recharge/index', { per_page: 1 })).json()).data.total} recharges, ${first.total} withdrawals`
  return rows
}

/** Fresh withdrawals under review (the member site's requests, through the domain function), so approvals have work. */
async function pendingWithdrawals(m, db, n) {
  const who = (await db.query(
    `select m.id from members m join ledger_accounts a on a.owner_id = m.id and a.kind = 1 and a.money = 0
      where m.product = 'alpha' and m.kind = 0 and m.status = 1 and a.balance >= 20000
        and exists (select 1 from member_cards c where c.member_id = m.id and c.status = 1)
        and not exists (select 1 from withdrawals w where w.member_id = m.id and w.created_at > now() - interval '1 day')
      order by m.id desc limit $1`, [n])).rows
  let made = 0
  for (const r of who) {
    // A member's limits of the day (or hours) may refuse one; the others still make up the work.
    made += await db.tx((tx) => m.requestWithdraw(tx, 'alpha', { member_id: r.id, amount: 10_000 })).then(() => 1, () => 0)
  }
  return made
}

/** Approvals through the API with `connections` at once, until the pending ones run out or SECONDS pass. */
async function approvals(srv, connections) {
  const post = (path, body) => fetch(`${srv.base}${path}`, { method: 'POST', headers: { token: srv.token, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json())
  const pending = []
  for (let after; pending.length < 20_000;) {
    const page = (await (await fetch(`${srv.base}/api/withdraw/index?${new URLSearchParams({ status: 3, per_page: 1000, ...(after ? { after } : {}) })}`, { headers: { token: srv.token } })).json()).data
    pending.push(...page.items.filter((w) => w.review_stage === 'pending').map((w) => w.id))
    if (!page.cursor_next) break
    after = page.cursor_next
  }
  const settings = (await (await fetch(`${srv.base}/api/system/finance`, { headers: { token: srv.token } })).json()).data.items
  const dbl = settings.find((s) => s.key === 'double_review_amount')
  await post('/api/system/finance/edit', { id: dbl.id, value: '10000000' })
  const end = Date.now() + SECONDS * 1000
  let ok = 0
  let bad = 0
  const t = performance.now()
  await Promise.all(Array.from({ length: connections }, async () => {
    while (Date.now() < end && pending.length) {
      const r = await post('/api/withdraw/edit', { id: pending.pop(), status: 1 })
      if (r.code === 200) ok++
      else bad++
    }
  }))
  const s = (performance.now() - t) / 1000
  await post('/api/system/finance/edit', { id: dbl.id, value: dbl.value })
  return `${Math.round(ok / s)}/s (${ok} approved${bad ? `, ${bad} refused` : ''}, ${connections} connections)`
}

/**
 * Ledger transfers per second at the domain level: member ↔ gaming pool through transfer(), `perTx` of them in each
 * transaction (1 = each its own commit; 0 = each its own statement on the pool, no BEGIN/COMMIT round trips: the
 * function is atomic by itself), `writers` at once. Beside it the same writers committing an empty-ish transaction:
 * the machine's commit ceiling (WAL flushes), which bounds one-transfer-per-commit whatever the ledger does.
 */
async function transfers(m, db, writers, perTx = 1) {
  const ids = (await db.query(`select owner_id as id from ledger_accounts where product = 'alpha' and money = 0 and kind = 1 and balance > 100000 limit 2000`)).rows.map((r) => r.id)
  const end = Date.now() + SECONDS * 1000
  let n = 0
  const run = `${process.pid}:${Date.now()}:${writers}:${perTx}`
  await Promise.all(Array.from({ length: writers }, async (_, w) => {
    for (let i = 0; Date.now() < end; i++) {
      const move = (q, k) => {
        const id = ids[(w * 7919 + i * 31 + k * 17) % ids.length]
        const out = (i + k) % 2 === 0
        return m.transfer(q, {
          key: `bench:transfer:${run}:${w}:${i}:${k}`, product: 'alpha', money: 0, amount: 100, type: out ? 1 : 3,
          from: out ? { kind: 1, owner: id } : { kind: 13 }, to: out ? { kind: 13 } : { kind: 1, owner: id },
        })
      }
      if (perTx === 0) await move(db, 0)
      else await db.tx(async (tx) => { for (let k = 0; k < perTx; k++) await move(tx, k) })
      n += Math.max(1, perTx)
    }
  }))
  return Math.round(n / SECONDS)
}

/** The same writers committing one tiny insert each: what this machine's disk allows per commit. */
async function commits(db, writers) {
  await db.query('create table if not exists bench_commit_ceiling (v int)')
  const end = Date.now() + SECONDS * 1000
  let n = 0
  await Promise.all(Array.from({ length: writers }, async () => {
    while (Date.now() < end) { await db.tx((tx) => tx.query('insert into bench_commit_ceiling (v) values (1)')); n++ }
  }))
  await db.query('drop table bench_commit_ceiling')
  return Math.round(n / SECONDS)
}

async function ensurePg(name, sizes) {
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
  const have = await c.query('select count(*)::int as n from recharges').catch(() => ({ rows: [{ n: 0 }] }))
  await c.end()
  if (have.rows[0].n < sizes.recharges) fill({ DATABASE_URL: url }, sizes, name)
  return url
}

function fill(env, s, where) {
  console.log(`filling ${where}: ${s.members} members, ${s.recharges} recharges, ${s.withdrawals} withdrawals…`)
  const r = tool(env, ['bench:data', '--members', String(s.members), '--changes', '0', '--recharges', String(s.recharges), '--withdrawals', String(s.withdrawals)])
  if (!r.ok) throw new Error('bench:data failed')
  console.log(`  filled in ${(r.ms / 1000).toFixed(0)} s`)
}

async function measure(label, env, openDb, n) {
  const m = await serverModules()
  let db = await openDb(m)
  await m.migrate(db) // a data set filled by an older build gets this build's ledger functions before they are measured
  const created = await pendingWithdrawals(m, db, 3000)
  const row = { db: label, 'fresh pending withdrawals': created }
  for (const w of label === 'PostgreSQL' ? [1, 4, 16, 32] : [1]) {
    row[`ledger transfers/s (${w} writers, 1 per transaction)`] = await transfers(m, db, w)
    row[`  plain commits/s (${w} writers, the machine's ceiling)`] = await commits(db, w)
  }
  const many = label === 'PostgreSQL' ? 16 : 1
  row[`ledger transfers/s (${many} writers, each its own statement)`] = await transfers(m, db, many, 0)
  row[`ledger transfers/s (${many} writers, 10 per transaction)`] = await transfers(m, db, many, 10)
  await db.close()
  db = null
  const srv = await start(env, 19500 + Math.floor(Math.random() * 300))
  try {
    Object.assign(row, await lists(srv, n))
    row['withdrawal approvals'] = await approvals(srv, label === 'PostgreSQL' ? 8 : 4)
  } finally {
    await stop(srv.child)
  }
  const check = tool(env, ['ledger:check'])
  row['ledger:check'] = `${(check.ms / 1000).toFixed(1)} s ${check.ok ? '通过' : '不符'}`
  return row
}

export async function benchFinance() {
  privateBuild()
  try { return await run() } finally { rmSync(BUILD, { recursive: true, force: true }) }
}

async function run() {
  const out = []
  const sizes = {
    members: Number(process.env.BENCH_FIN_MEMBERS ?? 200_000),
    recharges: Number(process.env.BENCH_RECHARGES ?? 2_000_000), withdrawals: Number(process.env.BENCH_WITHDRAWALS ?? 2_000_000),
  }
  const only = process.env.BENCH_FIN_ONLY
  if (only !== 'pglite') {
    const name = `houtai_bench_fin_m${sizes.members}_r${sizes.recharges}_w${sizes.withdrawals}`
    const url = await ensurePg(name, sizes)
    out.push(await measure('PostgreSQL', { DATABASE_URL: url }, (m) => m.pgDb(url, 40), 200))
  }
  if (only === 'postgres') return out
  const lite = {
    members: Number(process.env.BENCH_PGLITE_FIN_MEMBERS ?? sizes.members),
    recharges: Number(process.env.BENCH_PGLITE_RECHARGES ?? sizes.recharges), withdrawals: Number(process.env.BENCH_PGLITE_WITHDRAWALS ?? sizes.withdrawals),
  }
  const dir = `.bench/pglite-fin-m${lite.members}-r${lite.recharges}-w${lite.withdrawals}`
  if (!existsSync(`${dir}/PG_VERSION`)) { mkdirSync(dir, { recursive: true }); fill({ DATA_DIR: dir, DATABASE_URL: '' }, lite, dir) }
  out.push(await measure('PGlite', { DATA_DIR: dir, DATABASE_URL: '' }, (m) => m.openPglite({ dataDir: dir }), 100))
  return out
}
