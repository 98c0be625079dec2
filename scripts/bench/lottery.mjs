// Lottery benchmarks (issue: the lottery): settling one draw with 100,000 bets (budget ≤ 2 s on PostgreSQL) and
// bets placed per second, on PostgreSQL and on PGlite in fresh databases; and the bet list's first page p95 for the
// common filters with the big data set (budget ≤ 50 ms), filled once by `bench:data` and kept for later runs.
// Sizes: BENCH_SETTLE_BETS (100,000), BENCH_BETS / BENCH_BET_MEMBERS (PostgreSQL list: 10,000,000 / 200,000),
// BENCH_PGLITE_BETS / BENCH_PGLITE_BET_MEMBERS (PGlite list: 1,000,000 / 50,000), BENCH_PLACE_SECONDS (10), BENCH_SETTLE_DRAWS (3);
// BENCH_LOTTERY_ONLY=settle or =list runs one half.
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freshPgDatabase, P, PASSWORD, perSecond, pgDataSet, pgliteDataSet, privateBuild, serverModules, startServer, timed } from './harness.mjs'

export const MODULES = `export { pgDb } from './src/server/db/pg'; export { openPglite } from './src/server/db/pglite';
  export { migrate } from './src/server/db/migrate'; export { seed } from './src/server/seed/seed'; export { ALL_ROUTES } from './src/server/routes';
  export { fillBenchData } from './src/server/bench-data'; export { transferBatch } from './src/server/ledger/ledger';
  export { placeBet } from './src/server/lottery/bet'; export { openDueIssue } from './src/server/lottery/draw';
  export { settleIssue } from './src/server/lottery/settle'; export { seedHash } from './src/server/lottery/fair';
  export { checkLedger } from './src/server/ledger/check'`

/** A room for the measurements: one draw an hour, wide limits, every group. */
export async function benchRoom(db) {
  const r = await db.query(
    `insert into lottery_rooms (product, code, name, interval, lock, min_stake, max_stake, max_issue_stake, group_ids)
     values ($1, 'BENCH' || (select count(*) from lottery_rooms), '基准房', 3600, 10, 1, 10000000, 99999999999,
             (select array_agg(id) from lottery_playgroups where product = $1)) returning id`, [P])
  return r.rows[0].id
}

