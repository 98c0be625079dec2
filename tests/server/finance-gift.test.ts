// 人工充值扣款 and 彩金赠送: types 6/7/8 with their recharge records in one transaction, the remark required, a deduction
// beyond the balance refused with the available amount, gift money to many members with a result each, confirm above
// manual_confirm_amount, and the Idempotency-Key (a retry moves nothing; another request under the key is a 409).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'
import { balances, changesOf, count, expectLedgerOk, fund, member, transfersOf } from './finance-fixtures'

let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

const give = (body: Record<string, unknown>, tok = token, key?: string) =>
  t.post('/api/giftmoney/create', tok, body, key ? { 'idempotency-key': key } : {})
const records = async (id: number) => (await t.db.query<any>(
  'select source, status, amount, admin, remark, order_no from recharges where member_id = $1 order by id', [id])).rows
  .map((r) => [r.source, r.status, Number(r.amount), r.admin, r.remark])

describe('one member', () => {
  it('manual top-up (6) from adjustments, deduction (8) back to it, gift money (7) from promotions, each with its record', async () => {
    const id = await member(t, 'gm_one')
    const add = await give({ username: 'GM_ONE', type: 6, amount: '500.00', remark: '补发活动奖励' })
    expect(add.code).toBe(200)
    expect(add.data).toMatchObject({ type: 6, ok: 1, failed: 0, total: '500.00', results: [{ username: 'gm_one', ok: true, before: '0.00', after: '500.00' }] })
    const gift = await give({ member_id: id, type: 7, amount: 88.8, remark: '生日彩金' })
    expect(gift.data.results[0]).toMatchObject({ after: '588.80' })
    const sub = await give({ username: 'gm_one', type: 8, amount: '88.80', remark: '误加扣回' })
    expect(sub.data.results[0]).toMatchObject({ before: '588.80', after: '500.00' })
    expect(await records(id)).toEqual([[1, 1, 50_000, 'admin', '补发活动奖励'], [3, 1, 8_880, 'admin', '生日彩金'], [2, 1, 8_880, 'admin', '误加扣回']])
    const orders = (await t.db.query<any>('select order_no from recharges where member_id = $1 order by id', [id])).rows.map((r) => r.order_no)
    expect(await changesOf(t, id)).toEqual([[6, 50_000, 0, 50_000, orders[0]], [7, 8_880, 50_000, 58_880, orders[1]], [8, -8_880, 58_880, 50_000, orders[2]]])
    expect(await transfersOf(t, orders[0])).toEqual([[6, 15, 1, 50_000]])
    expect(await transfersOf(t, orders[1])).toEqual([[7, 14, 1, 8_880]])
    expect(await transfersOf(t, orders[2])).toEqual([[8, 1, 15, 8_880]])
    const [log] = await opRows(t, '/api/giftmoney/create')
    expect(log).toMatchObject({ action: 'C', target_ids: [String(id)] })
    expect(log.after).toMatchObject({ type: 8, amount: '88.80', remark: '误加扣回', ok: 1 })
    await expectLedgerOk(t)
  })

  it('a deduction beyond the available balance answers 409 with the available amount and writes nothing', async () => {
    const id = await member(t, 'gm_short')
    await fund(t, id, 12_345)
    const r = await give({ username: 'gm_short', type: 8, amount: '123.46', remark: '扣款' })
    expect(r.status).toBe(409)
    expect(r.msg).toContain('123.45')
    expect(await records(id)).toEqual([])
    expect(await opRows(t, '/api/giftmoney/create')).toHaveLength(0)
    expect((await balances(t, id)).available).toBe(12_345)
  })

  it('needs a remark, a positive amount, a member, and confirm above manual_confirm_amount', async () => {
    await member(t, 'gm_rules')
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'gm_rules', type: 6, amount: '10' }, 'remark'],
      [{ username: 'gm_rules', type: 6, amount: '10', remark: '  ' }, 'remark'],
      [{ username: 'gm_rules', type: 6, amount: '0', remark: 'x' }, 'amount'],
      [{ username: 'gm_rules', type: 6, amount: '1.234', remark: 'x' }, 'amount'],
      [{ username: 'gm_rules', type: 9, amount: '10', remark: 'x' }, 'type'],
      [{ type: 6, amount: '10', remark: 'x' }, 'username'],
      [{ usernames: ['gm_rules'], type: 6, amount: '10', remark: 'x' }, 'usernames'],
      [{ username: 'gm_rules', type: 6, amount: '10000.01', remark: 'x' }, 'confirm'],
    ]
    for (const [body, field] of cases) {
      const r = await give(body)
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(r.data?.field, JSON.stringify(body)).toBe(field)
    }
    expect((await give({ username: 'gm_rules', type: 6, amount: '10000.01', remark: '大额', confirm: true })).code).toBe(200)
    expect((await give({ username: 'nobody_x', type: 6, amount: '1', remark: 'x' })).status).toBe(404)
    expect(await count(t, 'recharges')).toBe(1)
  })

  it('each type needs its own menu: 人工充值扣款 for 6 and 8, 彩金赠送 for 7; 客服 has neither', async () => {
    await member(t, 'gm_menu')
    const kefu = await t.login('kefu')
    expect((await give({ username: 'gm_menu', type: 6, amount: '1', remark: 'x' }, kefu)).status).toBe(403)
    expect((await t.get('/api/giftmoney/index', kefu)).status).toBe(403)
    // A role holding only 彩金赠送.
    const menus = (await t.db.query<any>(`select id, web_uri from menus where web_uri = '/layout/finance/giftmoney'`)).rows
    const role = await t.post('/api/sysrole/create', token, { name: '彩金专员', remark: '' })
    expect((await t.post('/api/sysrole/assign', token, { role_id: role.data.id, menu_ids: menus.map((m) => m.id) })).code).toBe(200)
    const made = await t.post('/api/sysadmin/create', token, { username: 'giftonly', nickname: 'g', password: t.encrypt('Gift@12345'), role_ids: [role.data.id], status: 1 })
    expect(made.code).toBe(200)
    const gift = await t.login('giftonly', 'Gift@12345')
    expect((await give({ username: 'gm_menu', type: 7, amount: '1', remark: 'x' }, gift)).code).toBe(200)
    expect((await give({ username: 'gm_menu', type: 6, amount: '1', remark: 'x' }, gift)).status).toBe(403)
    expect((await give({ username: 'gm_menu', type: 8, amount: '1', remark: 'x' }, gift)).status).toBe(403)
  })

  it('another product\'s member is not found', async () => {
    await member(t, 'gm_beta', { product: 'beta' })
    expect((await give({ username: 'gm_beta', type: 6, amount: '1', remark: 'x' })).status).toBe(404)
    const beta = (await t.db.query<any>(`select id from members where username = 'gm_beta'`)).rows[0].id
    expect((await give({ member_id: beta, type: 6, amount: '1', remark: 'x' })).status).toBe(404)
  })
})

