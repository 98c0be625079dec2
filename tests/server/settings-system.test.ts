// 网站设置: the three categories with their built-in keys, edits validated by type and bounds (and min ≤ max), custom
// rows added and deleted (built-ins never), per product; and 网站白名单 (12 a page, IP/CIDR, duplicates 409).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'
import { count } from './finance-fixtures'
import { readSettings } from '../../src/server/settings/store'

let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

const list = async (url: string, tok = token) => (await t.get(url, tok)).data.items as any[]
const byKey = async (url: string, key: string) => (await list(url)).find((s) => s.key === key)

describe('categories', () => {
  it('each list holds its built-in keys with their types and bounds', async () => {
    expect((await list('/api/system')).map((s) => s.key)).toEqual(['site_name', 'service_url', 'announcement', 'register_open', 'trial_open',
      'trial_balance', 'default_level_id', 'maintenance', 'maintenance_notice'])
    expect((await list('/api/system/finance')).map((s) => s.key)).toEqual(['recharge_min', 'recharge_max', 'withdraw_min', 'withdraw_max',
      'withdraw_times_daily', 'withdraw_hours', 'double_review_amount', 'manual_confirm_amount', 'turnover_multiple_recharge',
      'turnover_multiple_gift', 'turnover_multiple_manual', 'turnover_withdraw_policy', 'withdraw_claim_minutes', 'withdraw_sla_minutes',
      'withdraw_reject_reasons', 'big_win_amount'])
    expect((await list('/api/system/yuebao')).map((s) => s.key)).toEqual(['invest_open', 'rate_7d', 'rate_15d', 'invest_min', 'invest_max', 'early_redeem'])
    expect(await byKey('/api/system/finance', 'withdraw_hours')).toMatchObject({ value: '00:00-23:59', value_type: 'time_range', builtin: true, category: 4 })
    expect(await byKey('/api/system/yuebao', 'rate_7d')).toMatchObject({ value_type: 'percent', min: 0, max: 100 })
  })

  it('edits a value by its type and bounds, normalised, logged with before and after', async () => {
    const s = await byKey('/api/system/finance', 'withdraw_min')
    const r = await t.post('/api/system/finance/edit', token, { id: s.id, value: '150.5' })
    expect(r.data).toMatchObject({ key: 'withdraw_min', value: '150.50' })
    expect((await readSettings(t.db, 'alpha', ['withdraw_min'])).cents('withdraw_min')).toBe(15_050)
    const [log] = await opRows(t, '/api/system/finance/edit')
    expect(log).toMatchObject({ action: 'U', target_ids: [String(s.id)] })
    expect(log.before).toMatchObject({ value: '100.00' })
    expect(log.after).toMatchObject({ value: '150.50' })
    const bad: [string, string, string, string][] = [
      ['/api/system/finance', 'withdraw_hours', '9-23', '格式'], ['/api/system/finance', 'withdraw_hours', '23:00-09:00', '晚于'],
      ['/api/system/finance', 'withdraw_times_daily', '101', '不能大于 100'], ['/api/system/finance', 'withdraw_times_daily', '1.5', '整数'],
      ['/api/system/finance', 'double_review_amount', '0', '不能小于'], ['/api/system', 'register_open', '2', '开启'],
      ['/api/system/yuebao', 'rate_7d', '100.01', '不能大于 100'], ['/api/system/yuebao', 'rate_7d', 'abc', '百分比'],
      ['/api/system/finance', 'withdraw_min', '300000', '不能高于'], ['/api/system', 'default_level_id', '999999', '不存在'],
      ['/api/system', 'site_name', 'x'.repeat(41), '长度'],
    ]
    for (const [url, key, value, words] of bad) {
      const row = await byKey(url, key)
      const res = await t.post(`${url}/edit`, token, { id: row.id, value })
      expect(res.status, `${key}=${value}`).toBe(400)
      expect(res.data.field).toBe('value')
      expect(res.msg, `${key}=${value}`).toContain(words)
      expect((await byKey(url, key)).value).toBe(row.value)
    }
    // A row of another category is not this list's.
    const rate = await byKey('/api/system/yuebao', 'rate_7d')
    expect((await t.post('/api/system/finance/edit', token, { id: rate.id, value: '1' })).status).toBe(404)
  })

  it('adds custom rows, refuses built-in and duplicate keys, deletes custom rows only', async () => {
    const add = await t.post('/api/system/edit', token, { key: 'qq_group', name: 'QQ群', value_type: 'text', value: '123456', remark: '客服群' })
    expect(add.data).toMatchObject({ key: 'qq_group', builtin: false, category: 2, value: '123456' })
    expect((await opRows(t, '/api/system/edit'))[0]).toMatchObject({ action: 'C' })
    expect((await t.post('/api/system/edit', token, { key: 'qq_group', name: 'x', value_type: 'text', value: '1' })).status).toBe(409)
    expect((await t.post('/api/system/edit', token, { key: 'site_name', name: 'x', value_type: 'text', value: '1' })).status).toBe(409)
    expect((await t.post('/api/system/edit', token, { key: 'bonus_rate', name: '比例', value_type: 'percent', value: 'x' })).data.field).toBe('value')
    expect((await t.post('/api/system/edit', token, { key: 'Bad-Key', name: 'x', value_type: 'text', value: '1' })).data.field).toBe('key')
    expect((await t.post('/api/system/edit', token, { name: 'x', value_type: 'text', value: '1' })).data.field).toBe('key')
    const builtin = await byKey('/api/system', 'site_name')
    const del = await t.post('/api/system/delete', token, { ids: [add.data.id, builtin.id] })
    expect(del.status).toBe(409)
    expect(del.msg).toContain('站点名称')
    expect((await t.post('/api/system/delete', token, { ids: [add.data.id] })).code).toBe(200)
    expect(await byKey('/api/system', 'qq_group')).toBeUndefined()
  })

  it('is per product; 403 without the menu', async () => {
    const s = await byKey('/api/system', 'site_name')
    await t.post('/api/system/edit', token, { id: s.id, value: '金沙' })
    await t.post('/api/product/switch', token, { pro: 'beta' })
    expect((await byKey('/api/system', 'site_name')).value).toBe('彩票交易平台')
    expect((await t.post('/api/system/edit', token, { id: s.id, value: 'x' })).status).toBe(404)
    for (const who of ['kefu', 'caiwu']) {
      const tok = await t.login(who)
      expect((await t.get('/api/system/finance', tok)).status).toBe(403)
      expect((await t.post('/api/system/finance/edit', tok, { id: s.id, value: '1' })).status).toBe(403)
    }
  })
})

