// Amount bounds and exact money: every money input refuses more than 999999999.99 (MAX_CENTS) with a 400 naming the
// field, moving and writing nothing; 999999999.99 itself goes through where the route allows it; and balances past
// 2^53 cents are answered to the cent by every list and detail (integers end to end, never a float).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { randomUUID } from 'node:crypto'
import { makeApp, type TestApp } from './helpers'
import { member, P } from './finance-fixtures'
import { transfer } from '../../src/server/ledger/ledger'
import { moveQuota } from '../../src/server/merchant/quota'
import { productDay } from '../../src/server/report/routes'
import { KIND, MONEY, TRANSFER } from '../../src/contract/ledger'
import { centsText, MAX_CENTS, MAX_MONEY_TEXT, moneyInput } from '../../src/contract/money'

let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

const TOO_MUCH = ['1000000000.00', '999999999999.99', 1000000000, 999999999999.99, '999999999.991']
const MAX = '999999999.99'

/** Everything a refused request must leave as it was: rows of every money and settings table, and every balance. */
async function state(): Promise<string> {
  const tables = ['ledger_transfers', 'balance_changes', 'merchant_bills', 'recharges', 'operation_logs', 'members', 'member_levels',
    'lottery_rooms', 'settings']
  const counts = await Promise.all(tables.map(async (x) => (await t.db.query<any>(`select count(*)::int as n from ${x}`)).rows[0].n))
  const sums = (await t.db.query<any>(`select (select coalesce(sum(balance), 0)::text from ledger_accounts) as a,
    (select coalesce(sum(abs(balance)), 0)::text from ledger_slots) as s, (select string_agg(value, ',' order by id) from settings) as v`)).rows[0]
  return JSON.stringify([counts, sums])
}

async function merchant(code: string): Promise<number> {
  const r = await t.post('/api/merchant/create', token, { code, name: `${code}支付`, contact: '王经理', phone: '13800001111', status: 1 })
  expect(r.code).toBe(200)
  return r.data.id
}

describe('the contract', () => {
  it('MAX_MONEY_TEXT is MAX_CENTS written out; moneyInput refuses above it whatever max is asked', () => {
    expect(MAX_MONEY_TEXT).toBe(centsText(MAX_CENTS))
    expect(moneyInput(MAX)).toEqual({ cents: MAX_CENTS })
    expect(moneyInput('1000000000')).toEqual({ error: `不能大于 ${MAX}` })
    expect(moneyInput('1000000000', { max: Number.MAX_SAFE_INTEGER })).toEqual({ error: `不能大于 ${MAX}` })
    expect(moneyInput('0')).toEqual({ error: '必须大于 0' })
    expect(moneyInput('0', { allowZero: true })).toEqual({ cents: 0 })
    expect(moneyInput('-1', { allowZero: true })).toEqual({ error: '不能为负数' })
  })
})

