// The calls of RISK.md §6 one by one — exposure, 限红 tiers and their assignment, the room's payout cap, big wins, the
// bet list's links from 风险敞口 — happy path, malformed input (400), no permission (403), another product's or no
// record (404), the operation log; and on PostgreSQL the two limits under 100 racing bets.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'
import { available, bet, draw, issue, P, player, playwayId, roomId, rows } from './lottery-fixtures'
import { setSetting } from './finance-fixtures'

const pg = process.env.TEST_DB_KIND === 'pg'
let t: TestApp
let admin: string
beforeEach(async () => {
  t = await makeApp()
  admin = await t.login()
})
afterEach(async () => { await t.close() })

const refused = (p: Promise<unknown>) => p.then(() => null, (e) => ({ code: e.code as number, msg: String(e.message) }))

describe('exposure', () => {
  it('answers an open issue, refuses a settled one (409), another product\'s (404), malformed ids (400) and 财务 (403)', async () => {
    const room = await roomId(t, 'BZ')
    const i = await issue(t, room, 300, 10)
    const m = await player(t, 0, 10_000_00)
    await bet(t, { member_id: m.id, room_id: room, issue_id: i.id, playway_id: await playwayId(t, 'baozi'), amount: 100_00 })
    const a = await t.get('/api/issue/exposure', admin, { id: i.id })
    expect(a.code).toBe(200)
    // 豹子 pays on the ten triples: those are the worst results.
    expect(a.data.worst.map((w: any) => w.digits)).toEqual(['0,0,0', '1,1,1', '2,2,2', '3,3,3', '4,4,4', '5,5,5', '6,6,6', '7,7,7', '8,8,8', '9,9,9'])
    expect(a.data.top_members).toEqual([expect.objectContaining({ member_id: m.id, username: m.username, stake: '100.00' })])
    const rooms = await t.get('/api/issue/exposure/rooms', admin)
    expect(rooms.data.items.find((r: any) => r.room_id === room)).toMatchObject({ issue_id: i.id, bets: 1, stake: '100.00', worst_digits: '0,0,0' })
    expect((await t.get('/api/issue/exposure', admin, { id: 'x' })).code).toBe(400)
    expect((await t.get('/api/issue/exposure', admin, { id: 99999999 })).code).toBe(404)
    const beta = await issue(t, await roomId(t, 'JS', 'beta'), 300, 10, 'beta')
    expect((await t.get('/api/issue/exposure', admin, { id: beta.id })).code).toBe(404)
    expect((await t.get('/api/issue/exposure', await t.login('caiwu'), { id: i.id })).code).toBe(403)
    await draw(t, i.id, [1, 2, 3])
    expect(await t.get('/api/issue/exposure', admin, { id: i.id })).toMatchObject({ code: 409, msg: expect.stringContaining('已结算') })
  })

  it('opens the bets behind a result: the issue\'s bets that result would pay', async () => {
    const room = await roomId(t, 'BZ')
    const i = await issue(t, room, 300, 10)
    const m = await player(t, 0, 10_000_00)
    const on = async (code: string, number?: number) => bet(t, { member_id: m.id, room_id: room, issue_id: i.id, playway_id: await playwayId(t, code), number, amount: 10_00 })
    const paid = [await on('da'), await on('dan'), await on('tema', 15), await on('dadan')]
    await on('xiao'); await on('tema', 14); await on('baozi'); await on('shunzi')
    const list = await t.get('/api/order/index', admin, { issue_id: i.id, wins: '3,5,7' })
    expect(list.data.items.map((b: any) => b.id).sort()).toEqual(paid.map((b) => b.id).sort())
    expect((await t.get('/api/order/index', admin, { issue_id: i.id, wins: '3,5' })).code).toBe(400)
  })
})

