// Placing bets (the domain function the member site and the simulator call): the stake leaves as type 1 in the bet's
// own transaction; refused after the lock time, beyond the room's limits, on a closed room or a disabled or unoffered
// play way, or beyond the balance — with nothing written; per-member issue limits and the issue's opening hold
// under concurrency (PostgreSQL).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { available, bet, issue, ledgerOk, P, player, playwayId, roomId, rows } from './lottery-fixtures'
import { openDueIssue } from '../../src/server/lottery/draw'
import { placeBet } from '../../src/server/lottery/bet'

const pg = process.env.TEST_DB_KIND === 'pg'
let t: TestApp
beforeEach(async () => { t = await makeApp() })
afterEach(async () => { await t.close() })

const counts = async () => (await rows<{ bets: number; changes: number }>(t,
  `select (select count(*)::int from lottery_bets) as bets, (select count(*)::int from balance_changes where type = 1) as changes`))[0]

describe('a bet', () => {
  it('debits the stake as type 1 with the order number, at the room rate, in status 匹配中', async () => {
    const room = await roomId(t, 'GJ')
    const i = await issue(t, room, 60, 30)
    const m = await player(t, 0, 50_000_00)
    const da = await playwayId(t, 'da')
    const b = await bet(t, { member_id: m.id, room_id: room, playway_id: da, amount: 200_00 })
    expect(b).toMatchObject({ issue_id: i.id, issue_no: i.issue_no, rate: '1.99', amount: 20000, content: '大' })
    expect(b.order_no).toMatch(/^B\d{8}\d{10}$/)
    expect(await available(t, m.id)).toBe(50_000_00 - 200_00)
    const [change] = await rows(t, 'select * from balance_changes where member_id = $1 and type = 1', [m.id])
    expect(change).toMatchObject({ amount: -20000, before: 5_000_000, after: 4_980_000, ref: b.order_no })
    expect(change.remark).toContain(`第${i.issue_no}期 大`)
    const [row] = await rows(t, 'select status, money, rate::text as rate, payout, code, number from lottery_bets where id = $1', [b.id])
    expect(row).toEqual({ status: 3, money: 0, rate: '1.99', payout: 0, code: 'da', number: null })
    const [tema] = [await bet(t, { member_id: m.id, room_id: room, playway_id: await playwayId(t, 'tema'), number: 13, amount: 100_00 })]
    expect(tema).toMatchObject({ rate: '9.80', content: '特码 13' })
    // Without an issue named, the room's issue taking bets is used; a stake from each money class goes to its own pool.
    for (const kind of [1, 2] as const) {
      const v = await player(t, kind, 1000_00)
      await bet(t, { member_id: v.id, room_id: room, issue_id: i.id, playway_id: da, amount: 100_00 })
      expect(await available(t, v.id)).toBe(900_00)
    }
    expect(await ledgerOk(t.db)).toBe('ok')
  })

  it('is refused after the lock time, beyond the limits, on a closed room, on a disabled or unoffered play way, beyond the balance', async () => {
    const room = await roomId(t, 'GJ') // stakes 100–200,000 元, 1,000,000 元 a member per issue; 大小单双, 组合, 特码
    const open = await issue(t, room, 120, 30)
    const locked = await issue(t, room, 20, 30)
    const m = await player(t, 0, 1_100_000_00)
    const da = await playwayId(t, 'da')
    const base = { member_id: m.id, room_id: room, playway_id: da, amount: 100_00 }
    const before = await counts()
    const refused: [Partial<typeof base> & { issue_id?: number; number?: number | null }, number, string][] = [
      [{ issue_id: locked.id }, 409, `第 ${locked.issue_no} 期已封盘`],
      [{ amount: 99_99 }, 400, '投注金额不能少于 100.00 元'],
      [{ amount: 200_000_01 }, 400, '单注金额不能超过 200000.00 元'],
      [{ amount: 0 }, 400, '投注金额必须大于 0'],
      [{ playway_id: await playwayId(t, 'baozi') }, 409, '未开放玩法「豹子」'],
      [{ playway_id: await playwayId(t, 'tema') }, 400, '特码须为 0-27'],
      [{ playway_id: await playwayId(t, 'tema'), number: 28 }, 400, '特码须为 0-27'],
      [{ member_id: (await player(t, 0, 0)).id }, 409, '余额不足，可用余额 0.00 元'],
      [{ issue_id: 999999 }, 404, '期号不存在'],
    ]
    for (const [change, code, msg] of refused) {
      const e = await bet(t, { ...base, ...change }).catch((x) => x)
      expect([e.code, e.message], JSON.stringify(change)).toEqual([code, expect.stringContaining(msg)])
    }
    // The per-issue limit counts the member's earlier bets on that issue.
    for (let k = 0; k < 5; k++) await bet(t, { ...base, issue_id: open.id, amount: 200_000_00 })
    const over = await bet(t, { ...base, issue_id: open.id }).catch((x) => x)
    expect([over.code, over.message]).toEqual([409, '每期投注上限 1000000.00 元，本期已投 1000000.00 元'])
    expect((await counts()).bets).toBe(before.bets + 5)

    await t.db.query('update lottery_playways set status = 0 where id = $1', [da])
    expect((await bet(t, base).catch((x) => x)).message).toBe('玩法「大」已停用')
    await t.db.query('update lottery_playways set status = 1 where id = $1', [da])
    await t.db.query('update lottery_playgroups set status = 0 where id = (select group_id from lottery_playways where id = $1)', [da])
    expect((await bet(t, base).catch((x) => x)).message).toBe('玩法「大」已停用')
    await t.db.query('update lottery_playgroups set status = 1')
    await t.db.query('update lottery_rooms set status = 0 where id = $1', [room])
    expect((await bet(t, base).catch((x) => x)).message).toBe('房间「高级房」已关闭，暂停投注')
    await t.db.query('update lottery_rooms set status = 1 where id = $1', [room])
    await t.db.query('update members set status = 0 where id = $1', [m.id])
    expect((await bet(t, base).catch((x) => x)).message).toBe('会员已禁用，不能投注')
    await t.db.query(`update lottery_issues set status = 4 where room_id = $1`, [room])
    await t.db.query('update members set status = 1 where id = $1', [m.id])
    expect((await bet(t, base).catch((x) => x)).message).toBe('房间「高级房」当前没有可投注的期号')
    expect(await available(t, m.id)).toBe(1_100_000_00 - 5 * 200_000_00)
    expect((await counts()).changes).toBe(before.changes + 5)
    expect(await ledgerOk(t.db)).toBe('ok')
  })

  it('is refused for another product\'s member, room or play way', async () => {
    const room = await roomId(t, 'JS')
    await issue(t, room, 60)
    const betaMember = await player(t, 0, 1000_00, 'beta')
    const mine = await player(t, 0, 1000_00)
    const da = await playwayId(t, 'da')
    expect((await bet(t, { member_id: betaMember.id, room_id: room, playway_id: da, amount: 100 }).catch((x) => x)).code).toBe(404)
    expect((await bet(t, { member_id: mine.id, room_id: await roomId(t, 'JS', 'beta'), playway_id: da, amount: 100 }).catch((x) => x)).code).toBe(404)
    expect((await bet(t, { member_id: mine.id, room_id: room, playway_id: await playwayId(t, 'da', 'beta'), amount: 100 }).catch((x) => x)).code).toBe(404)
  })
})

