// `npm run bench scale`: the whole data set on PostgreSQL and a tenth of it on PGlite, each filled once by
// `bench:data` (set-based, minutes) and kept, then ONE table: every list's first page p50/p95 for its common filters, a
// page 20 cursors deep against the first, the report for a month and a year, home, ledger transfers per second with
// 1/4/16 writers beside the plain-commit ceiling of the same writers, withdrawal approvals per second through the API,
// settling a draw of 100,000 bets and bets placed per second (in the data set), and ledger:check's run time; first, this
// machine's speed at the database's kind of work (src/server/bench-data/reference.ts), to compare runs on other machines.
// Sizes: BENCH_SCALE (1 = the issue's full set on PostgreSQL), BENCH_PGLITE_SCALE (0.1); BENCH_SCALE_ONLY=pg|pglite;
// BENCH_SCALE_N (calls per list, 100 on PostgreSQL, 50 on PGlite); BENCH_SETTLE_BETS (100,000), BENCH_SETTLE_DRAWS (3).
import { ledgerCheck, pgDataSet, pgliteDataSet, privateBuild, serverModules, startServer, timed } from './harness.mjs'
import { approvals, commits, MODULES as FINANCE, pendingWithdrawals, transfers } from './finance.mjs'
import { bettingMembers, fundMembers, MODULES as LOTTERY, settleAndPlace } from './lottery.mjs'

const FULL = { members: 1_000_000, changes: 5_000_000, recharges: 2_000_000, withdrawals: 2_000_000, bets: 10_000_000, invest: 200_000, oplogs: 1_000_000 }
const sizesOf = (scale) => Object.fromEntries(Object.entries(FULL).map(([k, v]) => [k, Math.max(1, Math.round(v * scale))]))
const argsOf = (s) => Object.entries(s).flatMap(([k, v]) => [`--${k}`, String(v)])
const tagOf = (s) => `m${s.members}_c${s.changes}_r${s.recharges}_w${s.withdrawals}_b${s.bets}_i${s.invest}_o${s.oplogs}`

const DAY = 86_400_000
const ymd = (ms) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10)
const range = (days) => ({ start_time: `${ymd(Date.now() - days * DAY)} 00:00:00`, end_time: `${ymd(Date.now())} 23:59:59` })

/** The lists and their common filters; `s` holds sample values read from the lists' first pages. */
function cases(s) {
  const week = range(7)
  const today = range(0)
  const month = { start_time: `${ymd(Date.now() - 45 * DAY)} 00:00:00`, end_time: `${ymd(Date.now() - 15 * DAY)} 23:59:59` }
  return {
    members: ['/api/member/index', { '': {}, username: { username: s.username }, 'status=0': { status: 0 }, level_id: { level_id: s.level },
      agent_id: { agent_id: s.agent }, 'register time (a month)': month, 'balance 100–5000': { balance_min: '100', balance_max: '5000' },
      'balance ≥ 1,000,000 (rare)': { balance_min: '1000000' } }],
    'balance changes': ['/api/balance/index', { '': {}, 'type=2': { type: '2' }, username: { username: s.username }, 'last 7 days': week, today }],
    recharges: ['/api/recharge/index', { '': {}, 'status=1': { status: 1 }, 'status=3': { status: 3 }, username: { username: s.username }, 'last 7 days': week }],
    withdrawals: ['/api/withdraw/index', { '': {}, 'status=3': { status: 3 }, username: { username: s.username }, 'last 7 days': week, 'sort=waiting': { sort: 'waiting' } }],
    bets: ['/api/order/index', { '': {}, 'status=2': { status: 2 }, room_id: { room_id: s.room }, username: { username: s.username },
      issue_no: { issue_no: s.issue }, 'last 7 days': { start_time: week.start_time } }],
    draws: ['/api/issue/index', { '': {}, room_id: { room_id: s.room } }],
    'interest plans': ['/api/invest/index', { '': {}, username: { username: s.username }, 'state=1': { state: 1 } }],
    'operation log': ['/api/operation/index', { '': {}, 'action=U': { action: 'U' } }],
    'gift and manual': ['/api/giftmoney/index', { '': {} }],
    'merchant bills': ['/api/merchantbill/index', { '': {} }],
  }
}

/** A page 20 cursors deep: the cursor found by walking, then that page timed like the first. */
async function deep(srv, path, n) {
  let after
  for (let i = 0; i < 20; i++) {
    const page = (await (await srv.get(path, after ? { after } : {})).json()).data
    if (!page.cursor_next) break
    after = page.cursor_next
  }
  return after ? timed(n, () => srv.get(path, { after })) : 'fewer than 20 pages'
}

const p95Of = (text) => Number(/p95 ([\d.]+)/.exec(text)?.[1] ?? NaN)

