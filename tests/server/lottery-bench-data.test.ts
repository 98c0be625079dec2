// The set-based benchmark generator on a small set: each draw's result comes from its own seed, each bet's outcome and
// payout are what settlement would have written, every record's money went through the ledger's tables (keys as the
// domain writes them), ledger:check and the audit chains pass, and the report rollups equal a recomputation.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { ledgerOk, rows } from './lottery-fixtures'
import { fillBenchData } from '../../src/server/bench-data'
import { drawDigits } from '../../src/server/lottery/fair'
import { payoutOf, wins } from '../../src/server/lottery/rules'
import { verifyAudit } from '../../src/server/audit/verify'
import { rollupDays } from '../../src/server/report/read'
import { recomputeDays } from '../../src/server/report/recompute'
import { FIRST_RECHARGE_TYPES } from '../../src/server/report/classify'
import { KIND } from '../../src/contract/ledger'
import { API } from '../../src/contract/api'

let t: TestApp
beforeEach(async () => { t = await makeApp() })
afterEach(async () => { await t.close() })

const ymd = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10)

describe('bench:data', () => {
  it('fills every section inside the database, every invariant kept', async () => {
    const indexDefs = `select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as def from pg_index i join pg_class c on c.oid = i.indrelid
      where c.relnamespace = current_schema()::regnamespace
      union all select conrelid::regclass::text || '.' || conname, pg_get_constraintdef(oid) from pg_constraint
      where connamespace = current_schema()::regnamespace order by 1`
    const defsBefore = await rows(t, indexDefs)
    expect(defsBefore.filter((d) => /^ledger_transfers_|^balance_changes_|^lottery_bets_|^members_/.test(d.name)).length).toBeGreaterThan(15)
    const said: string[] = []
    await fillBenchData(t.db, ['--members', '400', '--cards', '50', '--changes', '3000', '--recharges', '800', '--withdrawals', '600',
      '--merchants', '2', '--bets', '3000', '--bets-per-issue', '100', '--invest', '300', '--oplogs', '500', '--days', '30', '--indexes', 'drop',
      // Small ledger chunks: the hash chains and balances carry from chunk to chunk (two streams at once on PostgreSQL).
      '--chunk', '2500'], (m) => said.push(m))
    expect(said.filter((l) => /rows\/s/.test(l)).length).toBeGreaterThanOrEqual(5)
    expect(said.filter((l) => /^ {2}ledger \d+\/\d+ legs/.test(l)).length).toBeGreaterThan(3)
    expect(said.some((l) => /secondary indexes, unique keys and foreign keys .* dropped/.test(l)) && said.some((l) => /foreign keys made again/.test(l))).toBe(true)
    // The last line: the whole time beside this machine's reference, so a time can be compared with another machine's.
    expect(said.at(-1)).toMatch(/^bench:data finished in \d+\.\d s; machine reference \(one core: sha256 of 500000 texts, sorted\): [1-9]\d* ms$/)
    // The tables the load updated in bulk are vacuumed at the end, as autovacuum leaves a database in use.
    expect(await rows(t, `select relname, last_vacuum is not null as vacuumed from pg_stat_user_tables
      where schemaname = current_schema() and relname in ('members', 'ledger_accounts', 'lottery_issues') order by 1`)).toEqual(
      ['ledger_accounts', 'lottery_issues', 'members'].map((relname) => ({ relname, vacuumed: true })))

    const issues = await rows(t, `select id, issue_no, seed, array_to_string(result, ',') as result, status, bet_count from lottery_issues where bet_count > 0`)
    expect(issues).toHaveLength(30)
    for (const i of issues) {
      expect(i.status).toBe(3)
      expect(i.result).toBe(drawDigits(i.seed, i.issue_no).digits.join(','))
    }
    const bets = await rows(t, `select b.id, b.code, b.number, b.amount, b.rate::text as rate, b.payout, b.status, array_to_string(i.result, ',') as result,
        b.created_at < i.lock_at as before_lock, b.created_at > m.created_at as after_register
      from lottery_bets b join lottery_issues i on i.id = b.issue_id join members m on m.id = b.member_id`)
    expect(bets).toHaveLength(3000)
    for (const b of bets) {
      const won = wins(b.code, b.result.split(',').map(Number), b.number)
      expect([b.status, Number(b.payout), b.before_lock, b.after_register], `bet ${b.id}`)
        .toEqual([won ? 1 : 2, won ? payoutOf(Number(b.amount), b.rate) : 0, true, true])
    }
    expect(new Set(bets.map((b) => b.code)).size).toBeGreaterThan(3)
    expect(bets.some((b) => b.status === 1) && bets.some((b) => b.status === 2)).toBe(true)

    const [money] = await rows(t, `select
        (select count(*)::int from ledger_transfers where key like 'bet:%:stake') as stakes,
        (select count(*)::int from ledger_transfers where key like 'bet:%:payout') as payouts,
        (select count(*)::int from lottery_bets where status = 1) as winners,
        (select sum(amount)::bigint from ledger_transfers where key like 'bet:%:payout') as paid,
        (select sum(payout)::bigint from lottery_bets) as payout,
        (select count(*)::int from balance_changes where ref like 'RC%' or transfer_id in (select id from ledger_transfers where key like 'bench:%:c:%')) as changes,
        (select count(*)::int from recharges r where status = 1 and not exists (select 1 from ledger_transfers t where t.key = 'recharge:' || r.id || ':confirm')) as unpaid_recharges,
        (select count(*)::int from withdrawals w where status = 1 and not exists (select 1 from ledger_transfers t where t.key = 'withdraw:' || w.id || ':paid')) as unpaid_withdrawals,
        (select count(*)::int from withdrawals) as withdrawals, (select count(*)::int from recharges) as recharges,
        (select count(*)::int from invest_plans) as plans, (select count(*)::int from merchant_bills where type = 22) as bills`)
    expect(money).toMatchObject({ stakes: 3000, unpaid_recharges: 0, unpaid_withdrawals: 0, withdrawals: 600, recharges: 800, plans: 300, changes: 3000 })
    expect(money.payouts).toBe(money.winners)
    expect(money.bills).toBeGreaterThan(0)
    expect(Number(money.paid)).toBe(Number(money.payout))
    // Transfer ids follow time, and every member's 账变 chain is consecutive in id order.
    expect(await rows(t, `select count(*)::int as n from (select created_at < lag(created_at) over (order by id) as back from ledger_transfers
      where admin = '' and key not like 'quota%') x where back`)).toEqual([{ n: 0 }])
    const totals = await rows(t, `select status, sum(n)::int as n, sum(stake)::bigint as stake from lottery_bet_totals group by status order by status`)
    const direct = await rows(t, `select status, count(*)::int as n, sum(amount)::bigint as stake from lottery_bets group by status order by status`)
    expect(totals).toEqual(direct)
    expect(await rows(t, `select count(*)::int as n from lottery_issues i where i.bet_count <> (select count(*) from lottery_bets b where b.issue_id = i.id)`)).toEqual([{ n: 0 }])

    // Every member below an agent carries the agent's path and the agent; a recharging member its first recharge's time.
    expect(await rows(t, `select count(*)::int as n from members m join members a on a.id = m.agent_id
      where m.agent_path is distinct from a.agent_path || a.id`)).toEqual([{ n: 0 }])
    expect(await rows(t, `select count(*)::int as n, bool_or(cardinality(agent_path) = 2) as two_tiers from members`))
      .toEqual([{ n: 400, two_tiers: true }])
    // Every card bound is in the payee history (the database's trigger keeps it, whoever binds).
    expect(await rows(t, `select count(*)::int as cards, count(h.member_id)::int as kept from member_cards c
      left join member_payee_history h on h.product = c.product and h.what = 'card' and h.value = c.card_no and h.member_id = c.member_id`))
      .toEqual([{ cards: 50, kept: 50 }])
    expect(await rows(t, `select count(*)::int as n from members m left join (
        select ta.owner_id as id, min(t.created_at) as at from ledger_transfers t join ledger_accounts ta on ta.id = t.to_account
         where t.type = any($1::smallint[]) and ta.kind = $2 and t.money = 0 group by 1) f on f.id = m.id
      where m.first_recharge_at is distinct from f.at`, [FIRST_RECHARGE_TYPES, KIND.available])).toEqual([{ n: 0 }])
    const admin = await t.login()
    expect((await t.get('/api/order/index', admin, {})).data).toMatchObject({ total: 3000, total_exact: true })
    expect((await t.get('/api/withdraw/index', admin, {})).data).toMatchObject({ total: 600 })
    // The operation log's rows over the history, newest first in the list, every one chained (audit:verify below).
    const log = (await t.get(API.operation.index.url, admin, {})).data
    expect(log.total).toBeGreaterThanOrEqual(500)
    expect(log.items.slice(1).every((r: any, i: number) => r.id < log.items[i].id)).toBe(true)
    expect(await rows(t, `select count(*)::int as n, count(distinct chain)::int as chains, min(created_at) > now() - interval '31 days' as in_history
      from operation_logs where user_agent = 'Mozilla/5.0 (bench)'`)).toEqual([{ n: 500, chains: 8, in_history: true }])
    expect(await ledgerOk(t.db)).toBe('ok')
    const audit = await verifyAudit(t.db)
    expect(audit.ok).toBe(true)
    expect(audit.chains.filter((c) => c.chain.startsWith('oplog:alpha:')).reduce((n, c) => n + c.rows, 0)).toBeGreaterThanOrEqual(500)
    // No staging table is left behind, and the indexes and constraints dropped for the load are back as the migrations made them.
    expect(await rows(t, `select count(*)::int as n from pg_tables where tablename like 'bench\\_%'`)).toEqual([{ n: 0 }])
    expect(await rows(t, indexDefs)).toEqual(defsBefore)

    const from = ymd(Date.now() - 32 * 86_400_000)
    const to = ymd(Date.now())
    const rolled = await rollupDays(t.db, 'alpha', from, to, 0)
    const fresh = new Map((await recomputeDays(t.db, 'alpha', from, to)).map((d) => [d.day, d]))
    expect(rolled.reduce((n, d) => n + d.bet_amount, 0)).toBeGreaterThan(0)
    for (const d of rolled) expect(d, d.day).toEqual(fresh.get(d.day) ?? { ...d, ...Object.fromEntries(Object.keys(d).filter((k) => k !== 'day').map((k) => [k, 0])) })
    expect(rolled.filter((d) => d.register_count > 0).length).toBeGreaterThan(20)
  })
})
