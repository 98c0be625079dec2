// Member-area benchmarks at volume (issue: members and the ledger): the member list's first page p95 for each
// filter, a deep page (by cursor) against the first, member suggestions p95, one member's detail with its balance
// history p95, and ledger:check's run time — on PostgreSQL and on PGlite, each filled once by `bench:data` and kept
// for later runs (.bench/). Sizes: BENCH_MEMBERS / BENCH_CHANGES (PostgreSQL), BENCH_PGLITE_MEMBERS /
// BENCH_PGLITE_CHANGES (PGlite, whose WebAssembly heap holds less); BENCH_MEMBERS_ONLY=pg or =pglite runs one of them.
import { ledgerCheck, pgDataSet, pgliteDataSet, privateBuild, startServer, timed } from './harness.mjs'

async function measure(label, build, env, n) {
  const srv = await startServer(build, env, 19100 + Math.floor(Math.random() * 300))
  const get = srv.get
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
    for (const [name, q] of Object.entries(filters)) rows[`list ${name}`] = await timed(n, () => get('/api/member/index', q))
    // Cursors from the middle down, 10 ids apart (wrapping within the lower half on a small data set).
    const mid = Math.floor(maxId / 2)
    rows['deep page (cursor at the middle)'] = await timed(n, (i) => get('/api/member/index', { after: mid - ((i + 5) * 10) % mid, page: 5000 }))
    rows['suggest'] = await timed(n, (i) => srv.post('/api/member/suggest', { username: `b${'abcdefghij'[i % 10] ?? ''}` }))
    rows['member show (history)'] = await timed(n, (i) => get('/api/member/show', { id: Math.max(1, maxId - 7919 * (i + 10) % maxId) }))
    return rows
  } finally {
    await srv.stop()
  }
}

const DATA = (members, changes) => ['--members', String(members), '--changes', String(changes), '--only', 'members,changes']

/** The member list and the rest through the API, then ledger:check's run time on the same data set. */
async function measureWithCheck(label, build, env, n) {
  return { ...(await measure(label, build, env, n)), 'ledger:check': ledgerCheck(build, env) }
}

export async function benchMembers() {
  const b = privateBuild('members')
  try {
    const out = []
    const only = process.env.BENCH_MEMBERS_ONLY
    if (only !== 'pglite') {
      const m = Number(process.env.BENCH_MEMBERS ?? 1_000_000)
      const c = Number(process.env.BENCH_CHANGES ?? 5_000_000)
      const url = await pgDataSet(b.dir, `houtai_bench_m${m}_c${c}`, DATA(m, c), 'select count(*)::int as n from members', m)
      out.push(await measureWithCheck('PostgreSQL', b.dir, { DATABASE_URL: url }, 200))
    }
    if (only !== 'pg') {
      const m = Number(process.env.BENCH_PGLITE_MEMBERS ?? 200_000)
      const c = Number(process.env.BENCH_PGLITE_CHANGES ?? 1_000_000)
      out.push(await measureWithCheck('PGlite', b.dir, pgliteDataSet(b.dir, `.bench/pglite-m${m}-c${c}`, DATA(m, c)), 100))
    }
    return out
  } finally {
    b.done()
  }
}
