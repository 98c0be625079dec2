// Live events (GET /api/events) read over a real HTTP listener as the console reads them: a withdrawal or recharge
// made through the domain function (any writer: the database's trigger tells every process) arrives with its record,
// a decision arrives, counts follow as 首页 counts them; each admin sees only the lists he holds and only his current
// product; a session that ends closes its stream; on PostgreSQL another server process's writes reach these streams.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { makeApp, TEST_PASSWORD, type TestApp } from './helpers'
import { card, fund, member, P, setSetting } from './finance-fixtures'
import { bet, draw, issue, player, playwayId, roomId } from './lottery-fixtures'
import { openEvents, named, type Sse } from './sse'
import { bundleServer, startServer, stopServers, type Server } from './instances'
import { requestWithdraw } from '../../src/server/finance/withdraw-rules'
import { requestRecharge } from '../../src/server/finance/recharge-rules'
import { one } from '../../src/server/db/db'
import { MENU } from '../../src/contract/menus'
import { BULK_ROWS } from '../../src/server/events/channel'

let t: TestApp
let base: string
let admin: string

/** The app on a real HTTP listener of its own; answers its base URL. */
async function listening(app: TestApp): Promise<string> {
  await app.app.listen({ port: 0, host: '127.0.0.1' })
  const addr = app.app.server.address()
  return `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`
}

beforeAll(async () => {
  // No heartbeat within a test: whatever arrives or closes here does so because of a note, not of a periodic check.
  t = await makeApp({ EVENTS_HEARTBEAT_MS: '600000' })
  base = await listening(t)
  admin = await t.login()
})
afterAll(async () => { await t?.close() })

const stream = (token: string) => openEvents(base, '/api/events', token)
const isCounts = (e: Sse) => e.event === 'counts'
const waiting = async (token: string) => (await t.get('/api/home', token)).data.waiting

/** A member with a card and money in `product`, asking to withdraw `cents`. */
async function withdrawal(name: string, cents: number, product = P) {
  const id = await member(t, `${name}${randomBytes(2).toString('hex')}`, { product })
  await card(t, id, product)
  await fund(t, id, 10_000_000, product)
  const w = await t.db.tx((tx) => requestWithdraw(tx, product, { member_id: id, amount: cents }))
  return { ...w, member_id: id }
}

async function recharge(name: string, cents: number, product = P) {
  const id = await member(t, `${name}${randomBytes(2).toString('hex')}`, { product })
  return { ...(await t.db.tx((tx) => requestRecharge(tx, product, { member_id: id, amount: cents, pay_method: 1 }))), member_id: id }
}

/** An admin whose one role holds the recharge list (read) and nothing else. */
async function rechargeOnly(): Promise<string> {
  const menu = (await one<{ id: number }>(t.db, 'select id from menus where web_uri = $1', [MENU.recharge]))!
  const read = (await one<{ id: number }>(t.db, `select id from permissions where menu_id = $1 and key = 'R'`, [menu.id]))!
  const role = await t.post('/api/sysrole/create', admin, { name: '充值只读' })
  expect((await t.post('/api/sysrole/assign', admin, { role_id: role.data.id, menu_ids: [menu.id], permission_ids: [read.id] })).code).toBe(200)
  const a = await t.post('/api/sysadmin/create', admin, { username: 'rc_reader', nickname: '充值', password: t.encrypt(TEST_PASSWORD), role_ids: [role.data.id], status: 1 })
  expect(a.code).toBe(200)
  return t.login('rc_reader')
}

