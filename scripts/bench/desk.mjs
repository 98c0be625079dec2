// The withdrawal review desk at volume (PostgreSQL): the review context's p95 for a heavy member (BENCH_DESK_CHANGES
// balance changes, default 10,000, and BENCH_DESK_LOGINS logins, default 1,000, among a product filled by bench:data and
// BENCH_DESK_OTHER_LOGINS other members' logins sharing a pool of IPs and devices), and the queue's pages (sort=waiting).
// The data set is kept (houtai_bench_desk_*); the heavy member is made once through the domain functions: its bets
// placed and settled, its other money moved by the ledger's batch, its withdrawals asked for and decided.
import { P, pgDataSet, privateBuild, serverModules, startServer, timed } from './harness.mjs'

const MODULES = `export { pgDb } from './src/server/db/pg'; export { migrate } from './src/server/db/migrate';
  export { registerMember } from './src/server/member/member-write'; export { bindCard } from './src/server/member/payee-store';
  export { transferBatch } from './src/server/ledger/ledger'; export { placeBet } from './src/server/lottery/bet';
  export { openDueIssue } from './src/server/lottery/draw'; export { settleIssue } from './src/server/lottery/settle';
  export { newSeed } from './src/server/lottery/fair'; export { requestWithdraw, decideWithdraw } from './src/server/finance/withdraw-rules';
  export { cardNumber } from './src/server/sim/people'; export { rng } from './src/server/sim/rng'`

const CHANGES = Number(process.env.BENCH_DESK_CHANGES ?? 10_000)
const LOGINS = Number(process.env.BENCH_DESK_LOGINS ?? 1_000)
const OTHER_LOGINS = Number(process.env.BENCH_DESK_OTHER_LOGINS ?? 200_000)
const BETS = Math.floor(CHANGES / 2)
const NAME = 'desk_heavy'

/** The heavy member: registered, funded, betting, credited and debited, logging in and withdrawing (once per data set). */
async function heavyMember(m, db) {
  const have = (await db.query(`select id, exists (select 1 from member_logins l where l.member_id = m.id) as done
    from members m where product = $1 and username = $2`, [P, NAME])).rows[0]
  if (have?.done) return have.id
  if (have) throw new Error(`${NAME} was left half made by an interrupted run: drop the data set's database and run again`)
  console.log(`making ${NAME}: ${BETS} bets, ${CHANGES} balance changes, ${LOGINS} logins…`)
  await db.query(`update member_levels set withdraw_times_daily = 0, withdraw_max_daily = 0 where product = $1`, [P])
  await db.query(`update settings set value = '0' where product = $1 and key = 'withdraw_times_daily'`, [P])
  const { id } = await db.tx((tx) => m.registerMember(tx, P, { username: NAME, real_name: '张三' }))
  await db.query(`update members set created_at = now() - interval '200 days' where id = $1`, [id])
  await m.bindCard(db, P, { member_id: id, holder: '张三', bank_name: '招商银行', card_no: m.cardNumber(m.rng(4242)), status: 1 })
  const leg = (k, from, to, amount, type) => ({ key: `bench:desk:${id}:${k}`, from, to, amount, type, ref: `DESK${k}` })
  const me = { kind: 1, owner: id }
  await m.transferBatch(db, P, 0, [leg('fund', { kind: 10 }, me, 100_000_000, 2)])
  // Bets on one issue of the first room, placed and settled as the member site and the scheduler would.
  const room = (await db.query('select id from lottery_rooms where product = $1 and deleted_at is null order by sort, id limit 1', [P])).rows[0].id
  const way = (await db.query(`select id from lottery_playways where product = $1 and code = 'da'`, [P])).rows[0].id
  const { seed, hash } = m.newSeed()
  const issue = (await db.query(`insert into lottery_issues (product, room_id, issue_no, open_at, lock_at, seed, seed_hash)
    values ($1, $2, $3, now() + interval '1 hour', now() + interval '55 minutes', $4, $5) returning id`, [P, room, `DESK${Date.now()}`, seed, hash])).rows[0].id
  for (let i = 0; i < BETS; i++) await db.tx((tx) => m.placeBet(tx, { product: P, member_id: id, room_id: room, issue_id: issue, playway_id: way, amount: 100 + (i % 7) * 100 }))
  await db.query('update lottery_issues set open_at = now(), lock_at = now() where id = $1', [issue])
  await db.tx((tx) => m.openDueIssue(tx, undefined, issue))
  await db.tx((tx) => m.settleIssue(tx, issue))
  // The rest of the balance changes: gifts, manual top-ups and deductions, spread over the last 90 days.
  const made = Number((await db.query('select count(*)::int as n from balance_changes where member_id = $1', [id])).rows[0].n)
  const legs = Array.from({ length: Math.max(0, CHANGES - made - 40) }, (_, i) => [
    leg(`g${i}`, { kind: 14 }, me, 1_000, 7), leg(`a${i}`, { kind: 15 }, me, 2_000, 6), leg(`s${i}`, me, { kind: 15 }, 1_500, 8),
  ][i % 3])
  for (let i = 0; i < legs.length; i += 1000) {
    await db.tx((tx) => m.transferBatch(tx, P, 0, legs.slice(i, i + 1000), { at: new Date(Date.now() - (i % 90) * 86_400_000) }))
  }
  for (let i = 0; i < 20; i++) {
    const at = new Date(Date.now() - (i + 2) * 86_400_000)
    const w = await db.tx((tx) => m.requestWithdraw(tx, P, { member_id: id, amount: 50_000, at }))
    await db.tx((tx) => m.decideWithdraw(tx, P, w.id, { status: i % 4 ? 1 : 2, remark: '驳回', admin: 'bench', at }))
  }
  await db.query(`insert into member_logins (product, member_id, ip, device_id, user_agent, ok, at)
    select $1, $2, '10.' || (g % 20) || '.' || (g % 20) || '.1', 'dev-' || (g % 5), 'bench', true, now() - make_interval(mins => g * 37)
      from generate_series(1, $3) g`, [P, id, LOGINS])
  return id
}

