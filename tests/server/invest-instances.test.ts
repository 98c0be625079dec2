// Two real server instances on one PostgreSQL, each running the 余额宝 maturity job every 50 ms, while plans that are
// already due keep being bought and this process pays due plans too, ignoring the lease (as an instance whose lease
// ran out mid-batch would): every plan is paid exactly once (one principal and one interest transfer, state 2). Then
// the lease holder is killed mid-work (SIGKILL) and the other instance takes the lease over and pays what comes due.
// Every member ends with what it had plus its interest, and ledger:check and the audit chain pass.
import { describe, expect, it } from 'vitest'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { pgDb } from '../../src/server/db/pg'
import { registerMember } from '../../src/server/member/member-write'
import { transfer } from '../../src/server/ledger/ledger'
import { buyPlan, matureDue } from '../../src/server/invest/plan'
import { INVEST_LEASE } from '../../src/server/invest/job'
import { checkLedger } from '../../src/server/ledger/check'
import { verifyAudit } from '../../src/server/audit/verify'
import { bundleServer, startServer, stopServers, templateCopy, type Server } from './instances'

const P = 'alpha'
const FUND = 10_000_000

// Skipped on PGlite: its database belongs to one process, so two server instances cannot share it.
describe.runIf(process.env.TEST_DB_KIND === 'pg')('the maturity job on two instances (PostgreSQL only: a PGlite database has one process)', () => {
  it('pays every matured plan exactly once', { timeout: 300_000 }, async () => {
    const copy = await templateCopy('invest')
    const db = pgDb(copy.url, 8)
    const dir = join('node_modules/.cache', `houtai-invest-${process.pid}-${randomBytes(3).toString('hex')}`)
    mkdirSync(dir, { recursive: true })
    const servers: Server[] = []
    try {
      const file = await bundleServer(dir)
      const port = 19000 + (process.pid % 500) * 2
      const env = { LOTTERY_SCHEDULER: '0', INVEST_TICK_MS: '50' }
      servers.push(await startServer(file, copy.url, 'invest-A', port, env), await startServer(file, copy.url, 'invest-B', port + 1, env))
      const members: number[] = []
      for (let i = 0; i < 20; i++) {
        const { id } = await registerMember(db, P, { username: `mat${i}${randomBytes(2).toString('hex')}` })
        await transfer(db, { key: `test:mat:${id}`, product: P, money: 0, from: { kind: 10 }, to: { kind: 1, owner: id }, amount: FUND, type: 2 })
        members.push(id)
      }
      // Plans bought 16 days ago are due at once: the lease holder's job and this process race for them as they
      // arrive, four buyers at a time.
      const past = new Date(Date.now() - 16 * 86_400_000)
      let bought = 0
      const buyers = (from: number, to: number) => Promise.all([0, 1, 2, 3].map(async (w) => {
        for (let k = from + w; k < to; k += 4) {
          await db.tx((tx) => buyPlan(tx, P, { member_id: members[k % members.length], plan: k % 3 ? 7 : 15, amount: 10_000 + (k % 7) * 1_000, at: past }))
          bought += 1
        }
      }))
      const open = async () => Number((await db.query<any>(`select count(*) from invest_plans where state = 1`)).rows[0].count)
      let buying = true
      let paidHere = 0
      const rival = (async () => {
        while (buying) {
          paidHere += await db.tx((tx) => matureDue(tx, { limit: 5 }))
          await new Promise((r) => setTimeout(r, 5))
        }
      })()
      await buyers(0, 400)
      buying = false
      await rival
      await expect.poll(open, { timeout: 60_000, interval: 200 }).toBe(0)
      const holderPid = async () => Number(String((await db.query<any>('select holder from job_leases where name = $1', [INVEST_LEASE])).rows[0]?.holder ?? '').split('-')[0])
      const pid = await holderPid()
      const first = servers.find((s) => s.child.pid === pid)!
      expect(first, 'one of the instances holds the lease').toBeDefined()
      // The holder dies without a word; what comes due meanwhile is paid by the other once the lease runs out.
      first.child.kill('SIGKILL')
      await new Promise((r) => first.child.once('exit', r))
      await buyers(400, 480)
      await expect.poll(open, { timeout: 60_000, interval: 200 }).toBe(0)
      const second = servers.find((s) => s !== first)!
      expect(await holderPid()).toBe(second.child.pid)
      const plans = (await db.query<any>(`select count(*)::int as n, count(*) filter (where state = 2)::int as done, sum(interest)::bigint as interest from invest_plans`)).rows[0]
      expect(plans).toMatchObject({ n: bought, done: bought })
      const paid = (await db.query<any>(`
        select count(*) filter (where p.n is distinct from 1)::int as principal, count(*) filter (where x.n is distinct from 1)::int as interest
          from invest_plans i
          left join (select key, count(*) as n from ledger_transfers where key like 'invest:%:principal' group by key) p on p.key = 'invest:' || i.id || ':principal'
          left join (select key, count(*) as n from ledger_transfers where key like 'invest:%:interest' group by key) x on x.key = 'invest:' || i.id || ':interest'`)).rows[0]
      expect(paid).toEqual({ principal: 0, interest: 0 })
      // Each member holds its money back plus exactly its plans' interest.
      const wrong = (await db.query<any>(`
        select count(*)::int as n from members m join ledger_accounts a on a.owner_id = m.id and a.kind = 1 and a.money = 0
          where m.id = any($1::int[]) and a.balance <> $2 + (select coalesce(sum(interest), 0) from invest_plans i where i.member_id = m.id)`,
      [members, FUND])).rows[0]
      expect(wrong.n).toBe(0)
      expect((await checkLedger(db)).lines.filter((l) => !l.ok)).toEqual([])
      expect((await verifyAudit(db)).ok).toBe(true)
      console.log(`maturity on two instances: ${bought} plans paid once (${paidHere} by the rival in this process), interest ${plans.interest} cents`)
    } finally {
      await stopServers(servers)
      await db.close()
      await copy.drop()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
