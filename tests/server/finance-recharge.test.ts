// 充值记录: the member's request within the settings' bounds, confirm (credits type 2 or 12, total_recharge, level,
// merchant quota in the same transaction) and fail (nothing moves), exactly one decision, the list and its sums.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'
import { balances, changesOf, count, expectLedgerOk, member, P, setSetting, transfersOf } from './finance-fixtures'
import { requestRecharge } from '../../src/server/finance/recharge-rules'
import { createMerchant } from '../../src/server/merchant/merchant-store'
import { moveQuota } from '../../src/server/merchant/quota'

let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

const ask = (id: number, amount: number, extra: { pay_method?: 1 | 2; merchant_id?: number } = {}) =>
  t.db.tx((tx) => requestRecharge(tx, P, { member_id: id, amount, pay_method: extra.pay_method ?? 1, merchant_id: extra.merchant_id }))
const decide = (id: number, status: number, tok = token, remark?: string) => t.post('/api/recharge/edit', tok, { id, status, remark })

async function merchantWithQuota(code: string, quota: number) {
  const m = await t.db.tx((tx) => createMerchant(tx, P, { code, name: `${code}支付`, status: 1 }))
  if (quota) await t.db.tx((tx) => moveQuota(tx, P, { merchant_id: m.id, type: 21, amount: quota, remark: '初始额度', admin: 'admin', key: `seed:${code}` }))
  return m.id
}

describe('asking', () => {
  it('records a 待支付 recharge with an R order number within the finance settings bounds', async () => {
    const id = await member(t, 'rc_ask')
    const r = await ask(id, 50_000)
    expect(r.order_no).toMatch(/^R\d{8}\d{8}$/)
    await setSetting(t, 'recharge_min', '100.00')
    await expect(ask(id, 9_999)).rejects.toMatchObject({ code: 400, message: '单笔充值不能低于 100.00 元' })
    await setSetting(t, 'recharge_max', '1000.00')
    await expect(ask(id, 100_001)).rejects.toMatchObject({ code: 400, message: '单笔充值不能高于 1000.00 元' })
    expect(await count(t, 'recharges where member_id = $1', [id])).toBe(1)
  })

  it('refuses a stopped merchant and an unknown one', async () => {
    const id = await member(t, 'rc_stop')
    const m = await merchantWithQuota('STOP1', 0)
    await t.db.query('update merchants set status = 0 where id = $1', [m])
    await expect(ask(id, 50_000, { merchant_id: m })).rejects.toMatchObject({ code: 409, message: '商户已停用，不能接收新的充值' })
    await expect(ask(id, 50_000, { merchant_id: 999999 })).rejects.toMatchObject({ code: 400 })
  })
})

