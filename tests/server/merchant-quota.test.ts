// 商户列表 and 额度记录: merchants (code unique per product, quota never a field), addQuota through the ledger (21 from
// the platform, 22 back, never below zero), bills with before/after and money_stat, deletion only without history.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'
import { count, expectLedgerOk } from './finance-fixtures'

let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

const create = (code: string, extra: Record<string, unknown> = {}) =>
  t.post('/api/merchant/create', token, { code, name: `${code}支付`, contact: '王经理', phone: '13800001111', status: 1, ...extra })
const quota = (merchant_id: number, type: number, amount: string, remark = '调整', key?: string) =>
  t.post('/api/merchant/addQuota', token, { merchant_id, type, amount, remark }, key ? { 'idempotency-key': key } : {})

describe('merchants', () => {
  it('creates with a quota account, refuses a duplicate code however written, edits without touching the quota', async () => {
    const forged = await create('PAY01', { quota: '99999' })
    expect(forged.status).toBe(400)
    expect(forged.msg).toBe('不支持的字段：quota')
    const r = await create('PAY01')
    expect(r.code).toBe(200)
    expect(r.data).toMatchObject({ code: 'PAY01', name: 'PAY01支付', quota: '0.00', status: 1, bill_count: 0 })
    expect(await count(t, 'ledger_accounts where owner_id = $1 and kind = 4 and money = 3', [r.data.id])).toBe(1)
    expect((await create('pay01')).status).toBe(409)
    await quota(r.data.id, 21, '1000')
    expect((await t.post('/api/merchant/edit', token, { id: r.data.id, code: 'PAY01', name: '新名字', status: 0, quota: '1' })).status).toBe(400)
    const e = await t.post('/api/merchant/edit', token, { id: r.data.id, code: 'PAY01', name: '新名字', status: 0 })
    expect(e.data).toMatchObject({ name: '新名字', status: 0, quota: '1000.00' })
    const [log] = await opRows(t, '/api/merchant/edit')
    expect(log.before).toMatchObject({ name: 'PAY01支付', status: 1 })
    // The same code in another product is another merchant.
    await t.post('/api/product/switch', token, { pro: 'beta' })
    expect((await create('PAY01')).code).toBe(200)
    expect((await t.post('/api/merchant/edit', token, { id: r.data.id, code: 'X1', name: 'x', status: 1 })).status).toBe(404)
  })

  it('lists with quotas and their sum, filtered by code and status', async () => {
    const a = (await create('LA')).data.id
    const b = (await create('LB')).data.id
    await quota(a, 21, '100.50')
    await quota(b, 21, '200')
    await t.post('/api/merchant/edit', token, { id: b, code: 'LB', name: 'LB支付', status: 0 })
    const all = await t.get('/api/merchant/index', token)
    expect(all.data).toMatchObject({ total: 2, quota_stat: { quota: '300.50' } })
    expect(all.data.items.map((m: any) => [m.code, m.quota, m.bill_count])).toEqual([['LB', '200.00', 1], ['LA', '100.50', 1]])
    expect((await t.get('/api/merchant/index', token, { status: 0 })).data).toMatchObject({ total: 1, quota_stat: { quota: '200.00' } })
    expect((await t.get('/api/merchant/index', token, { code: 'l' })).data.total).toBe(2)
  })

  it('deletes only a merchant without quota or bills', async () => {
    const a = (await create('DA')).data.id
    const b = (await create('DB')).data.id
    await quota(b, 21, '10')
    await quota(b, 22, '10')
    const r = await t.post('/api/merchant/delete', token, { ids: [a, b] })
    expect(r.status).toBe(409)
    expect(r.msg).toContain('DB支付')
    expect((await t.post('/api/merchant/delete', token, { ids: [a] })).code).toBe(200)
    expect(await count(t, 'merchants')).toBe(1)
  })

  it('refuses malformed input naming the field; 403 for 财务 and 客服', async () => {
    for (const [body, field] of [[{ code: 'a', name: 'x', status: 1 }, 'code'], [{ code: 'OK1', name: '', status: 1 }, 'name'], [{ code: 'OK1', name: 'x', status: 2 }, 'status']] as const) {
      expect((await t.post('/api/merchant/create', token, body)).data?.field).toBe(field)
    }
    expect(await count(t, 'merchants')).toBe(0)
    for (const who of ['kefu', 'caiwu']) {
      const tok = await t.login(who)
      expect((await t.get('/api/merchant/index', tok)).status).toBe(403)
      expect((await t.post('/api/merchant/addQuota', tok, { merchant_id: 1, type: 21, amount: '1', remark: 'x' })).status).toBe(403)
    }
  })
})