describe('every money input refuses more than 999999999.99', () => {
  it('refuses with a 400 naming the field and changes nothing; accepts 999999999.99', async () => {
    const id = await member(t, 'big_one')
    await member(t, 'big_two')
    const mc = await merchant('BIG01')
    const virt = (await t.post('/api/tuohao/create', token, { username: 'big_virt', status: 1 })).data.id as number
    const level = { name: '大额等级', level: 9, upgrade_recharge: '1', withdraw_times_daily: 3, withdraw_max_daily: '1', withdraw_fee_rate: '0' }
    const levelId = (await t.post('/api/level/create', token, level)).data.id as number
    const room = { code: 'BIG1', name: '大额房', interval: 60, lock: 5, min_stake: '1', max_stake: '100', max_issue_stake: '500', group_ids: [], status: 1 }
    const roomId = (await t.post('/api/room/create', token, room)).data.id as number

    type Case = [url: string, body: (v: unknown) => Record<string, unknown>, field: string, title: string]
    const cases: Case[] = [
      ['/api/giftmoney/create', (v) => ({ username: 'big_one', type: 6, amount: v, remark: '加款', confirm: true }), 'amount', '金额'],
      ['/api/giftmoney/create', (v) => ({ member_id: id, type: 8, amount: v, remark: '扣款', confirm: true }), 'amount', '金额'],
      ['/api/giftmoney/create', (v) => ({ username: 'big_one', type: 7, amount: v, remark: '彩金', confirm: true }), 'amount', '金额'],
      ['/api/giftmoney/create', (v) => ({ usernames: ['big_one', 'big_two'], type: 7, amount: v, remark: '彩金', confirm: true }), 'amount', '金额'],
      ['/api/merchant/addQuota', (v) => ({ merchant_id: mc, type: 21, amount: v, remark: '加额度' }), 'amount', '金额'],
      ['/api/merchant/addQuota', (v) => ({ merchant_id: mc, type: 22, amount: v, remark: '减额度' }), 'amount', '金额'],
      ['/api/tuohao/create', (v) => ({ username: 'big_virt2', status: 1, balance: v }), 'balance', '初始余额'],
      ['/api/tuohao/edit', (v) => ({ id: virt, username: 'big_virt', status: 1, balance: v }), 'balance', '余额'],
      ['/api/level/create', (v) => ({ ...level, level: 10, upgrade_recharge: v }), 'upgrade_recharge', '升级累计充值'],
      ['/api/level/create', (v) => ({ ...level, level: 10, withdraw_max_daily: v }), 'withdraw_max_daily', '每日提现上限'],
      ['/api/level/edit', (v) => ({ ...level, id: levelId, upgrade_recharge: v }), 'upgrade_recharge', '升级累计充值'],
      ['/api/room/create', (v) => ({ ...room, code: 'BIG2', min_stake: v, max_stake: v, max_issue_stake: v }), 'min_stake', '最低投注'],
      ['/api/room/create', (v) => ({ ...room, code: 'BIG2', max_stake: v, max_issue_stake: v }), 'max_stake', '单注上限'],
      ['/api/room/create', (v) => ({ ...room, code: 'BIG2', max_issue_stake: v }), 'max_issue_stake', '每期上限'],
      ['/api/room/edit', (v) => ({ ...room, id: roomId, max_issue_stake: v }), 'max_issue_stake', '每期上限'],
      ['/api/system/finance/edit', (v) => ({ key: 'big_money', name: '大额上限', value_type: 'money', value: v }), 'value', '大额上限'],
    ]
    const before = await state()
    for (const [url, body, field, title] of cases) {
      for (const v of TOO_MUCH) {
        const r = await t.post(url, token, body(v), { 'idempotency-key': randomUUID() })
        // The settings word their format error their own way; the bound is the same everywhere.
        const format = url.startsWith('/api/system') ? `${title}必须是金额，最多两位小数` : `${title}格式不正确，最多两位小数`
        const want = String(v) === '999999999.991' ? format : `${title}不能大于 ${MAX}`
        expect([r.status, r.msg, r.data?.field], `${url} ${field} ${v}`).toEqual([400, want, field])
      }
    }
    expect(await state()).toBe(before)

    // 999999999.99 itself, where the route allows it.
    const add = await t.post('/api/giftmoney/create', token, { username: 'big_one', type: 6, amount: MAX, remark: '加款', confirm: true })
    expect(add.data).toMatchObject({ amount: MAX, total: MAX, results: [{ ok: true, before: '0.00', after: MAX }] })
    const sub = await t.post('/api/giftmoney/create', token, { member_id: id, type: 8, amount: 999999999.99, remark: '扣款', confirm: true })
    expect(sub.data.results[0]).toMatchObject({ ok: true, before: MAX, after: '0.00' })
    const gifts = await t.post('/api/giftmoney/create', token, { usernames: ['big_one', 'big_two'], type: 7, amount: MAX, remark: '彩金', confirm: true })
    expect(gifts.data).toMatchObject({ ok: 2, total: '1999999999.98' })
    const quota = await t.post('/api/merchant/addQuota', token, { merchant_id: mc, type: 21, amount: MAX, remark: '加额度' })
    expect(quota.data).toMatchObject({ quota: MAX, quota_before: '0.00', quota_after: MAX })
    expect((await t.post('/api/tuohao/edit', token, { id: virt, username: 'big_virt', status: 1, balance: MAX })).data.balance).toBe(MAX)
    expect((await t.post('/api/tuohao/create', token, { username: 'big_virt3', status: 1, balance: MAX })).data.balance).toBe(MAX)
    const lv = await t.post('/api/level/create', token, { ...level, name: '大额等级二', level: 11, upgrade_recharge: MAX, withdraw_max_daily: MAX })
    expect(lv.data).toMatchObject({ upgrade_recharge: MAX, withdraw_max_daily: MAX })
    const rm = await t.post('/api/room/create', token, { ...room, code: 'BIG3', min_stake: MAX, max_stake: MAX, max_issue_stake: MAX })
    expect(rm.code).toBe(200)
    const set = await t.post('/api/system/finance/edit', token, { key: 'big_money', name: '大额上限', value_type: 'money', value: MAX })
    expect(set.data).toMatchObject({ key: 'big_money', value: MAX })
  })

  it('refuses a built-in money setting beyond its own bound and a custom one beyond 999999999.99 when edited', async () => {
    const custom = (await t.post('/api/system/finance/edit', token, { key: 'big_money', name: '大额上限', value_type: 'money', value: '1' })).data
    const before = await state()
    const r = await t.post('/api/system/finance/edit', token, { id: custom.id, value: '1000000000' })
    expect([r.status, r.msg, r.data?.field]).toEqual([400, `大额上限不能大于 ${MAX}`, 'value'])
    const builtin = (await t.get('/api/system/finance', token)).data.items.find((s: any) => s.key === 'manual_confirm_amount')
    const b = await t.post('/api/system/finance/edit', token, { id: builtin.id, value: '999999999999.99' })
    expect([b.status, b.data?.field]).toEqual([400, 'value'])
    expect(b.msg).toContain('不能大于')
    expect(await state()).toBe(before)
  })
})

