// 提现记录: the request freezes the amount within the settings' and level's limits with the level's fee; approve pays
// out of frozen (cash out and fee), reject returns it (type 5, reason required); two-person review at or above
// double_review_amount (待复核, the same admin twice 409); the list with its stages and sums.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'
import { balances, card, changesOf, expectLedgerOk, fund, member, P, secondAdmin, setSetting, transfersOf, wallet } from './finance-fixtures'
import { requestWithdraw } from '../../src/server/finance/withdraw-rules'
import { feeOf, withinHours } from '../../src/server/finance/common'

let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

const ask = (id: number, amount: number, extra: { card_id?: number; wallet_id?: number; at?: Date } = {}) =>
  t.db.tx((tx) => requestWithdraw(tx, P, { member_id: id, amount, ...extra }))
const decide = (id: number, status: number, tok = token, remark?: string) => t.post('/api/withdraw/edit', tok, { id, status, remark })

/** A member at 普通会员 (fee 1.00%, 3 a day, 50,000.00 a day) with a card and money. */
async function payer(name: string, cents = 10_000_000) {
  const id = await member(t, name)
  await card(t, id)
  await fund(t, id, cents)
  return id
}

describe('fees and hours', () => {
  it('rounds the fee half-up in integer arithmetic, and reads HH:mm-HH:mm in the product time zone', () => {
    expect(feeOf(10_000, '1.00')).toBe(100)
    expect(feeOf(12_345, '0.80')).toBe(99) // 98.76 → 99
    expect(feeOf(12_350, '0.20')).toBe(25) // 24.70 → 25
    expect(feeOf(125, '2.00')).toBe(3) // 2.5 → 3
    expect(feeOf(124, '2.00')).toBe(2) // 2.48 → 2
    expect(feeOf(99_999_999_999, '100.00')).toBe(99_999_999_999)
    expect(feeOf(50_000, '0.00')).toBe(0)
    const at = (h: number, m: number) => new Date(Date.UTC(2026, 0, 1, (h + 16) % 24, m))
    expect(withinHours('09:00-23:00', at(9, 0))).toBe(true)
    expect(withinHours('09:00-23:00', at(8, 59))).toBe(false)
    expect(withinHours('09:00-23:00', at(23, 0))).toBe(true)
    expect(withinHours('09:00-23:00', at(23, 1))).toBe(false)
  })
})

describe('asking', () => {
  it('freezes the amount (type 4) with the level fee and a snapshot of the card', async () => {
    const id = await payer('wd_ask')
    const r = await ask(id, 123_450)
    expect(r.order_no).toMatch(/^W\d{16}$/)
    expect(r.fee).toBe(1_235)
    expect(await balances(t, id)).toEqual({ available: 10_000_000 - 123_450, frozen: 123_450 })
    expect((await changesOf(t, id)).at(-1)).toEqual([4, -123_450, 10_000_000, 10_000_000 - 123_450, r.order_no])
    const row = (await t.db.query<any>('select pay_method, bank_name, holder, card_no, status, fee from withdrawals where id = $1', [r.id])).rows[0]
    expect(row).toMatchObject({ pay_method: 1, bank_name: '招商银行', holder: '张三', status: 3 })
    expect(row.card_no).toMatch(/^\d{16,19}$/)
    await expectLedgerOk(t)
  })

  it('pays to a wallet when asked', async () => {
    const id = await payer('wd_wallet')
    const w = await wallet(t, id)
    const r = await ask(id, 20_000, { wallet_id: w })
    const row = (await t.db.query<any>('select pay_method, chain, address from withdrawals where id = $1', [r.id])).rows[0]
    expect(row).toMatchObject({ pay_method: 2, chain: 'TRC20' })
    expect(row.address).toMatch(/^T/)
  })

  it('keeps to the settings and the level: min, max, hours, times a day, daily maximum, balance, payee', async () => {
    const id = await payer('wd_limits', 20_000_000)
    await expect(ask(id, 9_999)).rejects.toMatchObject({ code: 400, message: '单笔提现不能低于 100.00 元' })
    await expect(ask(id, 20_000_001)).rejects.toMatchObject({ code: 400, message: '单笔提现不能高于 200000.00 元' })
    await setSetting(t, 'withdraw_hours', '09:00-10:00')
    await expect(ask(id, 10_000, { at: new Date(Date.UTC(2026, 0, 1, 4, 0)) })).rejects.toMatchObject({ code: 409, message: '不在提现时间内（09:00-10:00）' })
    await setSetting(t, 'withdraw_hours', '00:00-23:59')
    // 普通会员: 50,000.00 a day.
    await expect(ask(id, 5_000_001)).rejects.toMatchObject({ code: 409 })
    await ask(id, 10_000)
    await ask(id, 10_000)
    await ask(id, 10_000)
    await expect(ask(id, 10_000)).rejects.toMatchObject({ code: 409, message: '今日提现次数已达上限（3 次）' })
    await setSetting(t, 'withdraw_times_daily', '2')
    const other = await payer('wd_limits2')
    await ask(other, 10_000)
    await ask(other, 10_000)
    await expect(ask(other, 10_000)).rejects.toMatchObject({ message: '今日提现次数已达上限（2 次）' })
    const poor = await member(t, 'wd_poor')
    await card(t, poor)
    await fund(t, poor, 15_000)
    await expect(ask(poor, 20_000)).rejects.toMatchObject({ code: 409, message: '余额不足，可用余额 150.00 元' })
    const nocard = await member(t, 'wd_nocard')
    await fund(t, nocard, 50_000)
    await expect(ask(nocard, 20_000)).rejects.toMatchObject({ code: 400, message: '会员没有可用的银行卡' })
    expect(await balances(t, poor)).toEqual({ available: 15_000, frozen: 0 })
    await expectLedgerOk(t)
  })
})

