// The review context (审核上下文): every figure equals a recomputation from the member's records written here apart
// (money all time and in the last 30 days, turnover now and at the request, recent records, notes, associations), and
// every flag is raised by its own case and by no other (one member per case, each otherwise unremarkable).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'
import { P, setSetting } from './finance-fixtures'
import { ask, noDailyLimits, payer } from './desk-fixtures'
import { bet, draw, issue, playwayId, roomId } from './lottery-fixtures'
import { decideWithdraw } from '../../src/server/finance/withdraw-rules'
import { decideRecharge, requestRecharge } from '../../src/server/finance/recharge-rules'
import { adjustOne } from '../../src/server/finance/manual-rules'
import { cancelIssue } from '../../src/server/lottery/cancel'
import { memberLogin } from '../../src/server/risk/logins'
import { addRequirement, consumeTurnover, TURNOVER } from '../../src/server/risk/turnover'
import { bindCard } from '../../src/server/member/payee-store'
import { centsText } from '../../src/contract/money'

let t: TestApp
let su: string
beforeAll(async () => {
  t = await makeApp()
  su = await t.login()
  await noDailyLimits(t)
})
afterAll(async () => { await t.close() })

const DAY = 86_400_000
const ago = (days: number) => new Date(Date.now() - days * DAY)
const review = (id: number, token = su) => t.get('/api/withdraw/review', token, { id })
const rows = async (sql: string, params: unknown[]) => (await t.db.query<any>(sql, params)).rows
const paid = (id: number, at?: Date) => t.db.tx((tx) => decideWithdraw(tx, P, id, { status: 1, admin: 'admin', at }))
const rejected = (id: number) => t.db.tx((tx) => decideWithdraw(tx, P, id, { status: 2, remark: '驳回', admin: 'admin' }))
const recharge = async (member: number, amount: number, payMethod: 1 | 2, status: 1 | 2 | null, at?: Date) => {
  const r = await t.db.tx((tx) => requestRecharge(tx, P, { member_id: member, amount, pay_method: payMethod, at }))
  if (status) await t.db.tx((tx) => decideRecharge(tx, P, r.id, { status, admin: 'admin', at }))
}
let keys = 0
const adjust = (member: number, type: 6 | 7 | 8, amount: number, at?: Date) =>
  t.db.tx((tx) => adjustOne(tx, P, { member_id: member }, { type, amount, remark: '测试', admin: 'admin', key: `rv-${++keys}`, at }))

/** Sums of `amount` (or another column) over rows, all time and since 30 days ago by the row's `at`. */
function both(list: { amount: string | number; at: Date | string }[]): [bigint, bigint] {
  const since = Date.now() - 30 * DAY
  const all = list.reduce((s, r) => s + BigInt(r.amount), 0n)
  const d30 = list.filter((r) => new Date(r.at).getTime() >= since).reduce((s, r) => s + BigInt(r.amount), 0n)
  return [all, d30]
}

/** The member's turnover straight from its requirements (a waived one leaves nothing remaining). */
async function turnoverFigures(id: number) {
  const [x] = await rows(`select coalesce(sum(required), 0) as required, coalesce(sum(done), 0) as done,
    coalesce(sum(required - done) filter (where waived_at is null), 0) as remaining from turnover_requirements where member_id = $1`, [id])
  return { required: centsText(x.required), done: centsText(x.done), remaining: centsText(x.remaining) }
}