describe.runIf(pg)('bets under concurrency on PostgreSQL', () => {
  it('keeps a member within the per-issue limit when 20 bets race', async () => {
    const room = await roomId(t, 'GJ')
    const i = await issue(t, room, 120, 30)
    await t.db.query('update lottery_rooms set max_stake = 200000, max_issue_stake = 500000 where id = $1', [room]) // 2,000 元 a bet, 5,000 元 an issue
    const m = await player(t, 0, 100_000_00)
    const da = await playwayId(t, 'da')
    const results = await Promise.allSettled(Array.from({ length: 20 }, () =>
      bet(t, { member_id: m.id, room_id: room, issue_id: i.id, playway_id: da, amount: 1000_00 })))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5)
    expect(await available(t, m.id)).toBe(95_000_00)
    expect(await ledgerOk(t.db)).toBe('ok')
  })

  it('opens an issue only after the bets in flight on it have committed, and refuses bets after it opened', async () => {
    const room = await roomId(t, 'JS')
    const i = await issue(t, room, 60, 0)
    const m = await player(t, 0, 1000_00)
    const da = await playwayId(t, 'da')
    let release!: () => void
    const held = new Promise<void>((r) => { release = r })
    let placed = false
    const inFlight = t.db.tx(async (tx) => {
      await placeBet(tx, { product: P, member_id: m.id, room_id: room, issue_id: i.id, playway_id: da, amount: 100_00 })
      placed = true
      await held
    })
    await expect.poll(() => placed).toBe(true)
    await t.db.query('update lottery_issues set open_at = now(), lock_at = now() where id = $1', [i.id])
    // The bet holds the issue: the opener skips it rather than drawing under a bet.
    expect(await t.db.tx((tx) => openDueIssue(tx, undefined, i.id))).toBeNull()
    release()
    await inFlight
    expect((await t.db.tx((tx) => openDueIssue(tx, undefined, i.id)))?.id).toBe(i.id)
    expect((await bet(t, { member_id: m.id, room_id: room, issue_id: i.id, playway_id: da, amount: 100_00 }).catch((x) => x)).message).toContain('已开奖')
    expect(await rows(t, 'select status from lottery_bets where issue_id = $1', [i.id])).toEqual([{ status: 3 }])
  })
})