describe('限红', () => {
  it('creates, edits, lists and deletes tiers, logged; refuses a bad amount (400), a taken name or a used tier (409), an unknown one (404)', async () => {
    const c = await t.post('/api/limit/create', admin, { name: '普通', single_max: '500', issue_max: '2000.50', remark: '新会员' })
    expect(c.data).toMatchObject({ name: '普通', single_max: '500.00', issue_max: '2000.50', member_count: 0 })
    expect((await opRows(t, '/api/limit/create'))[0]).toMatchObject({ target_ids: [String(c.data.id)] })
    expect((await t.post('/api/limit/create', admin, { name: '普通', single_max: '1', issue_max: '2' })).code).toBe(409)
    expect(await t.post('/api/limit/create', admin, { name: '高', single_max: '500', issue_max: '100' })).toMatchObject({ code: 400, msg: expect.stringContaining('每期上限') })
    expect((await t.post('/api/limit/create', admin, { name: '高', single_max: '1.234', issue_max: '100' })).code).toBe(400)
    expect((await t.post('/api/limit/create', admin, { name: '高', single_max: '1', issue_max: '100', level: 1 })).code).toBe(400)
    const e = await t.post('/api/limit/edit', admin, { id: c.data.id, name: '普通会员', single_max: '600', issue_max: '3000' })
    expect(e.data).toMatchObject({ name: '普通会员', single_max: '600.00' })
    expect((await opRows(t, '/api/limit/edit'))[0].before).toMatchObject({ name: '普通' })
    expect((await t.post('/api/limit/edit', admin, { id: 999999, name: 'x', single_max: '1', issue_max: '1' })).code).toBe(404)
    const list = await t.get('/api/limit/index', admin)
    expect(list.data.items.map((l: any) => l.name)).toContain('普通会员')
    expect((await t.get('/api/limit/index', await t.login('caiwu'))).code).toBe(403)
    const m = await player(t, 0, 100_00)
    const set = await t.post('/api/member/limit', admin, { member_id: m.id, limit_id: c.data.id })
    expect(set.data).toEqual({ member_id: m.id, limit_id: c.data.id, limit_name: '普通会员' })
    expect((await opRows(t, '/api/member/limit'))[0]).toMatchObject({ target_ids: [String(m.id)] })
    expect((await t.get('/api/member/show', admin, { id: m.id })).data).toMatchObject({ limit_id: c.data.id, limit_name: '普通会员' })
    expect((await t.post('/api/limit/delete', admin, { ids: [c.data.id] })).code).toBe(409)
    expect((await t.post('/api/member/limit', admin, { member_id: m.id, limit_id: 999999 })).code).toBe(404)
    expect((await t.post('/api/member/limit', admin, { member_id: m.id, limit_id: 'a' })).code).toBe(400)
    await t.post('/api/member/limit', admin, { member_id: m.id, limit_id: null })
    expect((await t.post('/api/limit/delete', admin, { ids: [c.data.id] })).code).toBe(200)
    expect((await opRows(t, '/api/limit/delete'))[0].before).toEqual([expect.objectContaining({ name: '普通会员' })])
    expect((await t.post('/api/limit/delete', admin, { ids: [c.data.id] })).code).toBe(404)
  })

  it('holds a member to its tier\'s stake per bet (400) and per issue (409)', async () => {
    const tier = (await t.post('/api/limit/create', admin, { name: '低', single_max: '50', issue_max: '120' })).data
    const m = await player(t, 0, 10_000_00)
    await t.post('/api/member/limit', admin, { member_id: m.id, limit_id: tier.id })
    const room = await roomId(t, 'BZ')
    const i = await issue(t, room, 300, 10)
    const da = await playwayId(t, 'da')
    const one = (amount: number) => refused(bet(t, { member_id: m.id, room_id: room, issue_id: i.id, playway_id: da, amount }))
    expect(await one(50_01)).toMatchObject({ code: 400, msg: expect.stringContaining('超出限红「低」') })
    expect(await one(50_00)).toBeNull()
    expect(await one(50_00)).toBeNull()
    expect(await one(20_01)).toMatchObject({ code: 409, msg: expect.stringContaining('本期已投 100.00 元') })
    expect(await one(20_00)).toBeNull()
    expect(await available(t, m.id)).toBe(10_000_00 - 120_00)
  })
})

describe('the payout cap per issue', () => {
  it('is set in the room editor and refuses the bet that would raise the worst case above it (409), not one that does not', async () => {
    const room = await roomId(t, 'BZ')
    const r = (await t.get('/api/room/index', admin)).data.items.find((x: any) => x.id === room)
    expect(r.max_payout_per_issue).toBe('0.00')
    const body = { ...r, max_payout_per_issue: '300' }
    for (const k of ['group_names', 'current_issue', 'next_open_at', 'lock_at', 'last_issue']) delete body[k]
    const e = await t.post('/api/room/edit', admin, body)
    expect(e.data.max_payout_per_issue).toBe('300.00')
    expect((await opRows(t, '/api/room/edit'))[0].after).toMatchObject({ max_payout_per_issue: '300.00' })
    expect((await t.post('/api/room/edit', admin, { ...body, max_payout_per_issue: '-1' })).code).toBe(400)
    const i = await issue(t, room, 300, 10)
    const m = await player(t, 0, 10_000_00)
    const on = async (code: string, amount: number) => refused(bet(t, { member_id: m.id, room_id: room, issue_id: i.id, playway_id: await playwayId(t, code), amount }))
    expect(await on('da', 100_00)).toBeNull() // 大 at 标准房's 1.98 pays 198.00 at worst
    expect(await on('da', 60_00)).toMatchObject({ code: 409, msg: expect.stringContaining('超出本期赔付上限') })
    expect(await on('xiao', 100_00)).toBeNull() // 小 pays on other results: the worst case stays 198.00
    expect(await on('da', 50_00)).toBeNull() // 297.00
    expect((await t.get('/api/issue/exposure', admin, { id: i.id })).data.worst[0].payout).toBe('297.00')
    // Virtual money costs the house nothing and is not capped.
    const v = await player(t, 1, 10_000_00)
    expect(await refused(bet(t, { member_id: v.id, room_id: room, issue_id: i.id, playway_id: await playwayId(t, 'da'), amount: 5000_00 }))).toBeNull()
  })
})