describe('the figures', () => {
  it('equal what the member’s records add up to', async () => {
    const id = await payer(t, 'rv_money', 50_000_00, ago(60))
    await recharge(id, 300_00, 1, 1, ago(40))
    await recharge(id, 200_00, 2, 1, ago(5))
    await recharge(id, 100_00, 1, 1)
    await recharge(id, 700_00, 1, 2)
    await recharge(id, 900_00, 2, null)
    await adjust(id, 6, 50_00, ago(40))
    await adjust(id, 6, 40_00)
    await adjust(id, 8, 15_00)
    await adjust(id, 7, 30_00, ago(40))
    await adjust(id, 7, 20_00)
    await paid((await ask(t, id, 110_00, { at: ago(40) })).id, ago(40))
    await paid((await ask(t, id, 120_00, { at: ago(3) })).id)
    await rejected((await ask(t, id, 130_00)).id)
    const room = await roomId(t, 'JS')
    const [settled, cancelled, open] = [await issue(t, room, 120), await issue(t, room, 150), await issue(t, room, 180)]
    const pw = async (c: string) => playwayId(t, c)
    const won = await bet(t, { member_id: id, room_id: room, issue_id: settled.id, playway_id: await pw('tema'), number: 16, amount: 10_00 })
    await bet(t, { member_id: id, room_id: room, issue_id: settled.id, playway_id: await pw('dan'), amount: 25_00 })
    for (let i = 0; i < 12; i++) await bet(t, { member_id: id, room_id: room, issue_id: settled.id, playway_id: await pw('da'), amount: 1_00 + i })
    await bet(t, { member_id: id, room_id: room, issue_id: cancelled.id, playway_id: await pw('da'), amount: 33_00 })
    await bet(t, { member_id: id, room_id: room, issue_id: open.id, playway_id: await pw('da'), amount: 44_00 })
    await draw(t, settled.id, [3, 5, 8])
    await t.db.tx((tx) => cancelIssue(tx, P, cancelled.id, '测试撤单', 'admin'))
    await t.db.query(`update lottery_bets set settled_at = now() - interval '40 days' where id = $1`, [won.id])
    await t.db.tx((tx) => addRequirement(tx, P, { member_id: id, source: TURNOVER.gift, ref: 'rv-req', amount: 100_00, multiple: 3 }))
    const atRequest = await turnoverFigures(id)
    const w = await ask(t, id, 150_00)
    await t.db.tx((tx) => consumeTurnover(tx, P, [{ member_id: id, stake: 70_00 }]))
    for (let i = 0; i < 12; i++) await memberLogin(t.db, P, { member_id: id, ip: `10.20.0.${i}`, device_id: `rv-dev-${i % 3}` })
    for (let i = 1; i <= 6; i++) await t.post('/api/member/note', su, { member_id: id, text: `备注${i}` })
    const tag = (await t.post('/api/tag/create', su, { name: '观察', color: '#00aaff', risk_level: 1 })).data
    await t.post('/api/member/tags', su, { member_id: id, tag_ids: [tag.id] })

    const r = (await review(w.id)).data
    const [recharges, withdrawals, bets, manual] = await Promise.all([
      rows('select amount, confirmed_at as at from recharges where member_id = $1 and status = 1 and source in (0, 4)', [id]),
      rows('select amount, reviewed_at as at from withdrawals where member_id = $1 and status = 1', [id]),
      rows('select amount, payout, settled_at as at from lottery_bets where member_id = $1 and status in (1, 2)', [id]),
      rows('select type, amount, created_at as at from balance_changes where member_id = $1 and type in (6, 7, 8)', [id]),
    ])
    const figures = (i: 0 | 1) => {
      const bet = both(bets)[i]
      const payout = both(bets.map((b) => ({ amount: b.payout, at: b.at })))[i]
      return {
        recharge: centsText(both(recharges)[i]), withdraw: centsText(both(withdrawals)[i]), bet: centsText(bet), payout: centsText(payout),
        gift: centsText(both(manual.filter((m) => m.type === 7))[i]), manual: centsText(both(manual.filter((m) => m.type !== 7))[i]),
        net_win: centsText(payout - bet),
      }
    }
    expect(r.money).toEqual({ all: figures(0), days_30: figures(1) })
    // The records chosen make each figure differ between the two windows and from zero (so the sums cannot agree by chance).
    for (const k of ['recharge', 'withdraw', 'bet', 'payout', 'gift', 'manual'] as const) expect(r.money.all[k]).not.toBe(r.money.days_30[k])
    expect(r.turnover).toEqual(await turnoverFigures(id))
    expect(r.turnover_at_request).toEqual(atRequest)
    expect(r.turnover).not.toEqual(r.turnover_at_request)
    const ids = async (sql: string, n: number) => (await rows(sql, [id, n])).map((x) => Number(x.id))
    expect(r.recent.balance_changes.map((c: any) => c.id)).toEqual(await ids('select id from balance_changes where member_id = $1 order by id desc limit $2', 20))
    expect(r.recent.balance_changes[0]).toMatchObject({ type: 4, type_name: '提现', amount: '-150.00', ref: w.order_no })
    expect(r.recent.logins.map((l: any) => l.id)).toEqual(await ids('select id from member_logins where member_id = $1 order by id desc limit $2', 10))
    expect(r.recent.withdrawals.map((x: any) => x.id)).toEqual(await ids(`select id from withdrawals where member_id = $1 and id <> ${w.id} order by id desc limit $2`, 10))
    expect(r.notes.map((n: any) => n.text)).toEqual(['备注6', '备注5', '备注4', '备注3', '备注2'])
    expect(r.associations).toEqual((await t.get('/api/member/associations', su, { member_id: id })).data.items)
    expect(r.member).toMatchObject({ id, username: 'rv_money', level: '普通会员', risk_level: 1, tags: [{ id: tag.id, name: '观察', color: '#00aaff', risk_level: 1 }], status: 1, withdraw_blocked: false })
    expect(r.withdrawal).toMatchObject({ id: w.id, amount: '150.00', status: 3, turnover_unmet: true })
  })

  it('is logged as R; 400 malformed, 403 without the withdrawal menu, 404 for another product’s withdrawal', async () => {
    const w = await ask(t, await payer(t, 'rv_access'), 10_000)
    expect((await review(w.id)).code).toBe(200)
    const [log] = await opRows(t, '/api/withdraw/review')
    expect(log).toMatchObject({ action: 'R', target_ids: [String(w.id)], admin_name: 'admin' })
    expect(log.after).toMatchObject({ order_no: w.order_no, username: 'rv_access' })
    const n = (await opRows(t, '/api/withdraw/review')).length
    expect((await t.get('/api/withdraw/review', su, { id: 'x' })).status).toBe(400)
    expect((await t.get('/api/withdraw/review', su, {})).data).toMatchObject({ field: 'id' })
    expect((await review(w.id, await t.login('kefu'))).status).toBe(403)
    await t.post('/api/product/switch', su, { pro: 'beta' })
    expect((await review(w.id)).status).toBe(404)
    await t.post('/api/product/switch', su, { pro: 'alpha' })
    expect((await opRows(t, '/api/withdraw/review')).length).toBe(n)
  })
})

