// /api/report/index and /api/home: figures from the rollups equal a recomputation from the records, for the product
// and for an agent's team; every day of the range is present (zeros included), newest first, with a total; bad ranges
// are 400 naming the field; an agent of another product is 404; home answers only what the admin's menus allow.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { card, fund, member, P, setSetting } from './finance-fixtures'
import { editMember, registerMember } from '../../src/server/member/member-write'
import { recomputeDays } from '../../src/server/report/recompute'
import { METRICS } from '../../src/server/report/metrics'
import { productDay } from '../../src/server/report/routes'
import { requestWithdraw } from '../../src/server/finance/withdraw-rules'
import { requestRecharge } from '../../src/server/finance/recharge-rules'
import { MENU } from '../../src/contract/menus'

let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

const cents = (v: string) => Math.round(Number(v) * 100)
const asNumber = (v: string | number) => (typeof v === 'number' ? v : cents(v))

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
    // Every day and the total, for the product and the team, equal the recomputation (the total's active_count is the
    // days' sum, as the contract says).
    for (const [answer, days] of [[r.data, fresh], [team.data, teamFresh]] as const) {
      const byDay = new Map(days.map((d) => [d.day, d]))
      for (const d of answer.items) for (const m of METRICS) expect(asNumber(d[m]), `${d.date} ${m}`).toBe(byDay.get(d.date)?.[m] ?? 0)
      for (const m of METRICS) expect(asNumber(answer.total[m]), `total ${m}`).toBe(days.reduce((s, d) => s + d[m], 0))
      expect(cents(answer.total.profit)).toBe(days.reduce((s, d) => s + d.bet_amount - d.payout_amount, 0))
    }
  })

  it('defaults to this month, refuses bad and over-long ranges, 404 for an agent elsewhere, 403 without the menu', async () => {
    const def = await t.get('/api/report/index', token)
    expect(def.data.end_time).toBe(productDay())
    expect(def.data.start_time).toBe(`${productDay().slice(0, 8)}01`)
    for (const [q, field, msg] of [
      [{ start_time: '2026-02-30' }, 'start_time', '开始日期格式不正确'], [{ end_time: 'today' }, 'end_time', '结束日期格式不正确'],
      [{ end_time: '2026-05-01junk' }, 'end_time', '结束日期格式不正确'], [{ start_time: '0000-01-01' }, 'start_time', '开始日期格式不正确'],
      [{ start_time: '2026-05-02', end_time: '2026-05-01' }, 'start_time', '开始日期不能晚于结束日期'],
      [{ start_time: '2024-01-01', end_time: '2025-01-01' }, 'start_time', '报表最多查询 366 天（当前 367 天）'],
    ] as const) {
      const r = await t.get('/api/report/index', token, q)
      expect(r.status, JSON.stringify(q)).toBe(400)
      expect(r.data.field).toBe(field)
      expect(r.msg).toContain(msg)
    }
    expect((await t.get('/api/report/index', token, { agent_id: 'x' })).status).toBe(400)
    const leap = await t.get('/api/report/index', token, { start_time: '2024-01-01', end_time: '2024-12-31' })
    expect(leap.data.items).toHaveLength(366)
    expect([leap.data.items[0].date, leap.data.items[365].date]).toEqual(['2024-12-31', '2024-01-01'])
    // The other lists' form (a day with a time) is taken as its day.
    const timed = await t.get('/api/report/index', token, { start_time: '2026-03-01 00:00:00', end_time: '2026-03-31 23:59:59' })
    expect(timed.data).toMatchObject({ start_time: '2026-03-01', end_time: '2026-03-31' })
    expect(timed.data.items).toHaveLength(31)
    const beta = (await registerMember(t.db, 'beta', { username: 'rp_beta' })).id
    await t.db.query('update members set is_agent = true where id = $1', [beta])
    expect((await t.get('/api/report/index', token, { agent_id: beta })).status).toBe(404)
    const kefu = await t.login('kefu')
    expect((await t.get('/api/report/index', kefu)).status).toBe(403)
  })
})

