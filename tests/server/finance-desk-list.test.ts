// The desk's queue and what the lists show: sort=waiting lists the rows under review oldest first with keyset pages
// both ways; withdrawal and recharge rows carry the member's risk level and tags, withdrawal rows their claim, turnover
// flag and reason code; the answer carries the desk's settings. The withdrawal policy on turnover (打码量), and the
// rejection reasons setting checked when edited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'
import { P, setSetting } from './finance-fixtures'
import { ask, decide, noDailyLimits, payer } from './desk-fixtures'
import { requestRecharge } from '../../src/server/finance/recharge-rules'
import { addRequirement, consumeTurnover, TURNOVER } from '../../src/server/risk/turnover'

let t: TestApp
let su: string
beforeAll(async () => {
  t = await makeApp()
  su = await t.login()
  await noDailyLimits(t)
})
afterAll(async () => { await t.close() })

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000)
/** A moment as the filters take it: the product's time zone (UTC+8), to the second. */
const local = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ')
const ids = (a: any) => a.data.items.map((r: any) => r.id)
const DEFAULT_REASONS = [
  { code: 'turnover_unmet', label: '打码量未完成' }, { code: 'shared_account', label: '关联账号异常' },
  { code: 'payee_mismatch', label: '收款信息与实名不符' }, { code: 'arbitrage', label: '疑似套利' }, { code: 'other', label: '其他' },
]

describe('the queue (sort=waiting)', () => {
  it('lists only the rows under review, oldest first, paging by keyset both ways, also within a time range', async () => {
    const a = await payer(t, 'queue_a')
    const b = await payer(t, 'queue_b')
    const a50 = await ask(t, a, 10_000, { at: minutesAgo(50) })
    const b45 = await ask(t, b, 10_000, { at: minutesAgo(45) })
    const a40 = await ask(t, a, 10_000, { at: minutesAgo(40) })
    const a30 = await ask(t, a, 10_000, { at: minutesAgo(30) })
    const a20 = await ask(t, a, 10_000, { at: minutesAgo(20) })
    const a10 = await ask(t, a, 10_000, { at: minutesAgo(10) })
    await decide(t, su, { id: a30.id, status: 1 })
    const all = await t.get('/api/withdraw/index', su)
    expect(ids(all)).toEqual([a10, a30, a20, a40, b45, a50].map((w) => w.id).sort((x, y) => y - x))
    const q = { sort: 'waiting', per_page: 2 }
    const one = await t.get('/api/withdraw/index', su, q)
    expect(ids(one)).toEqual([a50.id, b45.id])
    expect(one.data).toMatchObject({ total: 5, total_exact: true, cursor_prev: null })
    const two = await t.get('/api/withdraw/index', su, { ...q, after: one.data.cursor_next })
    expect(ids(two)).toEqual([a40.id, a20.id])
    const three = await t.get('/api/withdraw/index', su, { ...q, after: two.data.cursor_next })
    expect(ids(three)).toEqual([a10.id])
    expect(three.data.cursor_next).toBeNull()
    expect(ids(await t.get('/api/withdraw/index', su, { ...q, before: three.data.cursor_prev }))).toEqual([a40.id, a20.id])
    const back = await t.get('/api/withdraw/index', su, { ...q, before: two.data.cursor_prev })
    expect([ids(back), back.data.cursor_prev]).toEqual([[a50.id, b45.id], null])
    // A time range narrows the queue without changing its order.
    const ranged = await t.get('/api/withdraw/index', su, { sort: 'waiting', username: 'queue_a', start_time: local(minutesAgo(45)), end_time: local(minutesAgo(-1)) })
    expect(ids(ranged)).toEqual([a40.id, a20.id, a10.id])
    expect((await t.get('/api/withdraw/index', su, { sort: 'newest' })).status).toBe(400)
    for (const w of [a50, b45, a40, a20, a10]) await decide(t, su, { id: w.id, status: 2, remark: '清理' })
  })
})

describe('what the rows show', () => {
  it('withdrawal and recharge rows carry the member’s risk level and tags; the answer carries the desk’s settings', async () => {
    const id = await payer(t, 'rows_tagged')
    const hot = (await t.post('/api/tag/create', su, { name: '高风险', color: '#ff0000', risk_level: 2 })).data
    const watch = (await t.post('/api/tag/create', su, { name: '关注', color: '#ffaa00', risk_level: 1 })).data
    await t.post('/api/member/tags', su, { member_id: id, tag_ids: [watch.id, hot.id] })
    const w = await ask(t, id, 10_000)
    await t.db.tx((tx) => requestRecharge(tx, P, { member_id: id, amount: 10_000, pay_method: 1 }))
    const tags = [{ id: hot.id, name: '高风险', color: '#ff0000', risk_level: 2 }, { id: watch.id, name: '关注', color: '#ffaa00', risk_level: 1 }]
    const list = await t.get('/api/withdraw/index', su, { username: 'rows_tagged' })
    expect(list.data.items[0]).toMatchObject({ id: w.id, risk_level: 2, tags, claimed_by: '', claim_expires_at: null, turnover_unmet: false, reason_code: '' })
    expect(list.data).toMatchObject({ sla_minutes: 30, claim_minutes: 10, reject_reasons: DEFAULT_REASONS })
    expect((await t.get('/api/recharge/index', su, { username: 'rows_tagged' })).data.items[0]).toMatchObject({ risk_level: 2, tags })
    const plain = await payer(t, 'rows_plain')
    await ask(t, plain, 10_000)
    expect((await t.get('/api/withdraw/index', su, { username: 'rows_plain' })).data.items[0]).toMatchObject({ risk_level: 0, tags: [] })
    await setSetting(t, 'withdraw_sla_minutes', '45')
    await setSetting(t, 'withdraw_claim_minutes', '5')
    expect((await t.get('/api/withdraw/index', su, { per_page: 1 })).data).toMatchObject({ sla_minutes: 45, claim_minutes: 5 })
    expect((await t.get('/api/withdraw/index', await t.login('kefu'))).status).toBe(403)
  })
})