describe('balances past 2^53 cents', () => {
  const HUGE = Number.MAX_SAFE_INTEGER   // 2^53 − 1 cents, a safe integer: the largest one transfer can carry

  it('are answered to the cent by the member list and detail, the balance changes, the top-up answer and the report', async () => {
    const id = await member(t, 'whale')
    // Two ledger credits past 2^53 (10,000 legal top-ups through the API would take too long), then one through the API.
    for (const n of [1, 2]) {
      await t.db.tx((tx) => transfer(tx, {
        key: `test:whale:${n}`, product: P, money: MONEY.real, from: { kind: KIND.adjustments }, to: { kind: KIND.available, owner: id },
        amount: HUGE, type: TRANSFER.manualAdd, remark: '测试大额',
      }))
    }
    const credited = 2n * BigInt(HUGE)
    const add = await t.post('/api/giftmoney/create', token, { username: 'whale', type: 6, amount: MAX, remark: '加款', confirm: true })
    const total = credited + BigInt(MAX_CENTS)
    expect(add.data.results[0]).toMatchObject({ ok: true, before: centsText(credited), after: centsText(total) })
    expect(centsText(total)).toBe('180144985094819.81')

    // Member list (rollup totals and a filtered list's sums) and detail.
    const all = await t.get('/api/member/index', token)
    expect(all.data.items.find((m: any) => m.id === id).balance).toBe(centsText(total))
    expect(all.data.balance_stat.balance).toBe(centsText(total))
    const one = await t.get('/api/member/index', token, { username: 'whale' })
    expect(one.data.items.map((m: any) => m.balance)).toEqual([centsText(total)])
    expect(one.data.balance_stat.balance).toBe(centsText(total))
    const detail = await t.get('/api/member/show', token, { id })
    expect(detail.data.balance).toBe(centsText(total))
    expect(detail.data.recent_changes.map((c: any) => [c.amount, c.before, c.after])).toEqual([
      [MAX, centsText(credited), centsText(total)],
      [centsText(BigInt(HUGE)), centsText(BigInt(HUGE)), centsText(credited)],
      [centsText(BigInt(HUGE)), '0.00', centsText(BigInt(HUGE))],
    ])

    // The balance changes with their sums.
    const changes = await t.get('/api/balance/index', token, { username: 'whale' })
    expect(changes.data.items.map((c: any) => c.after)).toEqual([centsText(total), centsText(credited), centsText(BigInt(HUGE))])
    expect(changes.data.balance_stat).toMatchObject({ income: centsText(total), net: centsText(total) })

    // A deduction answers its before and after exactly too.
    const sub = await t.post('/api/giftmoney/create', token, { member_id: id, type: 8, amount: '0.01', remark: '扣一分', confirm: true })
    expect(sub.data.results[0]).toMatchObject({ before: centsText(total), after: centsText(total - 1n) })

    // The report and the home page sum the day's manual top-ups past 2^53.
    const today = productDay()
    const report = await t.get('/api/report/index', token, { start_time: today, end_time: today })
    expect(report.data.items[0]).toMatchObject({ date: today, manual_add: centsText(total), manual_sub: '0.01' })
    expect(report.data.total).toMatchObject({ manual_add: centsText(total), manual_sub: '0.01' })
    const home = await t.get('/api/home', token)
    expect(home.data.days.today.manual_add).toBe(centsText(total))
  })

  it('a merchant quota past 2^53 cents is answered exactly by addQuota, the merchant list and the bills', async () => {
    const mc = await merchant('WHALE')
    for (const n of [1, 2]) {
      await t.db.tx((tx) => moveQuota(tx, P, { merchant_id: mc, type: 21, amount: HUGE, remark: '测试大额', admin: 'test', key: `test:whale:${n}` }))
    }
    const credited = 2n * BigInt(HUGE)
    const total = credited + BigInt(MAX_CENTS)
    const r = await t.post('/api/merchant/addQuota', token, { merchant_id: mc, type: 21, amount: MAX, remark: '加额度' })
    expect(r.data).toMatchObject({ quota: centsText(total), quota_before: centsText(credited), quota_after: centsText(total) })
    const back = await t.post('/api/merchant/addQuota', token, { merchant_id: mc, type: 22, amount: '0.01', remark: '减一分' })
    expect(back.data).toMatchObject({ quota_before: centsText(total), quota_after: centsText(total - 1n) })
    const list = await t.get('/api/merchant/index', token)
    expect(list.data.items.find((m: any) => m.id === mc).quota).toBe(centsText(total - 1n))
    expect(list.data.quota_stat.quota).toBe(centsText(total - 1n))
    const bills = await t.get('/api/merchantbill/index', token, { merchant_id: mc })
    expect(bills.data.items.map((b: any) => [b.type, b.before, b.after])).toEqual([
      [22, centsText(total), centsText(total - 1n)], [21, centsText(credited), centsText(total)],
      [21, centsText(BigInt(HUGE)), centsText(credited)], [21, '0.00', centsText(BigInt(HUGE))],
    ])
    expect(bills.data.money_stat).toMatchObject({ add: centsText(total), reduce: '0.01' })
  })

  it('a virtual account past 2^53 cents is listed exactly and can still be set to a legal balance', async () => {
    const id = (await t.post('/api/tuohao/create', token, { username: 'v_whale', status: 1, balance: MAX })).data.id as number
    await t.db.tx((tx) => transfer(tx, {
      key: 'test:v_whale', product: P, money: MONEY.virtual, from: { kind: KIND.virtualPool }, to: { kind: KIND.available, owner: id },
      amount: HUGE, type: TRANSFER.virtualAdjust, remark: '测试大额',
    }))
    const total = BigInt(HUGE) + BigInt(MAX_CENTS)
    expect((await t.get('/api/tuohao/show', token, { id })).data.balance).toBe(centsText(total))
    expect((await t.get('/api/tuohao/index', token, { username: 'v_whale' })).data.balance_stat.balance).toBe(centsText(total))
    const set = await t.post('/api/tuohao/edit', token, { id, username: 'v_whale', status: 1, balance: '1.00' })
    expect([set.status, set.msg, set.data?.balance]).toEqual([200, 'ok', '1.00'])
  })
})
