// Lottery benchmarks (issue: the lottery): settling one draw with 100,000 bets (budget ≤ 2 s on PostgreSQL) and
// bets placed per second, on PostgreSQL and on PGlite in fresh databases; and the bet list's first page p95 for the
// common filters with the big data set (budget ≤ 50 ms), filled once by `bench:data` and kept for later runs.
// Sizes: BENCH_SETTLE_BETS (100,000), BENCH_BETS / BENCH_BET_MEMBERS (PostgreSQL list: 10,000,000 / 200,000),
// BENCH_PGLITE_BETS / BENCH_PGLITE_BET_MEMBERS (PGlite list: 1,000,000 / 50,000), BENCH_PLACE_SECONDS (10);
// BENCH_LOTTERY_ONLY=settle or =list runs one half.
import * as esbuild from 'esbuild'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import forge from 'node-forge'
import pg from 'pg'

const PASSWORD = 'Bench@12345'
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const P = 'alpha'

/** The server's own modules, bundled for this script. */
async function serverModules() {
  const file = join(process.cwd(), 'dist', `bench-lottery-${process.pid}.mjs`)
  await esbuild.build({
    stdin: {
      contents: `export { pgDb } from './src/server/db/pg'; export { openPglite } from './src/server/db/pglite';
        export { migrate } from './src/server/db/migrate'; export { seed } from './src/server/seed/seed'; export { ALL_ROUTES } from './src/server/routes';
        export { fillBenchData } from './src/server/bench-data'; export { transferBatch } from './src/server/ledger/ledger';
        export { placeBet } from './src/server/lottery/bet'; export { openDueIssue } from './src/server/lottery/draw';
        export { settleIssue } from './src/server/lottery/settle'; export { newSeed } from './src/server/lottery/fair';
        export { checkLedger } from './src/server/ledger/check'`,
      resolveDir: process.cwd(), loader: 'ts',
    },
    bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', outfile: file, logLevel: 'warning',
  })
  try { return await import(file) } finally { rmSync(file, { force: true }) }
}

const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(s.length * p))] }

/** A room for the measurements: one draw an hour, wide limits, every group. */
async function benchRoom(db) {
  const r = await db.query(
    `insert into lottery_rooms (product, code, name, interval, lock, min_stake, max_stake, max_issue_stake, group_ids)
     values ($1, 'BENCH' || (select count(*) from lottery_rooms), '基准房', 3600, 10, 1, 10000000, 99999999999,
             (select array_agg(id) from lottery_playgroups where product = $1)) returning id`, [P])
  return r.rows[0].id
}

async function newIssue(m, db, room, no) {
  const { seed, hash } = m.newSeed()
  const r = await db.query(
    `insert into lottery_issues (product, room_id, issue_no, open_at, lock_at, seed, seed_hash)
     values ($1, $2, $3, now() + interval '1 hour', now() + interval '50 minutes', $4, $5) returning id`, [P, room, no, seed, hash])
  return Number(r.rows[0].id)
}

/** `n` open bets on one issue by bulk SQL, their stakes through the ledger batch (setup, not measured). */
async function openBets(m, db, issue, room, members, n) {
  const ways = (await db.query('select id, code, rate::text as rate from lottery_playways where product = $1 order by id', [P])).rows
  for (let done = 0; done < n; done += 10_000) {
    const k = Math.min(10_000, n - done)
    await db.tx(async (tx) => {
      const rows = (await tx.query(
        `insert into lottery_bets (product, money, member_id, room_id, issue_id, playway_id, code, number, amount, rate)
         select $1, 0, ($2::int[])[1 + (g % array_length($2::int[], 1))], $3, $4, w.id, w.code, case when w.code = 'tema' then g % 28 end,
                100 * (1 + g % 50), w.rate
           from generate_series($5::int, $6::int) g
           join (select row_number() over (order by id) - 1 as k, id, code, rate from lottery_playways where product = $1) w on w.k = g % $7
         returning id, member_id, amount`, [P, members, room, issue, done, done + k - 1, ways.length])).rows
      await m.transferBatch(tx, P, 0, rows.map((b) => ({
        key: `bet:${b.id}:stake`, from: { kind: 1, owner: b.member_id }, to: { kind: 13 }, amount: Number(b.amount), type: 1, ref: `B${b.id}`,
      })))
      await tx.query(
        `insert into lottery_bet_totals as t (product, money, room_id, status, slot, n, stake, payout)
         select $1, 0, $2, 3, 0, count(*), sum(amount), 0 from lottery_bets where issue_id = $3 and id = any($4::bigint[])
         on conflict (product, money, room_id, status, slot) do update set n = t.n + excluded.n, stake = t.stake + excluded.stake`,
        [P, room, issue, rows.map((b) => b.id)])
    })
  }
}