describe('大额中奖', () => {
  it('lists real bets settled at or above big_win_amount, newest first, with the ratio; 403 without the menu', async () => {
    await setSetting(t, 'big_win_amount', '150.00')
    const room = await roomId(t, 'BZ')
    const i = await issue(t, room, 300, 10)
    const m = await player(t, 0, 10_000_00)
    const v = await player(t, 1, 10_000_00)
    const on = async (who: number, code: string, amount: number) => bet(t, { member_id: who, room_id: room, issue_id: i.id, playway_id: await playwayId(t, code), amount })
    const small = await on(m.id, 'da', 10_00)
    const big = await on(m.id, 'da', 100_00)
    const bigger = await on(m.id, 'dan', 200_00)
    await on(v.id, 'da', 1000_00)
    await on(m.id, 'xiao', 1000_00)
    await draw(t, i.id, [9, 9, 9])
    const list = await t.get('/api/order/bigwins', admin)
    expect(list.data.items.map((b: any) => b.id)).toEqual([bigger.id, big.id])
    expect(list.data.items[1]).toMatchObject({ username: m.username, issue_no: i.issue_no, amount: '100.00', payout: '198.00', ratio: '1.98', content: '大' })
    expect(list.data.items.map((b: any) => b.id)).not.toContain(small.id)
    expect((await t.get('/api/order/bigwins', admin, { username: 'nobody_here' })).data.items).toEqual([])
    expect((await t.get('/api/order/bigwins', admin, { room_id: 'x' })).code).toBe(400)
    expect((await t.get('/api/order/bigwins', await t.login('caiwu'))).code).toBe(403)
  })
})

describe.runIf(pg)('the limits under 100 racing bets on PostgreSQL', () => {
  it('never accepts more worst-case payout than the room\'s cap', async () => {
    const room = await roomId(t, 'BZ')
    // 大 at 1.98: 100 元 pays 198 元; the cap allows 50 of them.
    await t.db.query('update lottery_rooms set max_payout_per_issue = $2 where id = $1', [room, 50 * 198_00])
    const i = await issue(t, room, 300, 10)
    const da = await playwayId(t, 'da')
    const members = await Promise.all(Array.from({ length: 100 }, () => player(t, 0, 1000_00)))
    const results = await Promise.allSettled(members.map((m) => bet(t, { member_id: m.id, room_id: room, issue_id: i.id, playway_id: da, amount: 100_00 })))
    const ok = results.filter((r) => r.status === 'fulfilled').length
    expect(ok).toBe(50)
    for (const r of results) if (r.status === 'rejected') expect(r.reason.message).toContain('超出本期赔付上限')
    const [s] = await rows<{ n: number; payout: string }>(t,
      'select count(*)::int as n, coalesce(sum((amount * (rate * 100)::bigint + 50) / 100), 0)::text as payout from lottery_bets where issue_id = $1', [i.id])
    expect(s.n).toBe(ok)
    expect(Number(s.payout)).toBeLessThanOrEqual(50 * 198_00)
    expect((await t.get('/api/issue/exposure', admin, { id: i.id })).data.worst[0].payout).toBe('9900.00')
  })

  it('never lets a member stake more on an issue than its tier allows', async () => {
    const tier = (await t.post('/api/limit/create', admin, { name: '限五十', single_max: '100', issue_max: '5000' })).data
    const m = await player(t, 0, 100_000_00)
    await t.post('/api/member/limit', admin, { member_id: m.id, limit_id: tier.id })
    const room = await roomId(t, 'BZ')
    const i = await issue(t, room, 300, 10)
    const codes = ['da', 'xiao', 'dan', 'shuang']
    const ways = await Promise.all(codes.map((c) => playwayId(t, c)))
    const results = await Promise.allSettled(Array.from({ length: 100 }, (_, n) =>
      bet(t, { member_id: m.id, room_id: room, issue_id: i.id, playway_id: ways[n % 4], amount: 100_00 })))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(50)
    expect(await available(t, m.id)).toBe(100_000_00 - 5000_00)
  })
})