describe('gift money to many', () => {
  it('gives each member in its own subtransaction and answers a result per username', async () => {
    const a = await member(t, 'gm_many_a')
    const b = await member(t, 'gm_many_b')
    await t.db.query('update members set status = 0 where id = $1', [b])
    const r = await give({ usernames: ['gm_many_a', 'nobody_y', 'GM_MANY_B', 'gm_many_a'], type: 7, amount: '20', remark: '活动彩金' })
    expect(r.code).toBe(200)
    expect(r.data).toMatchObject({ ok: 2, failed: 1, total: '40.00' })
    expect(r.data.results.map((x: any) => [x.username, x.ok])).toEqual([['gm_many_a', true], ['nobody_y', false], ['gm_many_b', true]])
    expect(r.data.results[1].msg).toBe('会员不存在')
    expect((await balances(t, a)).available).toBe(2_000)
    expect((await balances(t, b)).available).toBe(2_000)
    const [log] = await opRows(t, '/api/giftmoney/create')
    expect(log.target_ids.sort()).toEqual([String(a), String(b)].sort())
    await expectLedgerOk(t)
  })

  it('confirm is asked for the total, and up to 1,000 usernames', async () => {
    for (let i = 0; i < 3; i++) await member(t, `gm_tot_${i}`)
    const names = [0, 1, 2].map((i) => `gm_tot_${i}`)
    expect((await give({ usernames: names, type: 7, amount: '4000', remark: 'x' })).data).toMatchObject({ field: 'confirm' })
    expect((await give({ usernames: names, type: 7, amount: '4000', remark: 'x', confirm: true })).data).toMatchObject({ ok: 3, total: '12000.00' })
    const tooMany = Array.from({ length: 1001 }, (_, i) => `u${i}xxxx`)
    expect((await give({ usernames: tooMany, type: 7, amount: '1', remark: 'x' })).data).toMatchObject({ field: 'usernames' })
  })
})

