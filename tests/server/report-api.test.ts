// /api/report/index and /api/home: figures from the rollups equal a recomputation from the records, for the product
// and for an agent's team; every day of the range is present (zeros included), newest first, with a total; bad ranges
// are 400 naming the field; an agent of another product is 404; home answers only what the admin's menus allow.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { fund, member } from './finance-fixtures'
import { editMember, registerMember } from '../../src/server/member/member-write'
import { recomputeDays } from '../../src/server/report/recompute'
import { productDay } from '../../src/server/report/routes'
import { requestWithdraw } from '../../src/server/finance/withdraw-rules'

let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

const cents = (v: string) => Math.round(Number(v) * 100)

describe('/api/report/index', () => {
  it('answers every day of the range with the figures a recomputation gives, for the product and an agent team', async () => {
    const agent = await member(t, 'rp_agent')
    await t.db.tx((tx) => editMember(tx, 'alpha', agent, { username: 'rp_agent', is_agent: true }))
    const under = (await registerMember(t.db, 'alpha', { username: 'rp_under', agent_id: agent })).id
    const other = await member(t, 'rp_other')
    await member(t, 'rp_trial', { kind: 2 })
    await fund(t, under, 50_000)
    await fund(t, other, 20_000)
    await t.post('/api/giftmoney/create', token, { username: 'rp_under', type: 7, amount: '8.80', remark: '彩金' })
    await t.post('/api/giftmoney/create', token, { username: 'rp_other', type: 8, amount: '10', remark: '扣款' })
    const today = productDay()
    const from = productDay(-6)
    const r = await t.get('/api/report/index', token, { start_time: from, end_time: today })
    expect(r.status).toBe(200)
    expect(r.data.items.map((d: any) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => productDay(-i)))
    const fresh = await recomputeDays(t.db, 'alpha', from, today)
    const day = r.data.items[0]
    expect(fresh[0].day).toBe(today)
    expect(cents(day.recharge_amount)).toBe(fresh[0].recharge_amount)
    expect(day).toMatchObject({ register_count: 3, recharge_amount: '700.00', recharge_count: 2, gift_amount: '8.80', manual_sub: '10.00', profit: '0.00' })
    expect(r.data.items[1]).toMatchObject({ register_count: 0, recharge_amount: '0.00', active_count: 0 })
    expect(r.data.total).toMatchObject({ register_count: 3, recharge_amount: '700.00', gift_amount: '8.80' })
    expect(r.data.agent_list).toEqual([{ id: agent, username: 'rp_agent' }])
    const team = await t.get('/api/report/index', token, { start_time: from, end_time: today, agent_id: agent })
    const teamFresh = await recomputeDays(t.db, 'alpha', from, today, agent)
    expect(team.data.items[0]).toMatchObject({ register_count: 2, recharge_amount: '500.00', gift_amount: '8.80', manual_sub: '0.00' })
    for (const [k, v] of Object.entries(teamFresh[0])) if (k !== 'day') expect(k in team.data.items[0] && (typeof team.data.items[0][k] === 'string' ? cents(team.data.items[0][k]) : team.data.items[0][k]), k).toBe(v)
    expect(team.data.agent_id).toBe(agent)
  })

  it('defaults to this month, refuses bad and over-long ranges, 404 for an agent elsewhere, 403 without the menu', async () => {
    const def = await t.get('/api/report/index', token)
    expect(def.data.end_time).toBe(productDay())
    expect(def.data.start_time).toBe(`${productDay().slice(0, 8)}01`)
    for (const [q, field] of [
      [{ start_time: '2026-02-30' }, 'start_time'], [{ end_time: 'today' }, 'end_time'],
      [{ start_time: '2026-05-02', end_time: '2026-05-01' }, 'start_time'], [{ start_time: '2024-01-01', end_time: '2025-01-01' }, 'start_time'],
    ] as const) {
      const r = await t.get('/api/report/index', token, q)
      expect(r.status, JSON.stringify(q)).toBe(400)
      expect(r.data.field).toBe(field)
    }
    expect((await t.get('/api/report/index', token, { start_time: '2024-01-01', end_time: '2024-12-31' })).data.items).toHaveLength(366)
    const beta = (await registerMember(t.db, 'beta', { username: 'rp_beta' })).id
    await t.db.query('update members set is_agent = true where id = $1', [beta])
    expect((await t.get('/api/report/index', token, { agent_id: beta })).status).toBe(404)
    const kefu = await t.login('kefu')
    expect((await t.get('/api/report/index', kefu)).status).toBe(403)
  })
})

describe('/api/home', () => {
  it('gives today against yesterday, 30 days and the waiting work, each only with its menu', async () => {
    const a = await member(t, 'hm_a')
    await fund(t, a, 100_000)
    await t.db.tx((tx) => requestWithdraw(tx, 'alpha', { member_id: a, amount: 10_000, card_id: undefined }).catch(() => null))
    const h = await t.get('/api/home', token)
    expect(h.status).toBe(200)
    expect(h.data.days.today).toMatchObject({ date: productDay(), recharge_amount: '1000.00', register_count: 1 })
    expect(h.data.days.yesterday.date).toBe(productDay(-1))
    expect(h.data.series).toHaveLength(30)
    expect(h.data.series[29]).toMatchObject({ date: productDay(), recharge: '1000.00' })
    expect(h.data.waiting).toEqual({ withdraw_pending: expect.any(Number), withdraw_second: 0, recharge_pending: 0 })
    const kefu = await t.login('kefu')
    expect((await t.get('/api/home', kefu)).data).toEqual({ days: null, series: null, waiting: { withdraw_pending: null, withdraw_second: null, recharge_pending: null } })
    expect((await t.get('/api/home')).status).toBe(401)
  })
})