async function overApi(build, env, n, row) {
  const srv = await startServer(build, env, 19600 + Math.floor(Math.random() * 300))
  try {
    const data = async (path, q = {}) => (await (await srv.get(path, q)).json()).data
    const member = (await data('/api/member/index', { status: 1 })).items.find((m) => !m.is_agent) ?? {}
    const agent = (await data('/api/member/index', { is_agent: 1 })).items[0] ?? {}
    const bet = (await data('/api/order/index')).items[0] ?? {}
    const s = { username: member.username, level: member.level_id, agent: agent.id, room: bet.room_id, issue: bet.issue_no }
    let worst = 0
    for (const [list, [path, filters]] of Object.entries(cases(s))) {
      let first
      for (const [name, q] of Object.entries(filters)) {
        const r = await timed(n, () => srv.get(path, q))
        row[`${list}${name ? ` · ${name}` : ''}`] = r
        worst = Math.max(worst, p95Of(r))
        first ??= r
      }
      if (['members', 'balance changes', 'recharges', 'withdrawals', 'bets', 'operation log'].includes(list)) {
        const d = await deep(srv, path, n)
        row[`${list} · 20 cursors deep`] = `${d}${p95Of(d) ? ` (${(p95Of(d) / p95Of(first)).toFixed(1)}× first)` : ''}`
      }
    }
    row['lists: worst first-page p95'] = `${worst.toFixed(1)} ms`
    const month = { start_time: ymd(Date.now() - 29 * DAY), end_time: ymd(Date.now()) }
    const year = { start_time: ymd(Date.now() - 365 * DAY), end_time: ymd(Date.now()) }
    row['report month'] = await timed(n, () => srv.get('/api/report/index', month))
    row['report year'] = await timed(n, () => srv.get('/api/report/index', year))
    row.home = await timed(n, () => srv.get('/api/home'))
    row['withdrawal approvals/s (API)'] = await approvals(srv, env.DATABASE_URL ? 8 : 4)
  } finally {
    await srv.stop()
  }
}

async function ledgerRates(build, openDb, writers, row) {
  const m = await serverModules(build, `${FINANCE};\nexport { machineReference, REFERENCE_LABEL } from './src/server/bench-data/reference';`)
  const db = await openDb(m)
  try {
    await m.migrate(db)
    // A set just filled is still being written out; the reference measures the machine, not those writes.
    await db.query('checkpoint')
    row[m.REFERENCE_LABEL] = `${await m.machineReference(db)} ms`
    row['fresh pending withdrawals'] = await pendingWithdrawals(m, db, 3000)
    for (const w of writers) {
      const t = await transfers(m, db, w)
      const c = await commits(db, w)
      row[`transfers/s · ${w} writer${w > 1 ? 's' : ''} (plain commits/s)`] = `${t} (${c}, ${Math.round((100 * t) / c)} %)`
    }
  } finally {
    await db.close()
  }
}

/**
 * Settling draws and placing bets in the data set itself (its indexes and tables at full size, as a settlement meets
 * them in production), by 20,000 of its members given money for it.
 */
async function settle(build, openDb, row) {
  const m = await serverModules(build, LOTTERY)
  const bets = Number(process.env.BENCH_SETTLE_BETS ?? 100_000)
  const db = await openDb(m)
  try {
    const members = await bettingMembers(db)
    await fundMembers(m, db, members)
    const r = await settleAndPlace(m, db, bets, db.kind === 'pg' ? [1, 8] : [1], { members, check: false })
    for (const [k, v] of Object.entries(r)) if (k !== 'db') row[k] = v
  } finally {
    await db.close()
  }
}

async function measure(label, build, env, openDb, n, sizes) {
  const row = { sizes: Object.entries(sizes).map(([k, v]) => `${k} ${v}`).join(', ') }
  const pg = label === 'PostgreSQL'
  await ledgerRates(build, openDb, pg ? [1, 4, 16] : [1], row)
  await overApi(build, env, n, row)
  await settle(build, openDb, row)
  row['ledger:check'] = ledgerCheck(build, env)
  return row
}

export async function benchScale() {
  const b = privateBuild('scale')
  const only = process.env.BENCH_SCALE_ONLY
  const cols = {}
  try {
    if (only !== 'pglite') {
      const scale = Number(process.env.BENCH_SCALE ?? 1)
      const s = sizesOf(scale)
      // (A database name holds 63 characters: the scale names the set, the sizes follow from it.)
      const url = await pgDataSet(b.dir, `houtai_bench_scale_${String(scale).replace('.', '_')}`, argsOf(s),
        `select case when (select count(*) from operation_logs) >= ${s.oplogs} then (select count(*)::int from lottery_bets) else 0 end as n`, s.bets)
      cols.PostgreSQL = await measure('PostgreSQL', b.dir, { DATABASE_URL: url }, (m) => m.pgDb(url, 40), Number(process.env.BENCH_SCALE_N ?? 100), s)
    }
    if (only !== 'pg') {
      const s = sizesOf(Number(process.env.BENCH_PGLITE_SCALE ?? 0.1))
      const env = pgliteDataSet(b.dir, `.bench/pglite-scale-${tagOf(s)}`, argsOf(s))
      cols.PGlite = await measure('PGlite', b.dir, env, (m) => m.openPglite({ dataDir: env.DATA_DIR }), Number(process.env.BENCH_SCALE_N ?? 50), s)
    }
  } finally {
    b.done()
  }
  // One table: a row per measurement, a column per database.
  const rows = {}
  for (const [db, col] of Object.entries(cols)) for (const [k, v] of Object.entries(col)) (rows[k] ??= {})[db] = v
  return rows
}