/** An issue of the benchmark room with a seed of its own number: the same draw, so the same winners, in every run. */
export async function newIssue(m, db, room, no) {
  const seed = createHash('sha256').update(`bench:${no}`).digest()
  const hash = m.seedHash(seed)
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

/** A fresh database migrated and seeded, with 20,000 real members holding 1,000,000 元 each: their ids. */
export async function fundedMembers(m, db) {
  await m.migrate(db)
  await m.seed(db, m.ALL_ROUTES, { demo: false, adminPassword: PASSWORD })
  await m.fillBenchData(db, ['--members', '20000', '--cards', '0', '--only', 'members'], () => undefined)
  const members = await bettingMembers(db)
  await fundMembers(m, db, members)
  return members
}

/** The first `limit` real members who may bet (enabled), in id order: their ids. */
export async function bettingMembers(db, limit = 20_000) {
  const r = await db.query(`select id from members where product = $1 and kind = 0 and status = 1 order by id limit $2`, [P, limit])
  return r.rows.map((x) => x.id)
}

/** 1,000,000 元 to each of `members` through the ledger's batch, once (a run after the first replays its keys, moving nothing). */
export async function fundMembers(m, db, members) {
  for (let i = 0; i < members.length; i += 10_000) {
    await db.tx((tx) => m.transferBatch(tx, P, 0, members.slice(i, i + 10_000).map((id) => ({
      key: `bench:fund:${id}`, from: { kind: 10 }, to: { kind: 1, owner: id }, amount: 100_000_000, type: 2,
    }))))
  }
}

/** Bets per second that `writers` place at once on the issue for `seconds`, every play way in turn, through placeBet. */
export async function placing(m, db, room, issue, members, seconds, writers) {
  const ways = (await db.query(`select id, code from lottery_playways where product = $1 order by id`, [P])).rows
  return perSecond(seconds, writers, async (k, j) => {
    const i = k + j * writers
    const way = ways[i % ways.length]
    await db.tx((tx) => m.placeBet(tx, { product: P, member_id: members[(i * 7919) % members.length], room_id: room, issue_id: issue,
      playway_id: way.id, number: way.code === 'tema' ? i % 28 : null, amount: 100 * (1 + (i % 20)) }))
  })
}

/**
 * Milliseconds of CPU a PostgreSQL backend on this machine has used (null when its process is elsewhere): a settlement
 * far slower than its CPU time waited (on a lock, the disk); one close to it was slow work, or a slow machine.
 */
function backendCpu(pid) {
  try {
    if (!pid || readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') return null
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    // utime and stime, in clock ticks (Linux: 100 a second)
    return (Number(f[11]) + Number(f[12])) * 10
  } catch {
    return null
  }
}

/**
 * Settles draws of `bets` bets each, then places bets for a while: in a fresh database with members holding money, or
 * by `members` of a data set who hold it (fundMembers); ledger:check after, unless `check` is false.
 */
export async function settleAndPlace(m, db, bets, workers, { members, check = true } = {}) {
  const label = db.kind === 'pg' ? 'PostgreSQL' : 'PGlite'
  members ??= await fundedMembers(m, db)
  // Several draws, each in a room of its own with the same issue number, so the same seed and the same winners: a typical
  // draw, of the 14 play ways the bets cycle through 4 win (28,572 winners of 100,000; other draws have 3 or 5). One
  // settlement is a few seconds of one core, which a shared machine's other guests stretch by a second now and then:
  // the median of several.
  const draws = Math.max(1, Number(process.env.BENCH_SETTLE_DRAWS ?? 3))
  const times = []
  const cpu = []
  let settled
  let room
  for (let d = 0; d < draws; d++) {
    room = await benchRoom(db)
    const issue = await newIssue(m, db, room, '209901010002')
    await openBets(m, db, issue, room, members, bets)
    await db.query(`update lottery_issues set open_at = now(), lock_at = now() where id = $1`, [issue])
    await db.tx((tx) => m.openDueIssue(tx, undefined, issue))
    const t0 = performance.now()
    settled = await db.tx(async (tx) => {
      const pid = label === 'PostgreSQL' ? (await tx.query('select pg_backend_pid() as pid')).rows[0].pid : 0
      const c0 = backendCpu(pid)
      const r = await m.settleIssue(tx, issue)
      if (c0 !== null) cpu.push(backendCpu(pid) - c0)
      return r
    })
    times.push(performance.now() - t0)
  }
  const ms = times.map(Math.round)
  const median = [...ms].sort((a, b) => a - b)[Math.floor((ms.length - 1) / 2)]
  const settle = `${median} ms${ms.length > 1 ? ` (median of ${ms.length} draws in turn: ${ms.join(', ')})` : ''} (${settled.winners} winners)${
    cpu.length ? `; the database's CPU: ${cpu.join(', ')} ms` : ''}`

  const open = await newIssue(m, db, room, '209901010003')
  const seconds = Number(process.env.BENCH_PLACE_SECONDS ?? 10)
  const placed = {}
  for (const w of workers) placed[`bets/s (${w} ${w === 1 ? 'writer' : 'writers'})`] = await placing(m, db, room, open, members, seconds, w)
  const checked = check ? { 'ledger:check': (await m.checkLedger(db)).ok ? '通过' : '不符' } : {}
  return { db: label, [`settle ${bets} bets`]: settle, ...placed, ...checked }
}

async function listP95(label, build, env, n) {
  const srv = await startServer(build, env, 19400 + Math.floor(Math.random() * 300))
  const get = async (path, q = {}) => (await (await srv.get(path, q)).json()).data
  const list = (path, q) => timed(n, () => srv.get(path, q))
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
    for (const [name, q] of Object.entries(filters)) row[`list ${name}`] = await list('/api/order/index', q)
    row['demo list'] = await list('/api/order/demo', {})
    row['draw list'] = await list('/api/issue/index', {})
    return row
  } finally {
    await srv.stop()
  }
}

const BETS = (members, bets) => ['--members', String(members), '--changes', '0', '--cards', '0', '--bets', String(bets), '--only', 'members,bets']

export async function benchLottery() {
  const b = privateBuild('lottery')
  try {
    const out = []
    const only = process.env.BENCH_LOTTERY_ONLY
    if (only !== 'list') out.push(...await benchSettle(b.dir))
    if (only !== 'settle') out.push(...await benchList(b.dir))
    return out
  } finally {
    b.done()
  }
}

async function benchSettle(build) {
  const out = []
  const m = await serverModules(build, MODULES)
  const bets = Number(process.env.BENCH_SETTLE_BETS ?? 100_000)
  // Settlement and placement in fresh databases.
  await freshPgDatabase(`houtai_bench_settle_${process.pid}`, async (url) => {
    const db = m.pgDb(url, 10)
    try { out.push(await settleAndPlace(m, db, bets, [1, 8])) } finally { await db.close() }
  })
  const dir = mkdtempSync(join(tmpdir(), 'houtai-bench-lottery-'))
  try {
    const db = await m.openPglite({ dataDir: dir })
    try { out.push(await settleAndPlace(m, db, bets, [1])) } finally { await db.close() }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  return out
}

async function benchList(build) {
  const out = []
  const bets = Number(process.env.BENCH_BETS ?? 10_000_000)
  const members = Number(process.env.BENCH_BET_MEMBERS ?? 200_000)
  const url = await pgDataSet(build, `houtai_bench_lottery_m${members}_b${bets}`, BETS(members, bets), 'select count(*)::int as n from lottery_bets', bets)
  out.push(await listP95('PostgreSQL', build, { DATABASE_URL: url }, 200))
  const lb = Number(process.env.BENCH_PGLITE_BETS ?? 1_000_000)
  const lm = Number(process.env.BENCH_PGLITE_BET_MEMBERS ?? 50_000)
  out.push(await listP95('PGlite', build, pgliteDataSet(build, `.bench/pglite-lottery-m${lm}-b${lb}`, BETS(lm, lb)), 100))
  return out
}
