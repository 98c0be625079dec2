// 交易房间 over HTTP: the list with rates, create/edit (closing drops idle future issues), delete (409 with open
// bets; history kept), update_rate (logged before/after, blank = the default), flush (reload, issues made ahead,
// this instance in the answer), 400s naming the field with nothing written, 403 without the menu, 404 across products.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'
import { bet, caiwu, draw, issue, player, playwayId, roomId, rows } from './lottery-fixtures'
import { switchTo } from './member-fixtures'
import { slotsBetween } from '../../src/server/lottery/draw'
import { runtime } from '../../src/server/lottery/runtime'

let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

const ok = { code: 'T1', name: '测试房', interval: 30, lock: 5, min_stake: '1', max_stake: '100', max_issue_stake: '500', group_ids: [] as number[], status: 1 }
const groups = async () => (await rows<{ id: number }>(t, `select id from lottery_playgroups where product = 'alpha' order by sort`)).map((g) => g.id)

describe('the room list and its rates', () => {
  it('lists the seeded rooms with limits, offered groups and effective rates', async () => {
    const r = (await t.get('/api/room/index', token)).data
    expect(r.items.map((x: any) => [x.code, x.name, x.interval, x.lock, x.min_stake, x.max_stake, x.max_issue_stake, x.status])).toEqual([
      ['JS', '极速房', 30, 5, '1.00', '10000.00', '50000.00', 1], ['BZ', '标准房', 60, 10, '5.00', '50000.00', '200000.00', 1],
      ['GJ', '高级房', 300, 30, '100.00', '200000.00', '1000000.00', 1],
    ])
    const gj = r.items[2]
    expect(gj.group_names).toEqual(['大小单双', '组合', '特码'])
    expect(r.rates[String(gj.id)].map((x: any) => `${x.name}:${x.rate}/${x.default_rate}`)).toEqual([
      '大:1.99/1.98', '小:1.99/1.98', '单:1.99/1.98', '双:1.99/1.98', '大单:4.20/4.20', '大双:3.60/3.60', '小单:3.60/3.60', '小双:4.20/4.20', '特码:9.80/9.80',
    ])
    expect(r.rates[String(r.items[0].id)]).toHaveLength(14)
    const i = await issue(t, gj.id, 100, 30)
    const again = (await t.get('/api/room/index', token, { status: 1 })).data.items[2]
    expect(again).toMatchObject({ current_issue: i.issue_no, last_issue: null })
    expect(again.next_open_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  })
})

describe('create, edit, delete', () => {
  it('creates and edits a room, logged; closing it drops the future issues nobody bet on', async () => {
    const g = await groups()
    const c = await t.post('/api/room/create', token, { ...ok, group_ids: [g[0], g[3]], remark: '新房' })
    expect(c.data).toMatchObject({ code: 'T1', name: '测试房', min_stake: '1.00', max_stake: '100.00', max_issue_stake: '500.00', group_names: ['大小单双', '特码'] })
    expect((await opRows(t, '/api/room/create'))[0]).toMatchObject({ action: 'C', target_ids: [String(c.data.id)], after: { room_code: 'T1', name: '测试房' } })
    const idle = await issue(t, c.data.id, 100)
    const busy = await issue(t, c.data.id, 200)
    await bet(t, { member_id: (await player(t, 0, 100_00)).id, room_id: c.data.id, issue_id: busy.id, playway_id: await playwayId(t, 'da'), amount: 100 })
    const e = await t.post('/api/room/edit', token, { ...ok, id: c.data.id, group_ids: [g[0]], status: 0, lock: 10 })
    expect(e.data).toMatchObject({ status: 0, lock: 10, group_names: ['大小单双'] })
    const [log] = await opRows(t, '/api/room/edit')
    expect([log.before.status, log.after.status, log.before.lock, log.after.lock]).toEqual([1, 0, 5, 10])
    expect((await rows(t, 'select id from lottery_issues where room_id = $1 order by id', [c.data.id])).map((x) => Number(x.id))).toEqual([busy.id])
    expect(idle.id).not.toBe(busy.id)
  })

  it('refuses to delete a room with unsettled bets (409), keeps a settled room\'s history when deleting it', async () => {
    const room = await roomId(t, 'BZ')
    const i = await issue(t, room, 100, 10)
    await bet(t, { member_id: (await player(t, 0, 100_00)).id, room_id: room, playway_id: await playwayId(t, 'da'), amount: 500 })
    const refused = await t.post('/api/room/delete', token, { ids: [room] })
    expect([refused.status, refused.msg]).toEqual([409, '「标准房」有 1 笔未结算投注，不能删除，请先关闭房间，待开奖结算后再删除'])
    await draw(t, i.id, [1, 2, 3])
    expect((await t.post('/api/room/delete', token, { ids: [room] })).code).toBe(200)
    expect((await t.get('/api/room/index', token)).data.items.map((r: any) => r.code)).toEqual(['JS', 'GJ'])
    expect(await rows(t, 'select deleted_at is not null as gone, status from lottery_rooms where id = $1', [room])).toEqual([{ gone: true, status: 0 }])
    expect(await rows(t, 'select count(*)::int as n from lottery_bets where room_id = $1', [room])).toEqual([{ n: 1 }])
    // Its code is free again.
    expect((await t.post('/api/room/create', token, { ...ok, code: 'BZ' })).code).toBe(200)
  })

  it('answers 400 naming the field and writes nothing, 409 for a taken code, 403 without the menu, 404 across products', async () => {
    const before = (await rows(t, 'select count(*)::int as n from lottery_rooms'))[0].n
    for (const [body, msg, field] of [
      [{ ...ok, code: undefined }, '房间代码不能为空', 'code'], [{ ...ok, code: 'a b' }, '房间代码格式不正确', 'code'],
      [{ ...ok, interval: 29 }, '开奖间隔不能小于 30', 'interval'], [{ ...ok, interval: 3601 }, '开奖间隔不能大于 3600', 'interval'],
      [{ ...ok, lock: 30 }, '封盘时间必须小于开奖间隔', 'lock'], [{ ...ok, min_stake: '0' }, '最低投注必须大于 0', 'min_stake'],
      [{ ...ok, min_stake: '1.234' }, '最低投注格式不正确，最多两位小数', 'min_stake'], [{ ...ok, max_stake: '0.5' }, '单注上限不能低于最低投注', 'max_stake'],
      [{ ...ok, max_issue_stake: '50' }, '每期上限不能低于单注上限', 'max_issue_stake'], [{ ...ok, group_ids: [999999] }, '玩法分组不存在', 'group_ids'],
      [{ ...ok, group_ids: 'x' }, '玩法分组格式不正确', 'group_ids'], [{ ...ok, name: '' }, '房间名称不能为空', 'name'],
    ] as const) {
      const r = await t.post('/api/room/create', token, body)
      expect([r.status, r.msg, r.data?.field], JSON.stringify(body)).toEqual([400, msg, field])
    }
    expect((await t.post('/api/room/create', token, { ...ok, code: 'js' })).msg).toBe('房间代码 js 已存在')
    expect((await rows(t, 'select count(*)::int as n from lottery_rooms'))[0].n).toBe(before)
    expect(await opRows(t, '/api/room/create')).toHaveLength(0)
    const room = await roomId(t, 'JS')
    const fin = await caiwu(t)
    for (const r of [await t.get('/api/room/index', fin), await t.get('/api/room/flush', fin), await t.post('/api/room/edit', fin, { ...ok, id: room }),
      await t.post('/api/room/update_rate', fin, { room_id: room, rates: [{ playway_id: 1, rate: '2' }] })]) expect(r.status).toBe(403)
    await switchTo(t, token, 'beta')
    expect((await t.post('/api/room/edit', token, { ...ok, id: room })).status).toBe(404)
    expect((await t.post('/api/room/delete', token, { ids: [room] })).status).toBe(404)
    expect((await t.post('/api/room/update_rate', token, { room_id: room, rates: [{ playway_id: 1, rate: '2' }] })).status).toBe(404)
  })
})

describe('rates', () => {
  it('sets and resets a room\'s odds, logged before/after, refusing play ways the room does not offer', async () => {
    const room = await roomId(t, 'GJ')
    const [da, tema, baozi] = [await playwayId(t, 'da'), await playwayId(t, 'tema'), await playwayId(t, 'baozi')]
    const r = await t.post('/api/room/update_rate', token, { room_id: room, rates: [{ playway_id: da, rate: '' }, { playway_id: tema, rate: '10.5' }] })
    expect(r.data.rates.filter((x: any) => ['da', 'tema'].includes(x.code)).map((x: any) => [x.code, x.rate])).toEqual([['da', '1.98'], ['tema', '10.50']])
    const [log] = await opRows(t, '/api/room/update_rate')
    expect(log.target_ids).toEqual([String(room)])
    // Codes are kept in the log under their own names (the log hides keys named `code`).
    expect(log.before.rates.find((x: any) => x.playway_code === 'tema').rate).toBe('9.80')
    expect(log.after.rates.find((x: any) => x.playway_code === 'tema').rate).toBe('10.50')
    // A bet takes the room's rate at the time it is placed.
    await issue(t, room, 100, 30)
    expect((await bet(t, { member_id: (await player(t, 0, 1000_00)).id, room_id: room, playway_id: tema, number: 3, amount: 100_00 })).rate).toBe('10.50')
    for (const [rates, msg] of [
      [[{ playway_id: baozi, rate: '90' }], `房间「高级房」未开放该玩法（ID ${baozi}）`],
      [[{ playway_id: tema, rate: '0.99' }], '第 1 项赔率须为 1.01-1000.00 之间的数，最多两位小数'],
      [[], '赔率至少选择一项'],
    ] as const) {
      const bad = await t.post('/api/room/update_rate', token, { room_id: room, rates })
      expect([bad.status, bad.msg], JSON.stringify(rates)).toEqual([400, msg])
    }
    expect((await rows(t, 'select rate::text from lottery_room_rates where room_id = $1 and playway_id = $2', [room, tema]))[0].rate).toBe('10.50')
  })
})

describe('flush', () => {
  it('reloads the rooms and rates, makes the coming issues and names this instance', async () => {
    const r = await t.get('/api/room/flush', token)
    expect(r.status).toBe(200)
    expect(r.data.rooms.map((x: any) => x.name)).toEqual(['极速房', '标准房', '高级房'])
    expect(r.data.rates).toBe(2 * (14 + 14 + 9))
    expect(r.data.issues_created).toBeGreaterThan(0)
    expect(r.data.instances).toHaveLength(1)
    expect(runtime.rooms.size).toBe(6)
    const js = await roomId(t, 'JS')
    const made = await rows(t, `select issue_no, extract(epoch from open_at)::bigint * 1000 as at, extract(epoch from lock_at)::bigint * 1000 as lock,
      encode(seed, 'hex') as seed, seed_hash from lottery_issues where room_id = $1 order by open_at`, [js])
    expect(made.length).toBeGreaterThanOrEqual(19)
    expect(made.every((m) => Number(m.at) - Number(m.lock) === 5000)).toBe(true)
    const { createHash } = await import('node:crypto')
    expect(made.every((m) => createHash('sha256').update(Buffer.from(m.seed, 'hex')).digest('hex') === m.seed_hash)).toBe(true)
    // The numbering is the room's day in Asia/Shanghai: YYYYMMDD + the sequence of that day.
    const slots = slotsBetween(30, Number(made[0].at) - 1, Number(made[made.length - 1].at))
    expect(slots.map((s) => s.issueNo)).toEqual(made.map((m) => m.issue_no))
    // A second flush finds nothing missing.
    expect((await t.get('/api/room/flush', token)).data.issues_created).toBeLessThanOrEqual(6)
    expect((await opRows(t, '/api/room/flush'))[0].after).toMatchObject({ rooms: 3 })
  })

  it('numbers draws by the day in Asia/Shanghai', () => {
    // 2024-01-15 00:00 in Shanghai is 2024-01-14 16:00 UTC.
    const midnight = Date.UTC(2024, 0, 14, 16, 0, 0)
    expect(slotsBetween(60, midnight - 90_000, midnight + 60_000)).toEqual([
      { issueNo: '202401141439', openAt: midnight - 60_000 }, { issueNo: '202401141440', openAt: midnight },
      { issueNo: '202401150001', openAt: midnight + 60_000 },
    ])
    // An interval that does not divide the day: the last draw before midnight, then the new day's first.
    expect(slotsBetween(420, midnight - 600_000, midnight + 420_000).map((s) => s.issueNo)).toEqual(['202401140205', '202401150001'])
  })
})