describe('the stream of an admin holding the lists', () => {
  it('answers counts at once, as home counts them', async () => {
    const s = await stream(admin)
    expect(s.status).toBe(200)
    const { event } = await s.take(isCounts)
    expect(event.data).toEqual(await waiting(admin))
    expect(event.data.withdraw_pending).toEqual(expect.any(Number))
    s.close()
  })

  it('delivers a withdrawal created through the domain function, then its decision, each followed by counts', async () => {
    const s = await stream(admin)
    const first = (await s.take(isCounts)).event.data
    const w = await withdrawal('evw', 12_345)
    const created = await s.take(named('withdraw.created', w.id))
    expect(created.event.data).toEqual({ id: w.id, order_no: w.order_no, member_id: w.member_id, username: expect.stringMatching(/^evw/), amount: '123.45', status: 3 })
    const after = (await s.take(isCounts)).event.data
    expect(after.withdraw_pending).toBe(first.withdraw_pending + 1)
    expect(after).toEqual(await waiting(admin))

    expect((await t.post('/api/withdraw/edit', admin, { id: w.id, status: 2, remark: '资料不符' })).code).toBe(200)
    const decided = await s.take(named('withdraw.decided', w.id))
    expect(decided.event.data).toMatchObject({ id: w.id, order_no: w.order_no, amount: '123.45', status: 2 })
    expect((await s.take(isCounts)).event.data).toEqual(first)
    s.close()
  })

  it('delivers recharges and their decisions', async () => {
    const s = await stream(admin)
    await s.take(isCounts)
    const r = await recharge('evr', 50_000)
    expect((await s.take(named('recharge.created', r.id))).event.data).toMatchObject({ id: r.id, order_no: r.order_no, amount: '500.00', status: 3 })
    expect((await t.post('/api/recharge/edit', admin, { id: r.id, status: 1 })).code).toBe(200)
    expect((await s.take(named('recharge.decided', r.id))).event.data).toMatchObject({ id: r.id, status: 1 })
    s.close()
  })

  it('delivers a settled real bet whose payout reaches big_win_amount, and no smaller or virtual win', async () => {
    await setSetting(t, 'big_win_amount', '150.00')
    const s = await stream(admin)
    await s.take(isCounts)
    const room = await roomId(t)
    const i = await issue(t, room, 60)
    const da = await playwayId(t, 'da')
    const [big, small, virtual] = [await player(t, 0, 1_000_000), await player(t, 0, 1_000_000), await player(t, 1, 1_000_000)]
    const bets = []
    for (const [m, amount] of [[small, 1_000], [virtual, 50_000], [big, 10_000]] as const) {
      bets.push(await bet(t, { member_id: m.id, room_id: room, issue_id: i.id, playway_id: da, amount }))
    }
    await draw(t, i.id, [9, 9, 9])
    const { event, skipped } = await s.take((e) => e.event === 'bet.big_win')
    const payout = await one<{ payout: string }>(t.db, 'select cents_text(payout) as payout from lottery_bets where id = $1', [bets[2].id])
    expect(event.data).toEqual({ id: bets[2].id, order_no: bets[2].order_no, member_id: big.id, username: big.username, stake: '100.00', payout: payout!.payout, issue_no: i.issue_no })
    expect(skipped.filter((e) => e.event === 'bet.big_win')).toEqual([])
    s.close()
  })
  it('a statement writing more than BULK_ROWS rows (a bulk load) sends new counts, not an event per row', async () => {
    const s = await stream(admin)
    const first = (await s.take(isCounts)).event.data
    const m = await member(t, `evbulk${randomBytes(2).toString('hex')}`)
    await t.db.query(`insert into withdrawals (product, order_no, member_id, amount, pay_method)
      select $1, 'BULK' || g || $3, $2, 100, 1 from generate_series(1, ${BULK_ROWS + 1}) g`, [P, m, randomBytes(3).toString('hex')])
    const { event, skipped } = await s.take(isCounts)
    expect(event.data.withdraw_pending).toBe(first.withdraw_pending + BULK_ROWS + 1)
    expect(skipped).toEqual([])
    await t.db.query(`update withdrawals set status = 2 where member_id = $1`, [m])
    expect((await s.take(isCounts)).event.data).toEqual(first)
    s.close()
  })
})

