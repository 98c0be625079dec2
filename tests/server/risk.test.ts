// Risk: bans refuse member logins and registrations, logins are listed, tags carry risk levels and exclusive groups,
// notes are append-only, associations find shared IPs, devices, cards and wallets, and turnover is consumed oldest first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'
import { card, member, wallet } from './finance-fixtures'
import { assertMayRegister, loginList, memberLogin } from '../../src/server/risk/logins'
import { csvOf } from '../../src/server/db/list'
import { memberRisk } from '../../src/contract/api/risk'
import { addRequirement, consumeTurnover, remainingCents, TURNOVER } from '../../src/server/risk/turnover'

let t: TestApp
let su: string
let kefu: string
beforeAll(async () => {
  t = await makeApp()
  su = await t.login()
  kefu = await t.login('kefu')
})
afterAll(async () => { await t.close() })

describe('bans', () => {
  it('refuses a member login and a registration from a banned IP or device, and records the refused login', async () => {
    const a = await member(t, 'ban_a')
    expect((await t.post('/api/risk/ban/create', su, { by: 'ip', value: '10.9.9.9', remark: '撞库' })).code).toBe(200)
    expect((await t.post('/api/risk/ban/create', su, { by: 'device', value: 'dev-bad', remark: '多开' })).code).toBe(200)
    expect(await memberLogin(t.db, 'alpha', { member_id: a, ip: '10.9.9.9', device_id: 'dev-ok' })).toEqual({ ok: false, reason: 'banned_ip' })
    expect(await memberLogin(t.db, 'alpha', { member_id: a, ip: '10.1.1.1', device_id: 'dev-bad' })).toEqual({ ok: false, reason: 'banned_device' })
    expect(await memberLogin(t.db, 'alpha', { member_id: a, ip: '10.1.1.1', device_id: 'dev-ok' })).toEqual({ ok: true, reason: '' })
    await expect(assertMayRegister(t.db, 'alpha', { ip: '10.9.9.9' })).rejects.toMatchObject({ code: 403 })
    await expect(assertMayRegister(t.db, 'beta', { ip: '10.9.9.9' })).resolves.toBeUndefined()
    const list = await t.get('/api/member/logins', su, { username: 'ban_a' })
    expect(list.data.items.map((r: any) => [r.ok, r.reason])).toEqual([[true, ''], [false, 'banned_device'], [false, 'banned_ip']])
    expect((await t.get('/api/member/logins', su, { username: 'ban_a', ok: 0 })).data.total).toBe(2)
  })
  it('answers 409 for a value already banned, 400 without a reason, and logs create and delete', async () => {
    expect((await t.post('/api/risk/ban/create', su, { by: 'ip', value: '10.9.9.9', remark: 'again' })).code).toBe(409)
    const blank = await t.post('/api/risk/ban/create', su, { by: 'ip', value: '10.8.8.8', remark: '   ' })
    expect([blank.code, blank.body.data?.field]).toEqual([400, 'remark'])
    expect((await t.post('/api/risk/ban/create', su, { by: 'mac', value: 'x', remark: 'r' })).code).toBe(400)
    const list = await t.get('/api/risk/ban/index', su, { by: 'ip' })
    expect(list.data.items.map((r: any) => r.value)).toEqual(['10.9.9.9'])
    const del = await t.post('/api/risk/ban/delete', su, { ids: [list.data.items[0].id] })
    expect(del.code).toBe(200)
    expect((await opRows(t, '/api/risk/ban/delete'))[0].before[0].value).toBe('10.9.9.9')
    expect((await opRows(t, '/api/risk/ban/create')).length).toBe(2)
  })
  it('keeps bans to their product and their menu', async () => {
    expect((await t.get('/api/risk/ban/index', kefu)).code).toBe(403)
    await t.post('/api/product/switch', su, { pro: 'beta' })
    expect((await t.get('/api/risk/ban/index', su)).data.items).toEqual([])
    const other = await t.post('/api/risk/ban/delete', su, { ids: [2] })
    expect(other.code).toBe(404)
    await t.post('/api/product/switch', su, { pro: 'alpha' })
  })
})

