// Finance benchmarks at volume (issue: finance and merchants): first page p95 of the money lists for the common filters
// (status, time range, username) with their stats, withdrawal approvals per second through the API, and ledger
// transfers per second at the domain level — on PostgreSQL and on PGlite, each filled once by `bench:data` and kept for
// later runs (.bench/). Sizes: BENCH_FIN_MEMBERS, BENCH_RECHARGES, BENCH_WITHDRAWALS (PGlite: BENCH_PGLITE_FIN_*);
// BENCH_FIN_ONLY=postgres or =pglite runs one database.
import { ledgerCheck, P, perSecond, pgDataSet, pgliteDataSet, privateBuild, serverModules, startServer, timed } from './harness.mjs'

const SECONDS = Number(process.env.BENCH_FIN_SECONDS ?? 5)
export const MODULES = `export { pgDb } from './src/server/db/pg'; export { openPglite } from './src/server/db/pglite';
  export { migrate } from './src/server/db/migrate';
  export { transfer } from './src/server/ledger/ledger'; export { requestWithdraw } from './src/server/finance/withdraw-rules'`

const ymd = (d) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 10)

async function lists(srv, n) {
  const get = srv.get
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
export async function pendingWithdrawals(m, db, n) {
  const who = (await db.query(
    `select m.id from members m join ledger_accounts a on a.owner_id = m.id and a.kind = 1 and a.money = 0
      where m.product = $2 and m.kind = 0 and m.status = 1 and a.balance >= 20000
        and exists (select 1 from member_cards c where c.member_id = m.id and c.status = 1)
        and not exists (select 1 from withdrawals w where w.member_id = m.id and w.created_at > now() - interval '1 day')
      order by m.id desc limit $1`, [n, P])).rows
  let made = 0
  for (const r of who) {
    // A member's limits of the day (or hours) may refuse one; the others still make up the work.
    made += await db.tx((tx) => m.requestWithdraw(tx, P, { member_id: r.id, amount: 10_000 })).then(() => 1, () => 0)
  }
  return made
}

/** Approvals through the API with `connections` at once, until the pending ones run out or SECONDS pass. */
export async function approvals(srv, connections) {
  const post = (path, body) => srv.post(path, body).then((r) => r.json())
  const pending = []
  for (let after; pending.length < 20_000;) {
    const page = (await (await srv.get('/api/withdraw/index', { status: 3, per_page: 1000, ...(after ? { after } : {}) })).json()).data
    pending.push(...page.items.filter((w) => w.review_stage === 'pending').map((w) => w.id))
    if (!page.cursor_next) break
    after = page.cursor_next
  }
  const settings = (await (await srv.get('/api/system/finance')).json()).data.items
  const dbl = settings.find((s) => s.key === 'double_review_amount')
  await post('/api/system/finance/edit', { id: dbl.id, value: '10000000' })
  let ok = 0
  let bad = 0
  const t = performance.now()
  const end = Date.now() + SECONDS * 1000
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
export async function transfers(m, db, writers, perTx = 1) {
  const ids = (await db.query(`select owner_id as id from ledger_accounts where product = $1 and money = 0 and kind = 1 and balance > 100000 limit 2000`, [P])).rows.map((r) => r.id)
  const run = `${process.pid}:${Date.now()}:${writers}:${perTx}`
  return perSecond(SECONDS, writers, async (w, i) => {
    const move = (q, k) => {
      const id = ids[(w * 7919 + i * 31 + k * 17) % ids.length]
      const out = (i + k) % 2 === 0
      return m.transfer(q, {
        key: `bench:transfer:${run}:${w}:${i}:${k}`, product: P, money: 0, amount: 100, type: out ? 1 : 3,
        from: out ? { kind: 1, owner: id } : { kind: 13 }, to: out ? { kind: 13 } : { kind: 1, owner: id },
      })
    }
    if (perTx === 0) await move(db, 0)
    else await db.tx(async (tx) => { for (let k = 0; k < perTx; k++) await move(tx, k) })
    return Math.max(1, perTx)
  })
}

/** The same writers committing one tiny insert each: what this machine's disk allows per commit. */
export async function commits(db, writers) {
  await db.query('create table if not exists bench_commit_ceiling (v int)')
  const n = await perSecond(SECONDS, writers, () => db.tx((tx) => tx.query('insert into bench_commit_ceiling (v) values (1)')))
  await db.query('drop table bench_commit_ceiling')
  return n
}

const DATA = (s) => ['--members', String(s.members), '--changes', '0', '--recharges', String(s.recharges), '--withdrawals', String(s.withdrawals)]

async function measure(label, build, env, openDb, n) {
  const m = await serverModules(build, MODULES)
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
  const srv = await startServer(build, env, 19500 + Math.floor(Math.random() * 300))
  try {
    Object.assign(row, await lists(srv, n))
    row['withdrawal approvals'] = await approvals(srv, label === 'PostgreSQL' ? 8 : 4)
  } finally {
    await srv.stop()
  }
  row['ledger:check'] = ledgerCheck(build, env)
  return row
}

export async function benchFinance() {
  const b = privateBuild('fin')
  try { return await run(b.dir) } finally { b.done() }
}

async function run(build) {
  const out = []
  const sizes = {
    members: Number(process.env.BENCH_FIN_MEMBERS ?? 200_000),
    recharges: Number(process.env.BENCH_RECHARGES ?? 2_000_000), withdrawals: Number(process.env.BENCH_WITHDRAWALS ?? 2_000_000),
  }
  const only = process.env.BENCH_FIN_ONLY
  if (only !== 'pglite') {
    const url = await pgDataSet(build, `houtai_bench_fin_m${sizes.members}_r${sizes.recharges}_w${sizes.withdrawals}`, DATA(sizes),
      'select count(*)::int as n from recharges', sizes.recharges)
    out.push(await measure('PostgreSQL', build, { DATABASE_URL: url }, (m) => m.pgDb(url, 40), 200))
  }
  if (only === 'postgres') return out
  const lite = {
    members: Number(process.env.BENCH_PGLITE_FIN_MEMBERS ?? sizes.members),
    recharges: Number(process.env.BENCH_PGLITE_RECHARGES ?? sizes.recharges), withdrawals: Number(process.env.BENCH_PGLITE_WITHDRAWALS ?? sizes.withdrawals),
  }
  const env = pgliteDataSet(build, `.bench/pglite-fin-m${lite.members}-r${lite.recharges}-w${lite.withdrawals}`, DATA(lite))
  out.push(await measure('PGlite', build, env, (m) => m.openPglite({ dataDir: env.DATA_DIR }), 100))
  return out
}