/** A fresh database with members holding money: settle one issue of `bets` bets, then place bets for a while. */
async function settleAndPlace(m, db, label, bets, workers) {
  await m.migrate(db)
  await m.seed(db, m.ALL_ROUTES, { demo: false, adminPassword: PASSWORD })
  await m.fillBenchData(db, ['--members', '20000', '--cards', '0', '--only', 'members'], () => undefined)
  const members = (await db.query(`select id from members where product = $1 and kind = 0 and status = 1 order by id`, [P])).rows.map((r) => r.id)
  for (let i = 0; i < members.length; i += 10_000) {
    await db.tx((tx) => m.transferBatch(tx, P, 0, members.slice(i, i + 10_000).map((id) => ({
      key: `bench:fund:${id}`, from: { kind: 10 }, to: { kind: 1, owner: id }, amount: 100_000_000, type: 2,
    }))))
  }
  const room = await benchRoom(db)
  const issue = await newIssue(m, db, room, '209901010001')
  await openBets(m, db, issue, room, members, bets)
  await db.query(`update lottery_issues set open_at = now(), lock_at = now() where id = $1`, [issue])
  await db.tx((tx) => m.openDueIssue(tx, undefined, issue))
  const t0 = performance.now()
  const settled = await db.tx((tx) => m.settleIssue(tx, issue))
  const settleMs = performance.now() - t0

  const open = await newIssue(m, db, room, '209901010002')
  const seconds = Number(process.env.BENCH_PLACE_SECONDS ?? 10)
  const ways = (await db.query(`select id, code from lottery_playways where product = $1 order by id`, [P])).rows
  const placed = {}
  for (const w of workers) {
    let n = 0
    const end = Date.now() + seconds * 1000
    await Promise.all(Array.from({ length: w }, async (_, k) => {
      for (let i = k; Date.now() < end; i += w) {
        const way = ways[i % ways.length]
        await db.tx((tx) => m.placeBet(tx, { product: P, member_id: members[(i * 7919) % members.length], room_id: room, issue_id: open,
          playway_id: way.id, number: way.code === 'tema' ? i % 28 : null, amount: 100 * (1 + (i % 20)) }))
        n += 1
      }
    }))
    placed[`bets/s (${w} ${w === 1 ? 'writer' : 'writers'})`] = Math.round(n / seconds)
  }
  const check = await m.checkLedger(db)
  return { db: label, [`settle ${bets} bets`]: `${Math.round(settleMs)} ms (${settled.winners} winners)`, ...placed, 'ledger:check': check.ok ? '通过' : '不符' }
}

function tool(env, args) {
  const t = performance.now()
  const r = spawnSync(process.execPath, ['dist/tools.mjs', ...args], { env: { ...process.env, ADMIN_PASSWORD: PASSWORD, ...env }, stdio: ['ignore', 'inherit', 'inherit'] })
  return { ok: r.status === 0, ms: performance.now() - t }
}

