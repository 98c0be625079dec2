// A list's total and sums past what can be counted within the budget: a filtered member list of a few thousand rows
// answers exact figures on PostgreSQL; on PGlite an exact total without sums past 1,000 rows and the planner's
// estimate (flagged total_exact: false, shown as 约 N) past 5,000 — the page itself always exact.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { P } from './member-fixtures'

let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

/** n disabled real members by bulk SQL (the list reads them like any other). */
async function disabled(n: number, tag: string) {
  await t.db.query(
    `insert into members (product, kind, username, invite_code, status)
     select $1, 0, $2 || g, $2 || 'I' || g, 0 from generate_series(1, $3::int) g`, [P, tag, n])
  await t.db.query('analyze members')
}

describe('list totals past the budget', () => {
  it('sums a set within the budget, then answers the total alone, then the estimate', async () => {
    await disabled(1_500, 'tot_a')
    const mid = await t.get('/api/member/index', token, { status: 0 })
    expect(mid.data.items).toHaveLength(10)
    expect(mid.data.total).toBe(1_500)
    expect(mid.data.total_exact).toBe(true)
    if (t.db.kind === 'pg') expect(mid.data.balance_stat).toEqual({ balance: '0.00', frozen: '0.00', interest_balance: '0.00' })
    else expect(mid.data.balance_stat).toBeNull()

    await disabled(6_000, 'tot_b')
    const big = await t.get('/api/member/index', token, { status: 0 })
    expect(big.data.items).toHaveLength(10)
    if (t.db.kind === 'pg') {
      expect(big.data).toMatchObject({ total: 7_500, total_exact: true })
    } else {
      expect(big.data.total_exact).toBe(false)
      expect(big.data.total).toBeGreaterThan(5_000)
      expect(big.data.total).toBeLessThan(11_000)
      expect(big.data.balance_stat).toBeNull()
    }
    // Asked again at once (an operator paging or refreshing), a set past the budget answers its estimate without
    // counting again: still flagged, never a silently wrong exact figure, and the page is exact.
    if (t.db.kind === 'pglite') {
      await t.db.query(`update members set status = 1 where username like 'tot_b%'`)
      const again = await t.get('/api/member/index', token, { status: 0 })
      expect(again.data).toMatchObject({ total: big.data.total, total_exact: false, balance_stat: null })
      expect(again.data.items.every((m: { status: number }) => m.status === 0)).toBe(true)
    }
    // A narrow filter inside the big set stays exact with its sums everywhere.
    const one = await t.get('/api/member/index', token, { status: 0, username: 'tot_a15' })
    expect(one.data).toMatchObject({ total: 12, total_exact: true, balance_stat: { balance: '0.00' } })
  }, 120_000)
})
