// The benchmark generator's draws and bets: each draw's result comes from its own seed, each bet's outcome and payout
// are what settlement would have written, every stake and payout went through the ledger, the totals agree, and
// ledger:check and the audit chain pass.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { ledgerOk, rows } from './lottery-fixtures'
import { fillBenchData } from '../../src/server/bench-data'
import { drawDigits } from '../../src/server/lottery/fair'
import { payoutOf, wins } from '../../src/server/lottery/rules'
import { verifyAudit } from '../../src/server/audit/verify'

let t: TestApp
beforeEach(async () => { t = await makeApp() })
afterEach(async () => { await t.close() })

describe('bench:data bets', () => {
  it('writes settled draws and bets as settlement would, through the ledger', async () => {
    await fillBenchData(t.db, ['--members', '300', '--cards', '0', '--bets', '3000', '--bets-per-issue', '100', '--only', 'members,bets', '--days', '3'], () => undefined)
    const issues = await rows(t, `select id, issue_no, seed, array_to_string(result, ',') as result, status, bet_count, bet_amount, payout_amount from lottery_issues`)
    expect(issues).toHaveLength(30)
    for (const i of issues) {
      expect(i.status).toBe(3)
      expect(i.result).toBe(drawDigits(i.seed, i.issue_no).digits.join(','))
    }
    const bets = await rows(t, `select b.id, b.code, b.number, b.amount, b.rate::text as rate, b.payout, b.status, array_to_string(i.result, ',') as result
      from lottery_bets b join lottery_issues i on i.id = b.issue_id`)
    expect(bets).toHaveLength(3000)
    for (const b of bets) {
      const won = wins(b.code, b.result.split(',').map(Number), b.number)
      expect([b.status, Number(b.payout)], `bet ${b.id}`).toEqual([won ? 1 : 2, won ? payoutOf(Number(b.amount), b.rate) : 0])
    }
    const [money] = await rows(t, `select
        (select count(*)::int from ledger_transfers where key like 'bet:%:stake') as stakes,
        (select count(*)::int from ledger_transfers where key like 'bet:%:payout') as payouts,
        (select count(*)::int from lottery_bets where status = 1) as winners,
        (select sum(amount)::bigint from ledger_transfers where key like 'bet:%:payout') as paid,
        (select sum(payout)::bigint from lottery_bets) as payout`)
    expect(money.stakes).toBe(3000)
    expect(money.payouts).toBe(money.winners)
    expect(Number(money.paid)).toBe(Number(money.payout))
    const totals = await rows(t, `select status, sum(n)::int as n, sum(stake)::bigint as stake from lottery_bet_totals group by status order by status`)
    const direct = await rows(t, `select status, count(*)::int as n, sum(amount)::bigint as stake from lottery_bets group by status order by status`)
    expect(totals).toEqual(direct)
    expect(await rows(t, `select count(*)::int as n from lottery_issues i where i.bet_count <> (select count(*) from lottery_bets b where b.issue_id = i.id)`)).toEqual([{ n: 0 }])
    const list = (await t.get('/api/order/index', await t.login(), {})).data
    expect(list).toMatchObject({ total: 3000, total_exact: true })
    expect(await ledgerOk(t.db)).toBe('ok')
    expect((await verifyAudit(t.db)).ok).toBe(true)
  })
})
