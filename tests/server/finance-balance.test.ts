// 账变记录 and 试玩账变记录: real members' balance changes in /api/balance/index, trial members' only in /demo, with
// balance_stat {income, expense, net}, types, filters (username, type or types, ref, time) and keyset pages.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { fund, member } from './finance-fixtures'

let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

describe('balance changes', () => {
  it('lists real members only, sums income and expense exactly, filters and pages', async () => {
    const a = await member(t, 'bl_real')
    await member(t, 'bl_trial', { kind: 2 })
    await member(t, 'bl_virtual', { kind: 1 })
    await fund(t, a, 10_000)
    await t.post('/api/giftmoney/create', token, { username: 'bl_real', type: 7, amount: '5', remark: '彩金' })
    await t.post('/api/giftmoney/create', token, { username: 'bl_real', type: 8, amount: '30', remark: '扣款' })
    const all = await t.get('/api/balance/index', token)
    expect(all.data).toMatchObject({ total: 3, total_exact: true, balance_stat: { income: '105.00', expense: '30.00', net: '75.00' } })
    expect(all.data.types).toMatchObject({ 1: '认购', 12: '数字钱包充值' })
    expect(all.data.items.map((r: any) => [r.username, r.type, r.amount, r.before, r.after])).toEqual([
      ['bl_real', 8, '-30.00', '105.00', '75.00'], ['bl_real', 7, '5.00', '100.00', '105.00'], ['bl_real', 2, '100.00', '0.00', '100.00'],
    ])
    const ref = all.data.items[0].ref
    expect(ref).toMatch(/^R/)
    expect((await t.get('/api/balance/index', token, { ref })).data.total).toBe(1)
    expect((await t.get('/api/balance/index', token, { type: '7,8' })).data).toMatchObject({ total: 2, balance_stat: { net: '-25.00' } })
    expect((await t.get('/api/balance/index', token, { type: 2 })).data.total).toBe(1)
    expect((await t.get('/api/balance/index', token, { type: '13' })).data).toMatchObject({ field: 'type' })
    expect((await t.get('/api/balance/index', token, { username: 'BL_REAL' })).data.total).toBe(3)
    expect((await t.get('/api/balance/index', token, { username: 'bl_trial' })).data.total).toBe(0)
    expect((await t.get('/api/balance/index', token, { start_time: '2000-01-01', end_time: '2000-01-01' })).data.total).toBe(0)
    const p1 = await t.get('/api/balance/index', token, { per_page: 2 })
    const p2 = await t.get('/api/balance/index', token, { per_page: 2, after: p1.data.cursor_next })
    expect(p2.data.items.map((r: any) => r.type)).toEqual([2])
    const back = await t.get('/api/balance/index', token, { per_page: 2, before: p2.data.cursor_prev })
    expect(back.data.items.map((r: any) => r.type)).toEqual([8, 7])
  })

  it('the demo list shows trial members only; 403 for 客服; another product shows nothing', async () => {
    const trial = await member(t, 'bl_demo', { kind: 2 })
    const demo = await t.get('/api/balance/demo', token)
    expect(demo.data.items.map((r: any) => [r.member_id, r.type, r.amount])).toEqual([[trial, 104, '10000.00']])
    expect(demo.data.types[104]).toBe('试玩金发放')
    expect(demo.data.total).toBe(1)
    expect(demo.data.balance_stat).toMatchObject({ income: '10000.00', expense: '0.00' })
    expect((await t.get('/api/balance/index', token)).data.total).toBe(0)
    const kefu = await t.login('kefu')
    expect((await t.get('/api/balance/index', kefu)).status).toBe(403)
    expect((await t.get('/api/balance/demo', kefu)).status).toBe(403)
    await t.post('/api/product/switch', token, { pro: 'beta' })
    expect((await t.get('/api/balance/demo', token)).data.total).toBe(0)
  })
})