/** Other members' logins from a shared pool of IPs and devices, so the heavy member's values are shared with some. */
async function otherLogins(db) {
  const n = Number((await db.query(`select count(*)::int as n from member_logins where product = $1 and user_agent = 'bench-other'`, [P])).rows[0].n)
  if (n >= OTHER_LOGINS) return
  console.log(`adding ${OTHER_LOGINS - n} other members' logins…`)
  await db.query(`with ids as (select array_agg(id order by id) as a from members where product = $1 and kind = 0)
    insert into member_logins (product, member_id, ip, device_id, user_agent, ok, at)
    select $1, ids.a[1 + (g * 7919) % array_length(ids.a, 1)], '10.' || (g % 251) || '.' || (g % 89) || '.' || (g % 7), 'dev-' || (g % 5000),
           'bench-other', true, now() - make_interval(mins => g % 60000)
      from generate_series(1, $2) g, ids`, [P, OTHER_LOGINS - n])
}

export async function benchDesk() {
  const b = privateBuild('desk')
  try {
    const members = Number(process.env.BENCH_DESK_MEMBERS ?? 20_000)
    const args = ['--members', String(members), '--changes', '100000', '--recharges', '50000', '--withdrawals', '50000', '--bets', '200000']
    const url = await pgDataSet(b.dir, `houtai_bench_desk_m${members}`, args, 'select count(*)::int as n from members', members)
    const m = await serverModules(b.dir, MODULES)
    const db = m.pgDb(url, 4)
    await m.migrate(db)
    const id = await heavyMember(m, db)
    await otherLogins(db)
    // As autovacuum keeps a live database: statistics and visibility maps up to date.
    await db.query('vacuum analyze member_logins, balance_changes, lottery_bets, withdrawals, recharges, members')
    const pending = (await db.query('select id from withdrawals where member_id = $1 and status = 3 order by id desc limit 1', [id])).rows[0]?.id
      ?? (await db.tx((tx) => m.requestWithdraw(tx, P, { member_id: id, amount: 150_000 }))).id
    const counts = (await db.query(`select (select count(*) from balance_changes where member_id = $1)::int as changes,
      (select count(*) from member_logins where member_id = $1)::int as logins, (select count(*) from lottery_bets where member_id = $1)::int as bets`, [id])).rows[0]
    await db.close()
    const srv = await startServer(b.dir, { DATABASE_URL: url }, 19800 + Math.floor(Math.random() * 100))
    try {
      const row = { db: 'PostgreSQL', member: `${counts.changes} balance changes, ${counts.logins} logins, ${counts.bets} bets` }
      row['review context'] = await timed(200, () => srv.get('/api/withdraw/review', { id: pending }))
      // The floor of any logged read on this machine: the session check, one small query and the log row's commit.
      row['a card shown (logged read, for comparison)'] = await timed(200, () => srv.get('/api/card/show', { id: 1 }))
      const first = (await (await srv.get('/api/withdraw/index', { sort: 'waiting', per_page: 20 })).json()).data
      row['queue (sort=waiting) first page'] = await timed(100, () => srv.get('/api/withdraw/index', { sort: 'waiting', per_page: 20 }))
      if (first.cursor_next) row['queue next page'] = await timed(100, () => srv.get('/api/withdraw/index', { sort: 'waiting', per_page: 20, after: first.cursor_next }))
      row['queue size'] = first.total
      return [row]
    } finally {
      await srv.stop()
    }
  } finally {
    b.done()
  }
}