describe('website whitelist', () => {
  it('pages by 12, normalises addresses, refuses duplicates, edits and deletes, per product', async () => {
    for (let i = 1; i <= 13; i++) expect((await t.post('/api/whitelist/create', token, { ip: `10.1.${i}.1`, remark: `回调${i}` })).code).toBe(200)
    const first = await t.get('/api/whitelist/index', token)
    expect(first.data).toMatchObject({ total: 13, per_page: 12 })
    expect(first.data.items[0]).toMatchObject({ ip: '10.1.13.1', remark: '回调13', admin: 'admin' })
    const net = await t.post('/api/whitelist/create', token, { ip: '10.9.0.7/16' })
    expect(net.data.ip).toBe('10.9.0.0/16')
    expect((await t.post('/api/whitelist/create', token, { ip: '10.9.255.1/16' })).status).toBe(409)
    expect((await t.post('/api/whitelist/create', token, { ip: '300.1.1.1' })).data.field).toBe('ip')
    expect((await t.get('/api/whitelist/index', token, { ip: '10.9.3.3' })).data.items.map((x: any) => x.ip)).toEqual(['10.9.0.0/16'])
    const e = await t.post('/api/whitelist/edit', token, { id: net.data.id, ip: '2001:db8::/32', remark: 'v6' })
    expect(e.data).toMatchObject({ ip: '2001:db8::/32', remark: 'v6' })
    expect((await t.post('/api/whitelist/edit', token, { id: net.data.id, ip: '10.1.1.1' })).status).toBe(409)
    const [log] = await opRows(t, '/api/whitelist/edit')
    expect(log.before).toMatchObject({ ip: '10.9.0.0/16' })
    expect((await t.post('/api/whitelist/delete', token, { ids: [net.data.id] })).code).toBe(200)
    expect(await count(t, 'site_whitelist')).toBe(13)
    await t.post('/api/product/switch', token, { pro: 'beta' })
    expect((await t.get('/api/whitelist/index', token)).data.total).toBe(0)
    expect((await t.post('/api/whitelist/create', token, { ip: '10.1.1.1' })).code).toBe(200)
    expect((await t.post('/api/whitelist/delete', token, { ids: [first.data.items[0].id] })).status).toBe(404)
    expect((await t.get('/api/whitelist/index', await t.login('kefu'))).status).toBe(403)
  })
})