describe('Idempotency-Key', () => {
  it('a retry answers the first result and moves nothing; another request under the key is a 409', async () => {
    const id = await member(t, 'gm_idem')
    const body = { username: 'gm_idem', type: 6, amount: '100', remark: '补款' }
    const first = await give(body, token, 'retry-key-0001')
    const again = await give({ remark: '补款', amount: '100', type: 6, username: 'gm_idem' }, token, 'retry-key-0001')
    expect(again.code).toBe(200)
    expect(again.data).toEqual(first.data)
    expect(await records(id)).toHaveLength(1)
    expect((await balances(t, id)).available).toBe(10_000)
    expect(await opRows(t, '/api/giftmoney/create')).toHaveLength(1)
    const other = await give({ ...body, amount: '101' }, token, 'retry-key-0001')
    expect(other.status).toBe(409)
    // The key is the caller's own: another admin using the same key is another request.
    const caiwu = await t.login('caiwu')
    expect((await give(body, caiwu, 'retry-key-0001')).code).toBe(200)
    expect((await balances(t, id)).available).toBe(20_000)
    expect((await give(body, token, 'bad key!')).data).toMatchObject({ field: 'idempotency_key' })
    // The query form for clients that cannot set headers.
    const q = await t.post('/api/giftmoney/create?idempotency_key=query-key-0001', token, body)
    const q2 = await t.post('/api/giftmoney/create?idempotency_key=query-key-0001', token, body)
    expect(q2.data).toEqual(q.data)
    expect((await balances(t, id)).available).toBe(30_000)
    // A request that failed kept nothing: the same key may be used again once the reason is gone.
    const sub = { username: 'gm_idem', type: 8, amount: '500', remark: '扣' }
    expect((await give(sub, token, 'fail-key-0001')).status).toBe(409)
    await fund(t, id, 20_000)
    expect((await give(sub, token, 'fail-key-0001')).code).toBe(200)
    await expectLedgerOk(t)
  })
})

describe('the list', () => {
  it('lists these records with a sum per type, filtered by type, username and admin', async () => {
    await member(t, 'gm_list')
    await give({ username: 'gm_list', type: 6, amount: '100', remark: 'a' })
    await give({ username: 'gm_list', type: 7, amount: '20', remark: 'b' })
    await give({ username: 'gm_list', type: 8, amount: '30', remark: 'c' })
    const all = await t.get('/api/giftmoney/index', token)
    expect(all.data).toMatchObject({ total: 3, money_stat: { manual_add: '100.00', gift: '20.00', manual_sub: '30.00' } })
    expect(all.data.items.map((r: any) => [r.type, r.amount, r.admin])).toEqual([[8, '30.00', 'admin'], [7, '20.00', 'admin'], [6, '100.00', 'admin']])
    expect((await t.get('/api/giftmoney/index', token, { type: '6,8' })).data.total).toBe(2)
    expect((await t.get('/api/giftmoney/index', token, { type: '7', username: 'gm_list' })).data.total).toBe(1)
    expect((await t.get('/api/giftmoney/index', token, { admin: 'caiwu' })).data.total).toBe(0)
    expect((await t.get('/api/giftmoney/index', token, { type: '5' })).data).toMatchObject({ field: 'type' })
  })
})