describe('quota', () => {
  it('21 moves from the platform to the merchant, 22 back; bills keep before/after; a reduction beyond the quota is 409', async () => {
    const id = (await create('Q1')).data.id
    const add = await quota(id, 21, '1000', '预存')
    expect(add.data).toMatchObject({ quota: '1000.00', quota_before: '0.00', quota_after: '1000.00' })
    expect((await quota(id, 22, '300.25', '退回')).data).toMatchObject({ quota: '699.75' })
    const over = await quota(id, 22, '699.76', '超额')
    expect(over.status).toBe(409)
    expect(over.msg).toBe('减少额度超过商户当前额度 699.75 元')
    const bills = await t.get('/api/merchantbill/index', token)
    expect(bills.data).toMatchObject({ total: 2, per_page: 13, money_stat: { add: '1000.00', reduce: '300.25' }, types: { 21: '增加额度', 22: '减少额度' } })
    expect(bills.data.items.map((b: any) => [b.type, b.amount, b.before, b.after, b.remark, b.admin, b.merchant_name])).toEqual([
      [22, '300.25', '1000.00', '699.75', '退回', 'admin', 'Q1支付'], [21, '1000.00', '0.00', '1000.00', '预存', 'admin', 'Q1支付'],
    ])
    const transfers = (await t.db.query<any>(`select t.type, f.kind as fk, o.kind as tk, t.amount from ledger_transfers t join ledger_accounts f on f.id = t.from_account
      join ledger_accounts o on o.id = t.to_account where t.money = 3 order by t.id`)).rows.map((x) => [x.type, x.fk, x.tk, Number(x.amount)])
    expect(transfers).toEqual([[21, 17, 4, 100_000], [22, 4, 17, 30_025]])
    const [log] = await opRows(t, '/api/merchant/addQuota')
    expect(log).toMatchObject({ action: 'U', target_ids: [String(id)] })
    expect(log.before).toEqual({ quota: '1000.00' })
    expect(log.after).toMatchObject({ quota: '699.75', type: 22 })
    await expectLedgerOk(t)
  })

  it('needs a remark and a valid type and amount; another product\'s merchant is 404; a retried key moves once', async () => {
    const id = (await create('Q2')).data.id
    for (const [body, field] of [
      [{ merchant_id: id, type: 21, amount: '10' }, 'remark'], [{ merchant_id: id, type: 23, amount: '10', remark: 'x' }, 'type'],
      [{ merchant_id: id, type: 21, amount: '-1', remark: 'x' }, 'amount'], [{ type: 21, amount: '1', remark: 'x' }, 'merchant_id'],
    ] as const) expect((await t.post('/api/merchant/addQuota', token, body)).data?.field, JSON.stringify(body)).toBe(field)
    expect((await quota(id, 21, '50', 'a', 'quota-key-0001')).data.quota).toBe('50.00')
    expect((await quota(id, 21, '50', 'a', 'quota-key-0001')).data.quota).toBe('50.00')
    expect(await count(t, 'merchant_bills')).toBe(1)
    await t.post('/api/product/switch', token, { pro: 'beta' })
    expect((await quota(id, 21, '1')).status).toBe(404)
    expect((await t.get('/api/merchantbill/index', token)).data.total).toBe(0)
  })

  it('filters bills by merchant, type and time', async () => {
    const a = (await create('F1')).data.id
    const b = (await create('F2')).data.id
    await quota(a, 21, '10')
    await quota(b, 21, '20')
    await quota(b, 22, '5')
    expect((await t.get('/api/merchantbill/index', token, { merchant_id: b })).data).toMatchObject({ total: 2, money_stat: { add: '20.00', reduce: '5.00' } })
    expect((await t.get('/api/merchantbill/index', token, { type: 22 })).data.total).toBe(1)
    expect((await t.get('/api/merchantbill/index', token, { start_time: '2000-01-01', end_time: '2000-01-02' })).data.total).toBe(0)
    expect((await t.get('/api/merchantbill/index', token, { type: 23 })).status).toBe(400)
  })
})