describe('export walk', () => {
  it('walks the whole filtered list along its keyset and writes it as CSV with the declared columns and labels', async () => {
    const m = await member(t, 'walk_m')
    for (let i = 0; i < 5; i++) await memberLogin(t.db, 'alpha', { member_id: m, ip: `10.7.0.${i}`, device_id: 'walk-dev' })
    const ctx = { root: t.db, caller: { product: 'alpha' } } as never
    const batches: number[] = []
    const walked: string[] = []
    for await (const rows of loginList.rows(ctx, { username: 'walk_m' } as never, 2)) {
      batches.push(rows.length)
      walked.push(...rows.map((r: any) => r.ip))
    }
    expect(batches).toEqual([2, 2, 1])
    const listed = (await t.get('/api/member/logins', su, { username: 'walk_m', per_page: 10 })).data.items.map((r: any) => r.ip)
    expect(walked).toEqual(listed)
    let csv = ''
    for await (const chunk of csvOf(memberRisk.logins.columns!, loginList.rows(ctx, { username: 'walk_m' } as never, 2))) csv += chunk
    const lines = csv.split('\r\n')
    expect(lines[0]).toBe('\uFEFF会员,类型,结果,原因,IP,设备,浏览器,时间')
    expect(lines.length).toBe(7)
    expect(lines[1]).toMatch(/^walk_m,登录,是,,10\.7\.0\.4,walk-dev,,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  })
})

describe('tags and notes', () => {
  it('gives a member the highest risk level of its tags, refuses two tags of one exclusive group, and keeps holders on delete', async () => {
    const m = await member(t, 'tag_m')
    const watch = (await t.post('/api/tag/create', su, { name: '关注', risk_level: 1, exclusive: 'grade' })).data
    const black = (await t.post('/api/tag/create', su, { name: '黑名单', risk_level: 3, exclusive: 'grade' })).data
    const vip = (await t.post('/api/tag/create', su, { name: 'VIP', risk_level: 0, color: '#ffaa00' })).data
    expect((await t.post('/api/tag/create', su, { name: 'VIP', risk_level: 0 })).code).toBe(409)
    const both = await t.post('/api/member/tags', su, { member_id: m, tag_ids: [watch.id, black.id] })
    expect(both.code).toBe(409)
    expect(both.msg).toContain('关注')
    const set = await t.post('/api/member/tags', su, { member_id: m, tag_ids: [black.id, vip.id] })
    expect(set.data.map((x: any) => x.name)).toEqual(['黑名单', 'VIP'])
    expect((await t.db.query<any>('select risk_level from members where id = $1', [m])).rows[0].risk_level).toBe(3)
    expect((await t.post('/api/tag/delete', su, { ids: [black.id] })).code).toBe(409)
    await t.post('/api/member/tags', su, { member_id: m, tag_ids: [vip.id] })
    expect((await t.db.query<any>('select risk_level from members where id = $1', [m])).rows[0].risk_level).toBe(0)
    expect((await t.post('/api/tag/delete', su, { ids: [black.id] })).code).toBe(200)
    const list = await t.get('/api/tag/index', su, { risk_level: 0 })
    expect(list.data.items.map((x: any) => [x.name, x.member_count])).toEqual([['VIP', 1]])
  })
  it('keeps notes append-only, newest first, with their author', async () => {
    const m = await member(t, 'note_m')
    await t.post('/api/member/note', su, { member_id: m, text: '第一次来电' })
    await t.post('/api/member/note', kefu, { member_id: m, text: '要求加急' })
    expect((await t.post('/api/member/note', su, { member_id: m, text: '  ' })).code).toBe(400)
    const notes = await t.get('/api/member/notes', su, { member_id: m })
    expect(notes.data.items.map((n: any) => [n.text, n.admin])).toEqual([['要求加急', 'kefu'], ['第一次来电', 'admin']])
    await expect(t.db.query('update member_notes set text = $1', ['改'])).rejects.toThrow()
    const beta = await member(t, 'note_b', { product: 'beta' })
    expect((await t.get('/api/member/notes', su, { member_id: beta })).code).toBe(404)
  })
})

describe('associations', () => {
  it('finds members sharing an IP, a device or a card (also after unbinding), never virtual accounts', async () => {
    const a = await member(t, 'assoc_a')
    const b = await member(t, 'assoc_b')
    const c = await member(t, 'assoc_c')
    const v = await member(t, 'assoc_v', { kind: 1 })
    for (const [id, ip, dev] of [[a, '10.2.2.2', 'd-1'], [b, '10.2.2.2', 'd-2'], [v, '10.2.2.2', 'd-1'], [c, '10.3.3.3', 'd-1']] as const) {
      await memberLogin(t.db, 'alpha', { member_id: id, ip, device_id: dev })
    }
    const cardId = await card(t, a)
    const no = (await t.db.query<any>('select card_no from member_cards where id = $1', [cardId])).rows[0].card_no
    expect((await t.post('/api/card/delete', su, { ids: [cardId] })).code).toBe(200)
    await t.db.query(`insert into member_cards (product, member_id, holder, bank_name, card_no) values ('alpha', $1, '李四', '招商银行', $2)`, [c, no])
    const r = await t.get('/api/member/associations', su, { member_id: a })
    const groups = r.data.items.map((g: any) => [g.by, g.members.map((m: any) => m.username)])
    expect(groups).toEqual([['ip', ['assoc_b']], ['device', ['assoc_c']], ['card', ['assoc_c']]])
    expect(r.data.items[2].value).toBe(`${no.slice(0, 4)} **** **** ${no.slice(-4)}`)
    const shared = await t.get('/api/risk/shared', su, { by: 'ip' })
    expect(shared.data.items.find((x: any) => x.value === '10.2.2.2').count).toBe(2)
    expect((await t.get('/api/risk/shared', su, {})).code).toBe(400)
  })
})

describe('associations from the member outwards', () => {
  it('count registration values, wallets ever bound, only successful logins of the last 30 days, one group per value', async () => {
    // One after the other: a group lists its members by id, so the expected order needs the ids in name order.
    const ids: number[] = []
    for (const n of ['asc_x', 'asc_y', 'asc_z', 'asc_w']) ids.push(await member(t, n))
    const [x, y, z, w] = ids
    await t.db.query(`update members set register_ip = '10.8.0.1', register_device = 'reg-dev' where id = any($1::int[])`, [[x, y]])
    await memberLogin(t.db, 'alpha', { member_id: z, ip: '10.8.0.1', device_id: 'z-dev' })
    await memberLogin(t.db, 'alpha', { member_id: w, ip: '10.8.0.1', device_id: 'reg-dev', passwordOk: false })
    await memberLogin(t.db, 'alpha', { member_id: w, ip: '10.8.0.9', device_id: 'old-dev' })
    await memberLogin(t.db, 'alpha', { member_id: x, ip: '10.8.0.9', device_id: 'old-dev' })
    await t.db.query(`update member_logins set at = now() - interval '31 days' where member_id = $1 and ip = '10.8.0.9'`, [w])
    const wid = await wallet(t, y)
    const address = (await t.db.query<any>('select address from member_wallets where id = $1', [wid])).rows[0].address
    await t.db.query('delete from member_wallets where id = $1', [wid])
    await t.db.query(`insert into member_wallets (product, member_id, chain, address) values ('alpha', $1, 'TRC20', $2)`, [x, address])
    const r = await t.get('/api/member/associations', su, { member_id: x })
    expect(r.data.items.map((g: any) => [g.by, g.value, g.members.map((m: any) => m.username)])).toEqual([
      ['ip', '10.8.0.1', ['asc_y', 'asc_z']], ['device', 'reg-dev', ['asc_y']],
      ['wallet', `TRC20 ${address.toLowerCase().slice(0, 6)}…${address.toLowerCase().slice(-4)}`, ['asc_y']],
    ])
  })
})

describe('turnover', () => {
  it('asks amount × multiple and is fulfilled by settled stakes oldest first, then waived with a reason', async () => {
    const m = await member(t, 'turn_m')
    await addRequirement(t.db, 'alpha', { member_id: m, source: TURNOVER.recharge, ref: 'r:1', amount: 10000, multiple: 1 })
    await addRequirement(t.db, 'alpha', { member_id: m, source: TURNOVER.gift, ref: 'g:1', amount: 5000, multiple: 3 })
    await addRequirement(t.db, 'alpha', { member_id: m, source: TURNOVER.gift, ref: 'g:1', amount: 5000, multiple: 3 })
    expect(await remainingCents(t.db, m)).toBe(25000)
    // Bets placed a moment after the requirements were made (a bet placed before one never counts for it).
    await consumeTurnover(t.db, 'alpha', [{ member_id: m, stake: 4000 }, { member_id: m, stake: 8000 }])
    const r = await t.get('/api/member/turnover', su, { member_id: m })
    expect([r.data.required, r.data.done, r.data.remaining]).toEqual(['250.00', '120.00', '130.00'])
    expect(r.data.items.map((x: any) => [x.ref, x.done])).toEqual([['g:1', '20.00'], ['r:1', '100.00']])
    expect((await t.post('/api/member/turnover/waive', su, { member_id: m, remark: '' })).code).toBe(400)
    const w = await t.post('/api/member/turnover/waive', su, { member_id: m, remark: '客诉补偿' })
    expect(w.data.remaining).toBe('0.00')
    expect((await opRows(t, '/api/member/turnover/waive'))[0].after.remaining).toBe('0.00')
    const virtual = await member(t, 'turn_v', { kind: 2 })
    await addRequirement(t.db, 'alpha', { member_id: virtual, source: TURNOVER.gift, ref: 'g:2', amount: 5000, multiple: 3 })
    expect(await remainingCents(t.db, virtual)).toBe(0)
  })
})