describe('deciding', () => {
  it('approve pays amount − fee to cash out and the fee to fees from frozen, raises total_withdraw, logs it', async () => {
    const id = await payer('wd_appr')
    const r = await ask(id, 100_000)
    const res = await decide(r.id, 1)
    expect(res.code).toBe(200)
    expect(res.data).toMatchObject({ status: 1, admin: 'admin', fee: '10.00', actual_amount: '990.00', first_review: false, review_stage: 'done' })
    expect(await transfersOf(t, r.order_no)).toEqual([[4, 1, 2, 100_000], [101, 2, 11, 99_000], [102, 2, 12, 1_000]])
    expect(await balances(t, id)).toEqual({ available: 9_900_000, frozen: 0 })
    expect((await changesOf(t, id)).map((c) => c[0])).toEqual([2, 4])
    expect(Number((await t.db.query<any>('select total_withdraw from members where id = $1', [id])).rows[0].total_withdraw)).toBe(100_000)
    const [log] = await opRows(t, '/api/withdraw/edit')
    expect(log).toMatchObject({ action: 'U', target_ids: [String(r.id)] })
    expect(log.before).toMatchObject({ status: 3 })
    expect(log.after).toMatchObject({ status: 1 })
    expect(log.after.card_no).toMatch(/^\*\*\*\*\d{4}$/)
    await expectLedgerOk(t)
  })

  it('reject needs a reason and returns the amount (type 5); a second decision is 409 状态已变更', async () => {
    const id = await payer('wd_rej')
    const r = await ask(id, 100_000)
    const noReason = await decide(r.id, 2)
    expect(noReason).toMatchObject({ status: 400, data: { field: 'remark' } })
    expect((await decide(r.id, 2, token, '   ')).status).toBe(400)
    expect((await decide(r.id, 2, token, '卡号有误')).data).toMatchObject({ status: 2, remark: '卡号有误' })
    expect((await changesOf(t, id)).slice(-2)).toEqual([[4, -100_000, 10_000_000, 9_900_000, r.order_no], [5, 100_000, 9_900_000, 10_000_000, r.order_no]])
    expect(await balances(t, id)).toEqual({ available: 10_000_000, frozen: 0 })
    for (const s of [1, 2]) expect(await decide(r.id, s, token, '再来一次')).toMatchObject({ status: 409, msg: '状态已变更' })
    expect(await transfersOf(t, r.order_no)).toHaveLength(2)
    await expectLedgerOk(t)
  })

  it('two-person review: the first approval is recorded (待复核), the same admin again 409, another admin completes it', async () => {
    await setSetting(t, 'double_review_amount', '500.00')
    const id = await payer('wd_two')
    const r = await ask(id, 50_000)
    const first = await decide(r.id, 1)
    expect(first.data).toMatchObject({ status: 3, first_review_admin: 'admin', first_review: true, review_stage: 'second', needs_double_review: true })
    expect(await transfersOf(t, r.order_no)).toHaveLength(1)
    expect(await decide(r.id, 1)).toMatchObject({ status: 409, msg: '需要另一位管理员复核' })
    const list = await t.get('/api/withdraw/index', token, { review_stage: 'second' })
    expect(list.data).toMatchObject({ total: 1, second_review_count: 1, pending_count: 1, double_review_amount: '500.00' })
    const other = await secondAdmin(t, token)
    const second = await decide(r.id, 1, other)
    expect(second.data).toMatchObject({ status: 1, admin: 'admin2', first_review_admin: 'admin', first_review: false })
    expect(await transfersOf(t, r.order_no)).toHaveLength(3)
    // Below the threshold one admin is enough; a rejection always needs only one.
    const small = await ask(id, 49_999)
    expect((await decide(small.id, 1)).data).toMatchObject({ status: 1 })
    const big = await ask(id, 60_000)
    await decide(big.id, 1)
    expect((await decide(big.id, 2, token, '核实后驳回')).data).toMatchObject({ status: 2, first_review_admin: 'admin' })
    await expectLedgerOk(t)
  })

  it('403 without the menu, 404 in another product, 400 naming the field', async () => {
    const id = await payer('wd_perm')
    const r = await ask(id, 10_000)
    expect((await decide(r.id, 1, await t.login('kefu'))).status).toBe(403)
    expect((await decide(r.id, 1, await t.login('yunying'))).status).toBe(403)
    expect((await t.post('/api/withdraw/edit', token, { id: r.id, status: 0 })).data).toMatchObject({ field: 'status' })
    await t.post('/api/product/switch', token, { pro: 'beta' })
    expect((await decide(r.id, 1)).status).toBe(404)
    expect(await opRows(t, '/api/withdraw/edit')).toHaveLength(0)
  })
})