describe('who sees what', () => {
  it('an admin without the withdrawal menu receives no withdrawal event, and counts without withdrawals', async () => {
    const reader = await rechargeOnly()
    const mine = await stream(reader)
    const everything = await stream(admin)
    expect((await mine.take(isCounts)).event.data).toEqual({ withdraw_pending: null, withdraw_second: null, recharge_pending: expect.any(Number) })
    await everything.take(isCounts)
    const w = await withdrawal('evn', 10_000)
    const r = await recharge('evn', 20_000)
    const got = await mine.take(named('recharge.created', r.id))
    expect(got.skipped.filter((e) => e.event.startsWith('withdraw.'))).toEqual([])
    // The admin holding both lists got both, in the order they were written.
    await everything.take(named('withdraw.created', w.id))
    await everything.take(named('recharge.created', r.id))
    expect((await mine.take(isCounts)).event.data.withdraw_pending).toBeNull()
    mine.close()
    everything.close()
  })

  it('another product\'s events never arrive; after a product switch the stream follows the new product', async () => {
    const token = await t.login()
    const s = await stream(token)
    await s.take(isCounts)
    const other = await withdrawal('evb', 10_000, 'beta')
    const own = await withdrawal('eva', 10_000)
    const got = await s.take(named('withdraw.created', own.id))
    expect(got.skipped.filter((e) => e.event !== 'counts')).toEqual([])
    await s.take(isCounts) // alpha's, with the new withdrawal

    expect((await t.post('/api/product/switch', token, { pro: 'beta' })).code).toBe(200)
    expect((await s.take(isCounts)).event.data).toEqual(await waiting(token))
    const alpha = await withdrawal('eva', 10_000)
    const beta = await withdrawal('evb', 10_000, 'beta')
    const next = await s.take(named('withdraw.created', beta.id))
    expect(next.skipped.map((e) => e.data?.id)).not.toContain(alpha.id)
    expect(other.id).not.toBe(beta.id)
    s.close()
  })
})

describe('the stream ends with its session', () => {
  it('refuses a request without a token, and takes none from the URL', async () => {
    expect((await stream('')).status).toBe(401)
    expect((await openEvents(base, `/api/events?token=${admin}`)).status).toBe(401)
  })

  it('closes at once on logout', async () => {
    const token = await t.login()
    const s = await stream(token)
    await s.take(isCounts)
    expect((await t.post('/api/logout', token)).code).toBe(200)
    await s.ended
    expect((await stream(token)).status).toBe(401)
  })

  it('closes at once when the admin is disabled', async () => {
    const reader = await t.login('kefu')
    const s = await stream(reader)
    await s.take(isCounts)
    const kefu = (await one<{ id: number; nickname: string; role_ids: number[] }>(t.db, `select a.id, a.nickname, array_agg(ar.role_id) as role_ids
      from admins a join admin_roles ar on ar.admin_id = a.id where a.username = 'kefu' group by a.id`))!
    const off = await t.post('/api/sysadmin/edit', admin, { id: kefu.id, username: 'kefu', nickname: kefu.nickname, role_ids: kefu.role_ids, status: 0 })
    expect(off.code, off.msg).toBe(200)
    await s.ended
  })

  it('closes when the session expires, found on the heartbeat (which is a comment line)', async () => {
    const h = await makeApp({ EVENTS_HEARTBEAT_MS: '100' })
    try {
      const token = await h.login()
      const e = await openEvents(await listening(h), '/api/events', token)
      await e.take(isCounts)
      await h.db.query(`update sessions set expires_at = now() - interval '1 second' where ended_at is null`)
      await e.ended
      expect(e.comments()).toBeGreaterThan(0)
    } finally {
      await h.close()
    }
  })
})

describe.runIf(process.env.TEST_DB_KIND === 'pg')('two server instances on one PostgreSQL', () => {
  it('a decision made through another server process reaches a stream held by this one', { timeout: 180_000 }, async () => {
    const dir = join('node_modules/.cache', `houtai-events-${process.pid}-${randomBytes(3).toString('hex')}`)
    mkdirSync(dir, { recursive: true })
    const servers: Server[] = []
    try {
      const other = await startServer(await bundleServer(dir), t.url!, 'events-B', 17600 + (process.pid % 300))
      servers.push(other)
      const s = await stream(admin)
      await s.take(isCounts)
      const w = await withdrawal('evi', 10_000)
      await s.take(named('withdraw.created', w.id))
      const password = t.encrypt(TEST_PASSWORD)
      const login = await (await fetch(`${other.base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) })).json()
      const r = await (await fetch(`${other.base}/api/withdraw/edit`, {
        method: 'POST', headers: { token: login.data.token, 'content-type': 'application/json' }, body: JSON.stringify({ id: w.id, status: 2, remark: '另一实例驳回' }),
      })).json()
      expect(r.code).toBe(200)
      expect((await s.take(named('withdraw.decided', w.id))).event.data).toMatchObject({ id: w.id, status: 2 })
      s.close()
    } finally {
      await stopServers(servers)
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