describe('deciding', () => {
  it('confirm credits type 2 from cash in, raises total_recharge and the level, logs before and after', async () => {
    const id = await member(t, 'rc_conf')
    const r = await ask(id, 120_000)
    const res = await decide(r.id, 1, token, '已核对到账')
    expect(res.code).toBe(200)
    expect(res.data).toMatchObject({ status: 1, admin: 'admin', remark: '已核对到账', amount: '1200.00', username: 'rc_conf' })
    expect(await changesOf(t, id)).toEqual([[2, 120_000, 0, 120_000, r.order_no]])
    expect(await transfersOf(t, r.order_no)).toEqual([[2, 10, 1, 120_000]])
    const m = (await t.db.query<any>('select total_recharge, l.name from members m join member_levels l on l.id = m.level_id where m.id = $1', [id])).rows[0]
    expect(Number(m.total_recharge)).toBe(120_000)
    expect(m.name).toBe('白银会员')
    const [log] = await opRows(t, '/api/recharge/edit')
    expect(log).toMatchObject({ action: 'U', target_ids: [String(r.id)], product: P })
    expect(log.before).toMatchObject({ status: 3 })
    expect(log.after).toMatchObject({ status: 1 })
    await expectLedgerOk(t)
  })

  it('a digital-wallet deposit (source 4) credits type 12', async () => {
    const id = await member(t, 'rc_wal')
    const r = await ask(id, 30_000, { pay_method: 2 })
    expect((await decide(r.id, 1)).code).toBe(200)
    expect(await changesOf(t, id)).toEqual([[12, 30_000, 0, 30_000, r.order_no]])
  })

  it('fail moves nothing; a second decision answers 409 状态已变更 and moves nothing', async () => {
    const id = await member(t, 'rc_fail')
    const r = await ask(id, 30_000)
    expect((await decide(r.id, 2, token, '未到账')).data).toMatchObject({ status: 2, remark: '未到账' })
    expect(await changesOf(t, id)).toEqual([])
    for (const s of [1, 2]) {
      const again = await decide(r.id, s)
      expect(again.status).toBe(409)
      expect(again.msg).toBe('状态已变更')
    }
    const ok = await ask(id, 30_000)
    await decide(ok.id, 1)
    expect((await decide(ok.id, 1)).status).toBe(409)
    expect(await changesOf(t, id)).toHaveLength(1)
    expect((await balances(t, id)).available).toBe(30_000)
    await expectLedgerOk(t)
  })

  it('through a merchant: consumes its quota (22 充值消耗, ref the order) in the same transaction', async () => {
    const id = await member(t, 'rc_mch')
    const m = await merchantWithQuota('MQ1', 100_000)
    const r = await ask(id, 60_000, { merchant_id: m })
    expect((await decide(r.id, 1)).code).toBe(200)
    const bills = (await t.db.query<any>('select type, amount, before, after, ref, remark from merchant_bills where merchant_id = $1 order by id', [m])).rows
    expect(bills.map((b) => [b.type, Number(b.amount), Number(b.before), Number(b.after), b.ref, b.remark])).toEqual([
      [21, 100_000, 0, 100_000, '', '初始额度'], [22, 60_000, 100_000, 40_000, r.order_no, '充值消耗'],
    ])
    expect(await transfersOf(t, r.order_no)).toEqual([[22, 4, 17, 60_000], [2, 10, 1, 60_000]])
    // Too little quota left: 409 商户额度不足 and nothing moves, the record stays 待支付.
    const short = await ask(id, 50_000, { merchant_id: m })
    const res = await decide(short.id, 1)
    expect(res.status).toBe(409)
    expect(res.msg).toContain('商户额度不足')
    expect(res.msg).toContain('400.00')
    expect(await transfersOf(t, short.order_no)).toEqual([])
    expect((await t.db.query<any>('select status from recharges where id = $1', [short.id])).rows[0].status).toBe(3)
    expect((await balances(t, id)).available).toBe(60_000)
    await expectLedgerOk(t)
  })

  it('refuses malformed input naming the field, writing nothing', async () => {
    const id = await member(t, 'rc_bad')
    const r = await ask(id, 30_000)
    for (const [body, field] of [[{ id: r.id, status: 3 }, 'status'], [{ id: r.id }, 'status'], [{ status: 1 }, 'id'], [{ id: 'x', status: 1 }, 'id']] as const) {
      const res = await t.post('/api/recharge/edit', token, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.data?.field).toBe(field)
    }
    expect((await opRows(t, '/api/recharge/edit'))).toHaveLength(0)
    expect(await changesOf(t, id)).toEqual([])
  })

  it('403 without the menu (客服), 404 for another product\'s record', async () => {
    const id = await member(t, 'rc_perm')
    const r = await ask(id, 30_000)
    const kefu = await t.login('kefu')
    expect((await decide(r.id, 1, kefu)).status).toBe(403)
    expect((await t.get('/api/recharge/index', kefu)).status).toBe(403)
    await t.post('/api/product/switch', token, { pro: 'beta' })
    expect((await decide(r.id, 1)).status).toBe(404)
    expect((await t.get('/api/recharge/index', token)).data.items).toEqual([])
    const caiwu = await t.login('caiwu')
    expect((await decide(r.id, 1, caiwu)).code).toBe(200)
  })
})

describe('the list', () => {
  it('filters, pages by cursor and sums exactly (money_stat, types, pending_count)', async () => {
    const a = await member(t, 'rc_list_a')
    const b = await member(t, 'rc_list_b')
    const ids = []
    for (let i = 1; i <= 20; i++) ids.push((await ask(i % 2 ? a : b, i * 1_000)).id)
    await decide(ids[0], 1)
    await decide(ids[1], 2, token, '失败')
    const all = await t.get('/api/recharge/index', token)
    expect(all.data).toMatchObject({
      total: 20, total_exact: true, per_page: 15, pending_count: 18,
      money_stat: { total: '2100.00', success: '10.00', failed: '20.00', pending: '2070.00' },
    })
    expect(all.data.types.source).toMatchObject({ 0: '银联充值', 4: '数字钱包' })
    expect(all.data.items).toHaveLength(15)
    expect(all.data.items[0]).toMatchObject({ username: 'rc_list_b', amount: '200.00', status: 3, source: 0, pay_method: 1 })
    const next = await t.get('/api/recharge/index', token, { after: all.data.cursor_next })
    expect(next.data.items).toHaveLength(5)
    const pending = await t.get('/api/recharge/index', token, { status: 3 })
    expect(pending.data).toMatchObject({ total: 18, money_stat: { total: '2070.00', pending: '2070.00', success: '0.00' } })
    const mine = await t.get('/api/recharge/index', token, { username: 'RC_LIST_A', amount_min: '50', amount_max: '150' })
    expect(mine.data.items.map((x: any) => x.amount)).toEqual(['150.00', '130.00', '110.00', '90.00', '70.00', '50.00'])
    expect(mine.data.money_stat.total).toBe('600.00')
    expect((await t.get('/api/recharge/index', token, { username: 'nobody_here' })).data.total).toBe(0)
    expect((await t.get('/api/recharge/index', token, { amount_min: 'abc' })).data).toMatchObject({ field: 'amount_min' })
    expect((await t.get('/api/recharge/index', token, { start_time: '2020-01-01', end_time: '2020-01-02' })).data.total).toBe(0)
  })
})
