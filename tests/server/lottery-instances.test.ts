// Two real server processes with their draw schedulers on one PostgreSQL, over many short-interval draws while bets
// arrive through the domain function; one process is killed with SIGKILL in the middle of a settlement. Afterwards
// every due draw is settled once, every bet has exactly one stake, one outcome and at most one payout (the right
// one), the draw totals agree, and ledger:check and the audit chain pass. A flush is answered by both instances.
import { describe, expect, it } from 'vitest'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import forge from 'node-forge'
import { pgDb } from '../../src/server/db/pg'
import type { Db } from '../../src/server/db/db'
import { registerMember } from '../../src/server/member/member-write'
import { transfer } from '../../src/server/ledger/ledger'
import { placeBet } from '../../src/server/lottery/bet'
import { checkLedger } from '../../src/server/ledger/check'
import { verifyAudit } from '../../src/server/audit/verify'
import { TEST_PASSWORD } from './helpers'
import { bundleServer, startServer, stopServers, templateCopy, type Server } from './instances'

const P = 'alpha'
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function login(s: Server): Promise<string> {
  const cfg = (await (await fetch(`${s.base}/common/configs`)).json()).data
  const password = forge.util.encode64(forge.pki.publicKeyFromPem(cfg.public_key).encrypt(TEST_PASSWORD, 'RSAES-PKCS1-V1_5'))
  const r = await (await fetch(`${s.base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) })).json()
  if (r.code !== 200) throw new Error(`login: ${r.msg}`)
  return r.data.token
}

const call = async (s: Server, token: string, path: string, body?: unknown) => (await fetch(`${s.base}${path}`, {
  method: body === undefined ? 'GET' : 'POST', headers: { token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  body: body === undefined ? undefined : JSON.stringify(body),
})).json()

const one = async <T = any>(db: Db, sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0]

describe.runIf(process.env.TEST_DB_KIND === 'pg')('two server instances on one PostgreSQL', () => {
  it('open and settle every draw once, and the survivor finishes what a SIGKILLed instance was doing', { timeout: 420_000 }, async () => {
    const copy = await templateCopy('inst')
    const dbUrl = copy.url
    const db = pgDb(dbUrl, 8)
    const dir = join('node_modules/.cache', `houtai-lottery-${process.pid}-${randomBytes(3).toString('hex')}`)
    mkdirSync(dir, { recursive: true })
    const servers: Server[] = []
    let betting = true
    try {
      // Only the test's rooms draw: the seeded ones are closed.
      await db.query(`update lottery_rooms set status = 0`)
      const file = await bundleServer(dir)
      const port = 17000 + (process.pid % 500) * 2
      servers.push(await startServer(file, dbUrl, 'lottery-A', port), await startServer(file, dbUrl, 'lottery-B', port + 1))
      const [a, b] = servers
      const token = await login(a)
      const groups = (await db.query<{ id: number }>(`select id from lottery_playgroups where product = $1`, [P])).rows.map((g) => g.id)
      const rooms: number[] = []
      for (const code of ['K1', 'K2']) {
        const r = await call(a, token, '/api/room/create', {
          code, name: `并发${code}`, interval: 30, lock: 3, min_stake: '1', max_stake: '1000', max_issue_stake: '1000000', group_ids: groups, status: 1,
        })
        expect(r.code, r.msg).toBe(200)
        rooms.push(r.data.id)
      }
      // Both schedulers beat; a flush on A is answered by A and by B.
      await expect.poll(async () => Number((await one(db, `select count(*) from lottery_instances where heartbeat_at > now() - interval '10 seconds'`)).count),
        { timeout: 20_000 }).toBe(2)
      const flush = await call(a, token, '/api/room/flush')
      expect(flush.code).toBe(200)
      expect(flush.data.instances).toHaveLength(2)
      expect(flush.data.rooms.filter((r: any) => r.status === 1).map((r: any) => r.name)).toEqual(['并发K1', '并发K2'])

      // Players of each money class with money; bets go on continuously through the domain function.
      const players: number[] = []
      for (let i = 0; i < 40; i++) {
        const kind = (i % 8 === 6 ? 1 : i % 8 === 7 ? 2 : 0) as 0 | 1 | 2
        const { id } = await registerMember(db, P, { username: `inst${i}${randomBytes(2).toString('hex')}`, kind })
        await transfer(db, {
          key: `test:inst:${id}`, product: P, money: kind, from: { kind: [10, 18, 19][kind] as 10 }, to: { kind: 1, owner: id },
          amount: 5_000_000_00, type: [2, 103, 104][kind],
        })
        players.push(id)
      }
      const ways = (await db.query<{ id: number; code: string }>(`select id, code from lottery_playways where product = $1`, [P])).rows
      let placed = 0
      let refused = 0
      const bettors = Array.from({ length: 6 }, async (_, w) => {
        for (let k = w; betting; k += 6) {
          const way = ways[k % ways.length]
          try {
            await db.tx((tx) => placeBet(tx, {
              product: P, member_id: players[k % players.length], room_id: rooms[k % 2], playway_id: way.id,
              number: way.code === 'tema' ? k % 28 : null, amount: 100 + (k % 50) * 100,
            }))
            placed += 1
          } catch {
            refused += 1
          }
        }
      })

      // Kill A while it is inside a settlement (its connection in a transaction touching the bets or the ledger batch).
      let caught: string | null = null
      for (const deadline = Date.now() + 150_000; !caught && Date.now() < deadline;) {
        const busy = await one<{ query: string }>(db,
          `select query from pg_stat_activity where application_name = 'lottery-A' and xact_start is not null
              and (query like '%lottery_bets b%set status%' or query like '%ledger_transfer_batch%' or query like '%lottery_bet_totals%')`)
        if (busy) {
          a.child.kill('SIGKILL')
          caught = busy.query
        } else await sleep(20)
      }
      expect(caught, 'instance A was never seen settling').not.toBeNull()
      await new Promise((r) => (a.child.exitCode !== null || a.child.signalCode ? r(null) : a.child.once('exit', r)))
      const killedAt = Date.now()
      // B goes on alone: draws keep opening and settling, including whatever A left half done.
      await expect.poll(async () => Number((await one(db,
        `select count(*) from lottery_issues where room_id = any($1::int[]) and status = 3 and settled_at > to_timestamp($2 / 1000.0)`, [rooms, killedAt])).count),
      { timeout: 90_000, interval: 500 }).toBeGreaterThanOrEqual(3)
      betting = false
      await Promise.all(bettors)
      // Every draw holding bets comes due and is settled by B.
      await expect.poll(async () => Number((await one(db,
        `select count(*) from lottery_issues i where i.room_id = any($1::int[]) and i.status <> 3
            and exists (select 1 from lottery_bets b where b.issue_id = i.id)`, [rooms])).count),
      { timeout: 90_000, interval: 500 }).toBe(0)

      expect(placed).toBeGreaterThan(300)
      const due = await one(db, `select count(*)::int as n, count(*) filter (where status <> 3)::int as unsettled from lottery_issues
        where room_id = any($1::int[]) and open_at < now() - interval '3 seconds'`, [rooms])
      expect(due.n).toBeGreaterThanOrEqual(4)
      expect(due.unsettled).toBe(0)
      // Each bet: one stake, one outcome, a payout exactly when it won and of the right amount, never two.
      const bad = await one(db, `
        select count(*) filter (where b.status not in (1, 2))::int as open,
               count(*) filter (where s.n is distinct from 1)::int as stakes,
               count(*) filter (where (b.status = 1) <> (p.n = 1) or coalesce(p.n, 0) > 1 or (p.n = 1 and p.amount <> b.payout))::int as payouts
          from lottery_bets b
          left join (select key, count(*) as n from ledger_transfers where key like 'bet:%:stake' group by key) s on s.key = 'bet:' || b.id || ':stake'
          left join (select key, count(*) as n, sum(amount) as amount from ledger_transfers where key like 'bet:%:payout' group by key) p
                 on p.key = 'bet:' || b.id || ':payout'
         where b.room_id = any($1::int[])`, [rooms])
      expect(bad).toEqual({ open: 0, stakes: 0, payouts: 0 })
      const winners = await one(db, `select count(*)::int as n from lottery_bets where room_id = any($1::int[]) and status = 1`, [rooms])
      expect(winners.n).toBeGreaterThan(0)
      // The draws' own figures agree with their bets (each settled once, by one instance).
      const totals = await one(db, `
        select count(*)::int as n from lottery_issues i
          cross join lateral (select count(*)::int as n, coalesce(sum(amount), 0) as stake, coalesce(sum(payout), 0) as payout
                                from lottery_bets b where b.issue_id = i.id and b.money = 0) x
         where i.room_id = any($1::int[]) and i.status = 3 and (i.bet_count, i.bet_amount, i.payout_amount) is distinct from (x.n, x.stake, x.payout)`, [rooms])
      expect(totals.n).toBe(0)
      const ledger = await checkLedger(db)
      expect(ledger.lines.filter((l) => !l.ok)).toEqual([])
      expect((await verifyAudit(db)).ok).toBe(true)
      console.log(`instances: ${placed} bets placed (${refused} refused), ${due.n} draws due, ${winners.n} winners; A killed during: ${caught!.replace(/\s+/g, ' ').slice(0, 80)}`)
    } finally {
      betting = false
      await stopServers(servers)
      await db.close()
      await copy.drop()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