async function start(env, port) {
  const child = spawn(process.execPath, ['dist/server.mjs'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'error', SIMULATE: '0', SEED_DEMO: '0', LOTTERY_SCHEDULER: '0', ...env },
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

/** p50/p95 of n sequential first-page calls (after 5 warm-up calls), and whether the totals were exact. */
async function timed(srv, n, path, q) {
  const ms = []
  let exact = true
  for (let i = -5; i < n; i++) {
    const t = performance.now()
    const body = await (await fetch(`${srv.base}${path}?${new URLSearchParams(q)}`, { headers: { token: srv.token } })).json()
    if (body.code !== 200) throw new Error(`${path}: ${body.code} ${body.msg}`)
    if (i >= 0) ms.push(performance.now() - t)
    exact = body.data.total_exact !== false
  }
  return `p50 ${pct(ms, 0.5).toFixed(1)} / p95 ${pct(ms, 0.95).toFixed(1)}${exact ? '' : ' (约)'}`
}

async function listP95(label, env, n) {
  const srv = await start(env, 19400 + Math.floor(Math.random() * 300))
  const get = async (path, q = {}) => (await (await fetch(`${srv.base}${path}?${new URLSearchParams(q)}`, { headers: { token: srv.token } })).json()).data
  try {
    const first = await get('/api/order/index')
    const sample = first.items[0]
    const mid = Math.floor(sample.id / 2)
    const week = new Date(Date.now() - 7 * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10)
    const row = { db: label, bets: `${first.total}${first.total_exact ? '' : ' (约)'}` }
    const filters = {
      '(none)': {}, status: { status: 2 }, room_id: { room_id: sample.room_id }, username: { username: sample.username },
      member_id: { member_id: sample.member_id }, issue_no: { issue_no: sample.issue_no }, playway_id: { playway_id: sample.playway_id },
      'room + status': { room_id: sample.room_id, status: 1 }, 'last 7 days': { start_time: `${week} 00:00:00` }, is_virtual: { is_virtual: 1 },
      'deep page (cursor)': { after: mid, page: 500 },
    }
    for (const [name, q] of Object.entries(filters)) row[`list ${name}`] = await timed(srv, n, '/api/order/index', q)
    row['demo list'] = await timed(srv, n, '/api/order/demo', {})
    row['draw list'] = await timed(srv, n, '/api/issue/index', {})
    return row
  } finally {
    await stop(srv.child)
  }
}

async function ensurePg(bets, members) {
  const name = `houtai_bench_lottery_m${members}_b${bets}`
  const admin = new pg.Client({ connectionString: PG_URL })
  await admin.connect()
  if (!(await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount) await admin.query(`create database ${name}`)
  await admin.end()
  const u = new URL(PG_URL)
  u.pathname = `/${name}`
  const c = new pg.Client({ connectionString: u.toString() })
  await c.connect()
  const have = await c.query('select count(*)::int as n from lottery_bets').catch(() => ({ rows: [{ n: 0 }] }))
  await c.end()
  if (have.rows[0].n < bets) {
    console.log(`filling ${name}: ${members} members, ${bets} bets…`)
    const r = tool({ DATABASE_URL: u.toString() }, ['bench:data', '--members', String(members), '--changes', '0', '--cards', '0', '--bets', String(bets), '--only', 'members,bets'])
    if (!r.ok) throw new Error('bench:data failed')
    console.log(`  filled in ${(r.ms / 1000).toFixed(0)} s`)
  }
  return u.toString()
}

function ensurePglite(bets, members) {
  const dir = `.bench/pglite-lottery-m${members}-b${bets}`
  if (!existsSync(`${dir}/PG_VERSION`)) {
    mkdirSync(dir, { recursive: true })
    console.log(`filling PGlite ${dir}: ${members} members, ${bets} bets…`)
    const r = tool({ DATA_DIR: dir, DATABASE_URL: '' }, ['bench:data', '--members', String(members), '--changes', '0', '--cards', '0', '--bets', String(bets), '--only', 'members,bets'])
    if (!r.ok) throw new Error('bench:data failed')
    console.log(`  filled in ${(r.ms / 1000).toFixed(0)} s`)
  }
  return dir
}

export async function benchLottery() {
  const out = []
  const only = process.env.BENCH_LOTTERY_ONLY
  if (only !== 'list') out.push(...await benchSettle())
  if (only !== 'settle') out.push(...await benchList())
  return out
}

async function benchSettle() {
  const out = []
  const m = await serverModules()
  const bets = Number(process.env.BENCH_SETTLE_BETS ?? 100_000)
  // Settlement and placement in fresh databases.
  const admin = new pg.Client({ connectionString: PG_URL })
  await admin.connect()
  const name = `houtai_bench_settle_${process.pid}`
  await admin.query(`create database ${name}`)
  try {
    const u = new URL(PG_URL)
    u.pathname = `/${name}`
    const db = m.pgDb(u.toString(), 10)
    try { out.push(await settleAndPlace(m, db, 'PostgreSQL', bets, [1, 8])) } finally { await db.close() }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
  const dir = mkdtempSync(join(tmpdir(), 'houtai-bench-lottery-'))
  try {
    const db = await m.openPglite({ dataDir: dir })
    try { out.push(await settleAndPlace(m, db, 'PGlite', bets, [1])) } finally { await db.close() }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return out
}

async function benchList() {
  const out = []
  const url = await ensurePg(Number(process.env.BENCH_BETS ?? 10_000_000), Number(process.env.BENCH_BET_MEMBERS ?? 200_000))
  out.push(await listP95('PostgreSQL', { DATABASE_URL: url }, 200))
  const lite = ensurePglite(Number(process.env.BENCH_PGLITE_BETS ?? 1_000_000), Number(process.env.BENCH_PGLITE_BET_MEMBERS ?? 50_000))
  out.push(await listP95('PGlite', { DATA_DIR: lite, DATABASE_URL: '' }, 100))
  return out
}
