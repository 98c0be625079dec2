// Exposure benchmarks (RISK.md §6) on PostgreSQL in a fresh database: GET /api/issue/exposure p50/p95 for an
// issue with 10,000 and with 100,000 real open bets (budget 50 ms), through the running server; and bets placed per
// second through placeBet with a payout cap per issue enforced (set high enough that none is refused, so every bet
// takes the issue's lock and evaluates the worst case) against without. The bets behind the exposure are written
// by bulk SQL with their aggregate rows as placeBet writes them (setup, not measured). Sizes: BENCH_EXPOSURE_BETS
// ("10000,100000"), BENCH_EXPOSURE_MEMBERS (members betting on an issue, 5,000), BENCH_PLACE_SECONDS (10).
import { freshPgDatabase, P, privateBuild, serverModules, startServer, timed } from './harness.mjs'
import { benchRoom, fundedMembers, MODULES, newIssue, placing } from './lottery.mjs'

const PAYOUT = '(b.amount * (b.rate * 100)::bigint + 50) / 100'

/** `n` open real bets on the issue over every play way by `members`, and their exposure aggregate (evaluate.ts for each member's worst case). */
async function betsOn(m, db, issue, room, members, n) {
  await db.query(
    `insert into lottery_bets (product, money, member_id, room_id, issue_id, playway_id, code, number, amount, rate)
     select $1, 0, ($2::int[])[1 + ((g * 7919) % array_length($2::int[], 1))], $3, $4, w.id, w.code, case when w.code = 'tema' then (g * 13) % 28 end,
            100 * (1 + g % 50), w.rate
       from generate_series(0, $5::int - 1) g
       join (select row_number() over (order by id) - 1 as k, id, code, rate from lottery_playways where product = $1) w on w.k = (g / 3) % 14`,
    [P, members, room, issue, n])
  await db.query(`insert into lottery_exposure (issue_id, code, number, slot, bets, stake, payout)
    select issue_id, code, coalesce(number, -1), id % 16, count(*), sum(amount), sum(${PAYOUT}) from lottery_bets b where issue_id = $1 group by 1, 2, 3, 4`, [issue])
  await db.query(`insert into lottery_exposure_members (issue_id, member_id, code, number, bets, stake, payout)
    select issue_id, member_id, code, coalesce(number, -1), count(*), sum(amount), sum(${PAYOUT}) from lottery_bets b where issue_id = $1 group by 1, 2, 3, 4`, [issue])
  // Each member's worst case, as its last bet would have written it.
  const rows = (await db.query(`select member_id, code, number, bets, stake::float8 as stake, payout::float8 as payout
    from lottery_exposure_members where issue_id = $1 order by member_id`, [issue])).rows
  const by = new Map()
  for (const r of rows) by.set(r.member_id, [...(by.get(r.member_id) ?? []), r])
  const top = [...by].map(([id, gs]) => [id, gs.reduce((s, g) => s + g.bets, 0), gs.reduce((s, g) => s + g.stake, 0), m.worstPayout(gs)])
  await db.query(`insert into lottery_exposure_top (issue_id, member_id, bets, stake, payout_max)
    select $1, * from unnest($2::int[], $3::int[], $4::bigint[], $5::bigint[])`, [issue, ...[0, 1, 2, 3].map((k) => top.map((t) => t[k]))])
  await db.query('analyze lottery_exposure; analyze lottery_exposure_top')
}

export async function benchExposure() {
  const b = privateBuild('exposure')
  try {
    const m = await serverModules(b.dir, `${MODULES}; export { worstPayout } from './src/server/exposure/evaluate'`)
    const sizes = (process.env.BENCH_EXPOSURE_BETS ?? '10000,100000').split(',').map(Number)
    const bettors = Number(process.env.BENCH_EXPOSURE_MEMBERS ?? 5000)
    const seconds = Number(process.env.BENCH_PLACE_SECONDS ?? 10)
    return await freshPgDatabase(`houtai_bench_exposure_${process.pid}`, async (url) => {
      const db = m.pgDb(url, 10)
      const row = { db: 'PostgreSQL' }
      try {
        const members = await fundedMembers(m, db)
        const room = await benchRoom(db)
        const issues = []
        for (const [k, n] of sizes.entries()) {
          const issue = await newIssue(m, db, room, `20990101${String(k + 1).padStart(4, '0')}`)
          await betsOn(m, db, issue, room, members.slice(0, bettors), n)
          issues.push([n, issue])
        }
        const srv = await startServer(b.dir, { DATABASE_URL: url }, 19700 + Math.floor(Math.random() * 200))
        try {
          for (const [n, issue] of issues) row[`exposure ${n} bets (${bettors} members)`] = await timed(50, () => srv.get('/api/issue/exposure', { id: issue }))
          row['exposure rooms'] = await timed(50, () => srv.get('/api/issue/exposure/rooms'))
        } finally {
          await srv.stop()
        }
        for (const [label, cap] of [['no cap', 0], ['cap enforced', 99_999_999_999]]) {
          await db.query('update lottery_rooms set max_payout_per_issue = $2 where id = $1', [room, cap])
          const open = await newIssue(m, db, room, `2099010200${cap ? 2 : 1}`)
          for (const w of [1, 8]) row[`bets/s ${label} (${w} ${w === 1 ? 'writer' : 'writers'})`] = await placing(m, db, room, open, members, seconds, w)
        }
        return [row]
      } finally {
        await db.close()
      }
    })
  } finally {
    b.done()
  }
}
