// Concurrency on PostgreSQL (PGlite has one connection, so these would pass there trivially): approve and reject racing
// on one withdrawal, two confirms racing on one recharge, the two-person rule under concurrency, concurrent duplicates
// of an idempotent request — exactly one wins each time and no money moves twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { balances, card, count, expectLedgerOk, fund, member, P, secondAdmin, setSetting, transfersOf } from './finance-fixtures'
import { requestWithdraw } from '../../src/server/finance/withdraw-rules'
import { requestRecharge } from '../../src/server/finance/recharge-rules'

const ROUNDS = 100

describe.runIf(process.env.TEST_DB_KIND === 'pg')('racing decisions (PostgreSQL)', () => {
  let t: TestApp
  let admin: string
  let other: string
  let id: number
  beforeAll(async () => {
    t = await makeApp()
    admin = await t.login()
    other = await secondAdmin(t, admin)
    await t.db.query('update member_levels set withdraw_times_daily = 0, withdraw_max_daily = 0')
    await setSetting(t, 'withdraw_times_daily', '0')
    id = await member(t, 'race_one')
    await card(t, id)
    await fund(t, id, 1_000_000_000)
  })
  afterAll(async () => { await t?.close() })

  const withdraw = (amount: number) => t.db.tx((tx) => requestWithdraw(tx, P, { member_id: id, amount }))

  it(`approve and reject racing on one withdrawal, ${ROUNDS} rounds: exactly one wins, the other 409 状态已变更`, async () => {
    const start = await balances(t, id)
    let approved = 0
    let paid = 0
    for (let i = 0; i < ROUNDS; i++) {
      const w = await withdraw(10_000 + i)
      const [a, r] = await Promise.all([
        t.post('/api/withdraw/edit', admin, { id: w.id, status: 1 }),
        t.post('/api/withdraw/edit', other, { id: w.id, status: 2, remark: '驳回' }),
      ])
      expect([a.status, r.status].sort(), `round ${i}`).toEqual([200, 409])
      expect([a, r].find((x) => x.status === 409)!.msg).toBe('状态已变更')
      const moved = await transfersOf(t, w.order_no)
      if (a.status === 200) {
        approved++
        paid += 10_000 + i
        expect(moved.map((m) => m[0])).toEqual([4, 101, 102])
      } else {
        expect(moved.map((m) => m[0])).toEqual([4, 5])
      }
    }
    expect(approved).toBeGreaterThan(0)
    expect(await balances(t, id)).toEqual({ available: start.available - paid, frozen: 0 })
    await expectLedgerOk(t)
  }, 300_000)

  it(`two confirms racing on one recharge, ${ROUNDS} rounds: credited once`, async () => {
    const start = (await balances(t, id)).available
    let credited = 0
    for (let i = 0; i < ROUNDS; i++) {
      const r = await t.db.tx((tx) => requestRecharge(tx, P, { member_id: id, amount: 5_000 + i, pay_method: 1 }))
      const answers = await Promise.all([
        t.post('/api/recharge/edit', admin, { id: r.id, status: 1 }), t.post('/api/recharge/edit', other, { id: r.id, status: 1 }),
      ])
      expect(answers.map((x) => x.status).sort(), `round ${i}`).toEqual([200, 409])
      expect(await transfersOf(t, r.order_no)).toHaveLength(1)
      credited += 5_000 + i
    }
    expect((await balances(t, id)).available).toBe(start + credited)
    await expectLedgerOk(t)
  }, 300_000)

  it('the two-person rule holds under concurrency: one admin twice never completes it; two admins do', async () => {
    await setSetting(t, 'double_review_amount', '100.00')
    for (let i = 0; i < 20; i++) {
      const w = await withdraw(20_000)
      const same = await Promise.all([1, 2].map(() => t.post('/api/withdraw/edit', admin, { id: w.id, status: 1 })))
      expect(same.map((x) => x.status).sort()).toEqual([200, 409])
      expect(same.find((x) => x.status === 409)!.msg).toBe('需要另一位管理员复核')
      const row = (await t.db.query<any>('select status, first_review_admin from withdrawals where id = $1', [w.id])).rows[0]
      expect(row).toEqual({ status: 3, first_review_admin: 'admin' })
      expect(await transfersOf(t, w.order_no)).toHaveLength(1)
      const w2 = await withdraw(20_000)
      const both = await Promise.all([t.post('/api/withdraw/edit', admin, { id: w2.id, status: 1 }), t.post('/api/withdraw/edit', other, { id: w2.id, status: 1 })])
      expect(both.map((x) => x.status)).toEqual([200, 200])
      const done = (await t.db.query<any>('select status, first_review_admin, admin from withdrawals where id = $1', [w2.id])).rows[0]
      expect(done.status).toBe(1)
      expect(done.first_review_admin).not.toBe(done.admin)
      expect(await transfersOf(t, w2.order_no)).toHaveLength(3)
    }
    await setSetting(t, 'double_review_amount', '50000.00')
    await expectLedgerOk(t)
  }, 300_000)

  it('concurrent duplicates of an idempotent manual adjustment serialise on the key and move once', async () => {
    const target = await member(t, 'race_idem')
    for (let i = 0; i < 20; i++) {
      const key = `race-idem-${i}-0000`
      const body = { username: 'race_idem', type: 6, amount: '10', remark: '并发重试' }
      const answers = await Promise.all([1, 2, 3].map(() => t.post('/api/giftmoney/create', admin, body, { 'idempotency-key': key })))
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
      expect(answers[1].data).toEqual(answers[0].data)
      expect(answers[2].data).toEqual(answers[0].data)
    }
    expect((await balances(t, target)).available).toBe(20 * 1_000)
    expect(await count(t, 'recharges where member_id = $1', [target])).toBe(20)
    await expectLedgerOk(t)
  }, 300_000)
})