describe('turnover when asking (打码量)', () => {
  it('policy 1 refuses with the amount remaining; policy 2 lets it through flagged; the row keeps the turnover as it stood', async () => {
    const id = await payer(t, 'turn_policy')
    await t.db.tx(async (tx) => {
      await addRequirement(tx, P, { member_id: id, source: TURNOVER.recharge, ref: 'R-turn-1', amount: 100_00, multiple: 2 })
      await consumeTurnover(tx, P, [{ member_id: id, stake: 50_00 }])
    })
    await setSetting(t, 'turnover_withdraw_policy', '1')
    await expect(ask(t, id, 10_000)).rejects.toMatchObject({ code: 409, message: '打码量未完成，还需有效投注 150.00 元' })
    expect(Number((await t.db.query<any>('select count(*) from withdrawals where member_id = $1', [id])).rows[0].count)).toBe(0)
    await setSetting(t, 'turnover_withdraw_policy', '2')
    const w = await ask(t, id, 10_000)
    const stored = (await t.db.query<any>('select turnover_unmet, turnover_required, turnover_done, turnover_remaining from withdrawals where id = $1', [w.id])).rows[0]
    expect(stored).toMatchObject({ turnover_unmet: true })
    expect([stored.turnover_required, stored.turnover_done, stored.turnover_remaining].map(Number)).toEqual([200_00, 50_00, 150_00])
    expect((await t.get('/api/withdraw/index', su, { username: 'turn_policy' })).data.items[0].turnover_unmet).toBe(true)
    await t.post('/api/member/turnover/waive', su, { member_id: id, remark: '活动豁免' })
    await setSetting(t, 'turnover_withdraw_policy', '1')
    const met = await ask(t, id, 10_000)
    expect((await t.db.query<any>('select turnover_unmet, turnover_remaining from withdrawals where id = $1', [met.id])).rows[0])
      .toMatchObject({ turnover_unmet: false })
    await setSetting(t, 'turnover_withdraw_policy', '2')
  })
})

describe('the rejection reasons setting', () => {
  it('takes one code:label a line with unique well-formed codes, else a 400 in Chinese; the list and decisions follow it', async () => {
    const row = (await t.get('/api/system/finance', su)).data.items.find((s: any) => s.key === 'withdraw_reject_reasons')
    const edit = (value: string) => t.post('/api/system/finance/edit', su, { id: row.id, value })
    const bad = ['', '\n \n', 'fake_card', 'Fake:伪造', 'fake card:伪造', 'a'.repeat(33) + ':过长', 'fake:', 'fake:' + '长'.repeat(21), 'fake:伪造\nfake:重复']
    for (const value of bad) {
      const r = await edit(value)
      expect([r.status, r.data?.field], JSON.stringify(value)).toEqual([400, 'value'])
      expect(r.msg).toMatch(/^提现驳回原因/)
    }
    expect((await edit('x:' + '长'.repeat(21))).msg).toBe('提现驳回原因：第 1 行的名称须为 1-20 个字')
    expect((await edit('fake:伪造\nfake:重复')).msg).toBe('提现驳回原因：代码 fake 重复')
    expect((await edit('fake_card:伪造银行卡\n\nmulti_account:一人多号\n')).code).toBe(200)
    expect((await t.get('/api/withdraw/index', su, { per_page: 1 })).data.reject_reasons)
      .toEqual([{ code: 'fake_card', label: '伪造银行卡' }, { code: 'multi_account', label: '一人多号' }])
    const w = await ask(t, await payer(t, 'reasons_new'), 10_000)
    expect((await decide(t, su, { id: w.id, status: 2, remark: '驳回', reason_code: 'arbitrage' })).data).toMatchObject({ field: 'reason_code' })
    expect((await decide(t, su, { id: w.id, status: 2, remark: '驳回', reason_code: 'multi_account' })).data.reason_code).toBe('multi_account')
    expect((await opRows(t, '/api/system/finance/edit')).length).toBe(1)
  })
})