describe('the flags', () => {
  it('each is raised by its own case and by no other', async () => {
    await setSetting(t, 'big_win_amount', '500.00')
    const room = await roomId(t, 'JS')
    const draws = await issue(t, room, 120)
    const tema = await playwayId(t, 'tema')
    const partner = await payer(t, 'rv_partner')
    const hot = (await t.post('/api/tag/create', su, { name: '高危', color: '#ff0000', risk_level: 2 })).data
    const mild = (await t.post('/api/tag/create', su, { name: '留意', color: '#ffcc00', risk_level: 1 })).data
    const oldWins: number[] = []
    /** A member registered 10 days ago with one paid withdrawal of 100.00 two days ago, then the case's setup, then the request. */
    const scene = async (name: string, o: { amount?: number; registered?: Date; prior?: 'paid' | 'rejected'; setup?: (id: number) => Promise<unknown> } = {}) => {
      const id = await payer(t, name, 50_000_00, o.registered ?? ago(10))
      const earlier = await ask(t, id, 100_00, { at: o.registered ? new Date(o.registered.getTime() + 3_600_000) : ago(2) })
      await (o.prior === 'rejected' ? rejected(earlier.id) : paid(earlier.id))
      await o.setup?.(id)
      return { id, amount: o.amount ?? 100_00 }
    }
    const cases = {
      none: await scene('rv_none', {
        amount: 299_99, // under 3 × the average
        setup: async (id) => {
          await t.post('/api/member/tags', su, { member_id: id, tag_ids: [mild.id] })
          oldWins.push((await bet(t, { member_id: id, room_id: room, issue_id: draws.id, playway_id: tema, number: 16, amount: 100_00 })).id)
          await memberLogin(t.db, P, { member_id: id, ip: '10.30.0.1', device_id: 'rv-none-dev' })
        },
      }),
      first_withdrawal: await scene('rv_first', { prior: 'rejected' }),
      turnover_unmet: await scene('rv_turnover', { setup: (id) => t.db.tx((tx) => addRequirement(tx, P, { member_id: id, source: TURNOVER.recharge, ref: 'rv-unmet', amount: 100_00, multiple: 1 })) }),
      shared_ip: await scene('rv_ip', {
        setup: async (id) => {
          await memberLogin(t.db, P, { member_id: id, ip: '10.40.0.1', device_id: 'rv-ip-own' })
          await memberLogin(t.db, P, { member_id: partner, ip: '10.40.0.1', device_id: 'rv-partner-dev' })
        },
      }),
      shared_device: await scene('rv_device', {
        setup: async (id) => {
          await memberLogin(t.db, P, { member_id: id, ip: '10.41.0.1', device_id: 'rv-shared-dev' })
          await memberLogin(t.db, P, { member_id: partner, ip: '10.41.0.2', device_id: 'rv-shared-dev' })
        },
      }),
      shared_card: await scene('rv_card', {
        setup: async (id) => {
          const no = (await rows('select card_no from member_cards where member_id = $1', [partner]))[0].card_no
          await t.db.query('delete from member_cards where member_id = $1', [partner])
          await bindCard(t.db, P, { member_id: id, holder: '张三', bank_name: '工商银行', card_no: no, status: 1 })
        },
      }),
      new_account: await scene('rv_new', { registered: new Date(Date.now() - 3 * 3_600_000) }),
      big_win: await scene('rv_bigwin', { setup: (id) => bet(t, { member_id: id, room_id: room, issue_id: draws.id, playway_id: tema, number: 16, amount: 100_00 }) }),
      risk_tag: await scene('rv_risk', { setup: (id) => t.post('/api/member/tags', su, { member_id: id, tag_ids: [hot.id, mild.id] }) }),
      amount_over_avg: await scene('rv_avg', { amount: 300_00 }),
    }
    await draw(t, draws.id, [3, 5, 8])
    // rv_none's big win (980.00) was settled 8 days ago: outside the 7 days.
    await t.db.query(`update lottery_bets set settled_at = now() - interval '8 days' where id = any($1::bigint[])`, [oldWins])
    for (const [code, c] of Object.entries(cases)) {
      const w = await ask(t, c.id, c.amount)
      const flags = (await review(w.id)).data.flags
      expect(flags.map((f: any) => f.code), code).toEqual(code === 'none' ? [] : [code])
      if (code !== 'none') expect(flags[0].label).toMatch(/\S/)
    }
  })
})