describe('/api/home', () => {
  it('gives today against yesterday, 30 days and the waiting work of this product, each part only with its menu', async () => {
    const a = await member(t, 'hm_a')
    await card(t, a)
    await fund(t, a, 10_000_000)
    await setSetting(t, 'double_review_amount', '500.00')
    // Three withdrawals under review; one has had its first approval (待复核). A recharge waits for payment.
    const asks = []
    for (const amount of [10_000, 60_000, 70_000]) asks.push(await t.db.tx((tx) => requestWithdraw(tx, P, { member_id: a, amount })))
    const first = await t.post('/api/withdraw/edit', token, { id: asks[2].id, status: 1 })
    expect(first.data).toMatchObject({ review_stage: 'second' })
    await t.db.tx((tx) => requestRecharge(tx, P, { member_id: a, amount: 30_000, pay_method: 1 }))
    // Another product's waiting work is not this product's.
    const b = await member(t, 'hm_b', { product: 'beta' })
    await card(t, b, 'beta')
    await fund(t, b, 100_000, 'beta')
    await t.db.tx((tx) => requestWithdraw(tx, 'beta', { member_id: b, amount: 10_000 }))
    await t.db.tx((tx) => requestRecharge(tx, 'beta', { member_id: b, amount: 10_000, pay_method: 1 }))

    const h = await t.get('/api/home', token)
    expect(h.status).toBe(200)
    const [today] = await recomputeDays(t.db, P, productDay(), productDay())
    expect(h.data.days.today).toMatchObject({ date: productDay(), recharge_amount: '100000.00', register_count: 1, withdraw_amount: '0.00' })
    expect(cents(h.data.days.today.recharge_amount)).toBe(today.recharge_amount)
    expect(h.data.days.yesterday).toMatchObject({ date: productDay(-1), recharge_amount: '0.00', register_count: 0, active_count: 0, profit: '0.00' })
    expect(h.data.series).toHaveLength(30)
    expect(h.data.series[0].date).toBe(productDay(-29))
    expect(h.data.series[29]).toEqual({ date: productDay(), recharge: '100000.00', withdraw: '0.00', profit: '0.00' })
    expect(h.data.waiting).toEqual({ withdraw_pending: 2, withdraw_second: 1, recharge_pending: 1 })
    // The same counts as the lists the links open.
    const list = (q: Record<string, unknown>, url = '/api/withdraw/index') => t.get(url, token, q).then((r) => r.data.total)
    expect(await list({ review_stage: 'pending' })).toBe(2)
    expect(await list({ review_stage: 'second' })).toBe(1)
    expect(await list({ status: 3 }, '/api/recharge/index')).toBe(1)

    // Each part only with its menu: 客服 holds none of them; a role with the withdrawal list sees only withdrawals;
    // a role with the report sees only the figures.
    const kefu = await t.login('kefu')
    expect((await t.get('/api/home', kefu)).data).toEqual({ days: null, series: null, waiting: { withdraw_pending: null, withdraw_second: null, recharge_pending: null } })
    const withMenus = async (name: string, paths: string[]) => {
      const menus = (await t.db.query<any>('select id from menus where web_uri = any($1::text[])', [paths])).rows
      expect(menus).toHaveLength(paths.length)
      const role = await t.post('/api/sysrole/create', token, { name, remark: '' })
      expect((await t.post('/api/sysrole/assign', token, { role_id: role.data.id, menu_ids: menus.map((m: any) => m.id) })).code).toBe(200)
      const made = await t.post('/api/sysadmin/create', token, { username: name, nickname: name, password: t.encrypt('Home@12345'), role_ids: [role.data.id], status: 1 })
      expect(made.code, made.msg).toBe(200)
      return t.login(name, 'Home@12345')
    }
    const payer = await withMenus('hm_withdraw', [MENU.withdraw])
    expect((await t.get('/api/home', payer)).data).toEqual({ days: null, series: null, waiting: { withdraw_pending: 2, withdraw_second: 1, recharge_pending: null } })
    const cashier = await withMenus('hm_recharge', [MENU.recharge])
    expect((await t.get('/api/home', cashier)).data).toEqual({ days: null, series: null, waiting: { withdraw_pending: null, withdraw_second: null, recharge_pending: 1 } })
    const reader = await withMenus('hm_report', [MENU.report])
    const r = (await t.get('/api/home', reader)).data
    expect(r.waiting).toEqual({ withdraw_pending: null, withdraw_second: null, recharge_pending: null })
    expect(r.days).toEqual(h.data.days)
    expect(r.series).toEqual(h.data.series)
    expect((await t.get('/api/report/index', reader)).status).toBe(200)
    expect((await t.get('/api/report/index', payer)).status).toBe(403)
    expect((await t.get('/api/home')).status).toBe(401)
  })
})