describe('the payee', () => {
  it('a card or wallet a withdrawal under review pays to cannot be deleted until it is decided', async () => {
    const id = await payer('wd_payee')
    const c = (await t.db.query<any>('select id from member_cards where member_id = $1', [id])).rows[0].id
    const w = await wallet(t, id)
    const byCard = await ask(id, 10_000)
    await ask(id, 10_000, { wallet_id: w })
    expect((await t.post('/api/card/delete', token, { ids: [c] })).status).toBe(409)
    expect((await t.post('/api/wallet/delete', token, { ids: [w] })).status).toBe(409)
    await decide(byCard.id, 1)
    expect((await t.post('/api/card/delete', token, { ids: [c] })).code).toBe(200)
    // The record keeps what it paid to.
    expect((await t.get('/api/withdraw/index', token, { status: 1 })).data.items[0]).toMatchObject({ bank_name: '招商银行', holder: '张三' })
  })
})

describe('the list', () => {
  it('shows stages, masks the payee, sums per status and filters', async () => {
    const a = await payer('wd_list_a')
    const b = await payer('wd_list_b')
    const w = await wallet(t, b)
    const one = await ask(a, 10_000)
    await ask(b, 20_000, { wallet_id: w })
    const three = await ask(a, 30_000)
    await decide(one.id, 1)
    await decide(three.id, 2, token, '驳回')
    const all = await t.get('/api/withdraw/index', token)
    expect(all.data).toMatchObject({
      total: 3, total_exact: true, pending_count: 1, second_review_count: 0,
      money_stat: { total: '600.00', success: '100.00', failed: '300.00', pending: '200.00', fee: '6.00' },
    })
    const [r3, r2] = all.data.items
    expect(r3).toMatchObject({ status: 2, review_stage: 'done', username: 'wd_list_a', pay_method: 1, holder: '张三' })
    expect(r3.card_no).toMatch(/^\d{4} \*\*\*\* \*\*\*\* \d{4}$/)
    expect(r2).toMatchObject({ status: 3, review_stage: 'pending', pay_method: 2, chain: 'TRC20', needs_double_review: false })
    expect(r2.address).toMatch(/^T.{5}….{4}$/)
    expect((await t.get('/api/withdraw/index', token, { status: 3 })).data.items.map((x: any) => x.id)).toEqual([r2.id])
    expect((await t.get('/api/withdraw/index', token, { username: 'wd_list_a' })).data).toMatchObject({ total: 2, money_stat: { total: '400.00' } })
    expect((await t.get('/api/withdraw/index', token, { review_stage: 'other' })).status).toBe(400)
  })
})
