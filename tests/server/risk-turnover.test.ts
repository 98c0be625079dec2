// 打码量 wired into the money paths: a confirmed recharge, gift money and a manual top-up each ask for amount × their
// multiple (the finance setting, or the credit's own, 0 allowed) under the credit's order number; a deduction asks
// none; the stakes of bets settled after a requirement was made, won or lost, fulfil the oldest open one first; a
// cancelled draw's stakes never count (a settled one gives back exactly what it fulfilled); a waiver clears the rest;
// trial and virtual money have none. The figures of /api/member/turnover equal a recomputation by a model of the rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'
import { fund, member, setSetting } from './finance-fixtures'
import { bet, draw, issue, player, playwayId, roomId, rows } from './lottery-fixtures'
import { requestRecharge } from '../../src/server/finance/recharge-rules'
import { addRequirement, TURNOVER } from '../../src/server/risk/turnover'
import { rng } from '../../src/server/sim/rng'

let t: TestApp
let su: string
let room: number
beforeAll(async () => {
  t = await makeApp()
  su = await t.login()
  room = await roomId(t, 'JS')
})
afterAll(async () => { await t.close() })

const cents = (v: string) => Math.round(Number(v) * 100)
const turnover = async (m: number) => (await t.get('/api/member/turnover', su, { member_id: m })).data
/** The member's requirements oldest first, as [ref, multiple, required, done]. */
const items = async (m: number) => (await turnover(m)).items.slice().reverse().map((x: any) => [x.ref, x.multiple, x.required, x.done])

/** A card recharge asked for and confirmed by the operator; answers its order number. */
async function recharge(m: number, yuan: number): Promise<string> {
  const r = await t.db.tx((tx) => requestRecharge(tx, 'alpha', { member_id: m, amount: yuan * 100, pay_method: 1 }))
  const ok = await t.post('/api/recharge/edit', su, { id: r.id, status: 1 })
  expect(ok.code, ok.msg).toBe(200)
  return r.order_no
}

/** A manual top-up (6), gift money (7) or deduction (8); answers the whole answer. */
async function give(type: 6 | 7 | 8, m: number, amount: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>) {
  return t.post('/api/giftmoney/create', su, { type, member_id: m, amount, remark: '打码测试', ...extra }, headers)
}

describe('requirements of credits', () => {
  it('asks amount × the setting or the credit\'s own multiple, under the order number; a deduction asks none', async () => {
    const m = await member(t, 'to_credit')
    await setSetting(t, 'turnover_multiple_recharge', '2')
    const r1 = await recharge(m, 1000)
    await setSetting(t, 'turnover_multiple_recharge', '1')
    const g1 = await give(7, m, '100')
    const g2 = await give(7, m, '100', { turnover_multiple: '1.5' })
    const a1 = await give(6, m, '200')
    const a2 = await give(6, m, '200', { turnover_multiple: 0 })
    const a3 = await give(6, m, '50', { turnover_multiple: '2.25' })
    for (const r of [g1, g2, a1, a2, a3]) expect(r.code, r.msg).toBe(200)
    expect((await give(8, m, '30')).code).toBe(200)
    const no = (r: any) => r.data.results[0].order_no
    expect(await items(m)).toEqual([
      [r1, '2.00', '2000.00', '0.00'], [no(g1), '3.00', '300.00', '0.00'], [no(g2), '1.50', '150.00', '0.00'],
      [no(a1), '1.00', '200.00', '0.00'], [no(a2), '0.00', '0.00', '0.00'], [no(a3), '2.25', '112.50', '0.00'],
    ])
    expect((await turnover(m)).items.map((x: any) => x.source)).toEqual([3, 3, 3, 2, 2, 1])
    expect([(await turnover(m)).required, (await turnover(m)).remaining]).toEqual(['2762.50', '2762.50'])
    expect((await opRows(t, '/api/giftmoney/create'))[1].after.turnover_multiple).toBe('2.25')
  })

  it('refuses a bad multiple or one on a deduction before anything moves, and keeps a retry to one requirement', async () => {
    const m = await member(t, 'to_bad')
    const before = (await rows(t, 'select count(*)::int as n from recharges where member_id = $1', [m]))[0].n
    for (const bad of ['10000', '1.234', '-1', 'abc', '']) {
      const r = await give(7, m, '10', { turnover_multiple: bad })
      expect([r.code, r.body.data?.field], bad).toEqual([400, 'turnover_multiple'])
    }
    const minus = await give(8, m, '1', { turnover_multiple: '1' })
    expect([minus.code, minus.body.data?.field]).toEqual([400, 'turnover_multiple'])
    const batch = await t.post('/api/giftmoney/create', su, { type: 7, usernames: ['to_bad', 'to_credit', 'nobody_here'], amount: '10', remark: '批量', turnover_multiple: '9999' })
    expect(batch.code, batch.msg).toBe(200)
    expect(batch.data.results.map((x: any) => x.ok)).toEqual([true, true, false])
    expect((await items(m)).map((x: any[]) => x.slice(1))).toEqual([['9999.00', '99990.00', '0.00']])
    const key = { 'idempotency-key': 'to-bad-retry-1' }
    expect((await give(6, m, '5', { turnover_multiple: '4' }, key)).code).toBe(200)
    expect((await give(6, m, '5', { turnover_multiple: '4' }, key)).code).toBe(200)
    expect((await items(m)).map((x: any[]) => x[2])).toEqual(['99990.00', '20.00'])
    expect((await rows(t, 'select count(*)::int as n from recharges where member_id = $1', [m]))[0].n).toBe(before + 2)
  })

  it('never asks trial or virtual money for turnover, and their settled bets fulfil nothing', async () => {
    const trial = await player(t, 2, 500_00)
    const virt = await player(t, 1, 500_00)
    await addRequirement(t.db, 'alpha', { member_id: trial.id, source: TURNOVER.gift, ref: 'to:trial', amount: 100_00, multiple: 3 })
    await addRequirement(t.db, 'alpha', { member_id: virt.id, source: TURNOVER.manual, ref: 'to:virtual', amount: 100_00, multiple: 1 })
    expect((await give(7, trial.id, '10')).code).toBe(404)
    const i = await issue(t, room, 120)
    for (const p of [trial, virt]) await bet(t, { member_id: p.id, room_id: room, issue_id: i.id, playway_id: await playwayId(t, 'da'), amount: 100_00 })
    await draw(t, i.id, [1, 2, 3])
    expect(await rows(t, 'select count(*)::int as n from turnover_requirements where member_id = any($1::int[])', [[trial.id, virt.id]])).toEqual([{ n: 0 }])
    expect(await turnover(trial.id)).toMatchObject({ required: '0.00', done: '0.00', remaining: '0.00', items: [] })
  })
})

describe('consumption', () => {
  it('lets settled stakes, won or lost, fulfil the oldest requirement first, a bet placed before it and settled after it too', async () => {
    const m = await member(t, 'to_bets')
    await fund(t, m, 100_00)
    const i1 = await issue(t, room, 120)
    await bet(t, { member_id: m, room_id: room, issue_id: i1.id, playway_id: await playwayId(t, 'dan'), amount: 20_00 }) // placed before any requirement, settled after
    const r1 = await recharge(m, 500)
    const g1 = (await give(7, m, '100')).data.results[0].order_no // asks 300
    await bet(t, { member_id: m, room_id: room, issue_id: i1.id, playway_id: await playwayId(t, 'da'), amount: 200_00 }) // wins on 3,5,8
    await bet(t, { member_id: m, room_id: room, issue_id: i1.id, playway_id: await playwayId(t, 'xiao'), amount: 100_00 }) // loses
    await draw(t, i1.id, [3, 5, 8])
    expect(await items(m)).toEqual([[r1, '1.00', '500.00', '320.00'], [g1, '3.00', '300.00', '0.00']])
    const i2 = await issue(t, room, 120)
    await bet(t, { member_id: m, room_id: room, issue_id: i2.id, playway_id: await playwayId(t, 'jida'), amount: 250_00 })
    await draw(t, i2.id, [0, 0, 1])
    expect(await items(m)).toEqual([[r1, '1.00', '500.00', '500.00'], [g1, '3.00', '300.00', '70.00']])
    expect(await turnover(m)).toMatchObject({ required: '800.00', done: '570.00', remaining: '230.00' })
  })

  it('never counts a cancelled draw: an open one\'s stakes fulfil nothing, a settled one gives back exactly what it did', async () => {
    const m = await member(t, 'to_cancel')
    const r1 = await recharge(m, 1000)
    const [i1, i2, i3] = [await issue(t, room, 120), await issue(t, room, 120), await issue(t, room, 120)]
    const da = await playwayId(t, 'da')
    await bet(t, { member_id: m, room_id: room, issue_id: i1.id, playway_id: da, amount: 300_00 })
    await draw(t, i1.id, [0, 1, 2])
    await bet(t, { member_id: m, room_id: room, issue_id: i2.id, playway_id: da, amount: 200_00 })
    await draw(t, i2.id, [0, 1, 2])
    expect((await turnover(m)).done).toBe('500.00')
    await bet(t, { member_id: m, room_id: room, issue_id: i3.id, playway_id: da, amount: 100_00 })
    expect((await t.post('/api/issue/edit', su, { id: i3.id, status: 4, remark: '开奖故障' })).code).toBe(200)
    expect((await t.post('/api/issue/edit', su, { id: i1.id, status: 4, remark: '结果有误' })).code).toBe(200)
    expect(await items(m)).toEqual([[r1, '1.00', '1000.00', '200.00']])
    expect(await rows(t, 'select count(*)::int as n from turnover_uses where issue_id = $1', [i1.id])).toEqual([{ n: 0 }])
  })

  it('counts each stake once when two draws of one member settle at the same time', async () => {
    const m = await member(t, 'to_race')
    const r1 = await recharge(m, 200)
    const r2 = await recharge(m, 1000)
    const draws = [await issue(t, room, 120), await issue(t, room, 120), await issue(t, room, 120)]
    for (const [k, i] of draws.entries()) {
      await bet(t, { member_id: m, room_id: room, issue_id: i.id, playway_id: await playwayId(t, 'shuang'), amount: (k + 1) * 100_00 })
    }
    await Promise.all(draws.map((i) => draw(t, i.id, [1, 1, 1])))
    expect(await items(m)).toEqual([[r1, '1.00', '200.00', '200.00'], [r2, '1.00', '1000.00', '400.00']])
    expect(await rows(t, 'select sum(amount)::int as n from turnover_uses where issue_id = any($1::bigint[])', [draws.map((i) => i.id)])).toEqual([{ n: 600_00 }])
  })

  it('clears what remains with a waiver (logged with its reason); later stakes only fulfil newer requirements', async () => {
    const m = await member(t, 'to_waive')
    await recharge(m, 300)
    const i1 = await issue(t, room, 120)
    await bet(t, { member_id: m, room_id: room, issue_id: i1.id, playway_id: await playwayId(t, 'da'), amount: 100_00 })
    await draw(t, i1.id, [9, 9, 9])
    const w = await t.post('/api/member/turnover/waive', su, { member_id: m, remark: '活动补偿' })
    expect(w.data).toMatchObject({ required: '300.00', done: '100.00', remaining: '0.00' })
    expect((await opRows(t, '/api/member/turnover/waive'))[0].after).toMatchObject({ username: 'to_waive', remaining: '0.00', remark: '活动补偿' })
    const r2 = await recharge(m, 50)
    const i2 = await issue(t, room, 120)
    await bet(t, { member_id: m, room_id: room, issue_id: i2.id, playway_id: await playwayId(t, 'da'), amount: 80_00 })
    await draw(t, i2.id, [9, 9, 9])
    expect((await items(m)).slice(1)).toEqual([[r2, '1.00', '50.00', '50.00']])
    expect(await turnover(m)).toMatchObject({ required: '350.00', done: '150.00', remaining: '0.00' })
  })
})

/** The rule as a model: requirements by (time, order), each settlement filling those made before it, cancellations giving back. */
class Model {
  reqs: { ref: string; at: bigint; required: number; done: number }[] = []
  uses = new Map<number, [number, number][]>()
  credit(ref: string, at: bigint, required: number) {
    this.reqs.push({ ref, at, required, done: 0 })
    this.reqs.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))
  }
  settle(issueId: number, bets: { stake: number }[]) {
    const used: [number, number][] = []
    for (const b of bets) {
      let left = b.stake
      this.reqs.forEach((r, k) => {
        const take = Math.min(left, r.required - r.done)
        if (take > 0) { r.done += take; left -= take; used.push([k, take]) }
      })
    }
    this.uses.set(issueId, used)
  }
  cancel(issueId: number) {
    for (const [k, take] of this.uses.get(issueId) ?? []) this.reqs[k].done -= take
  }
}

describe('recomputation', () => {
  it('answers the figures a model of the rule computes from the records, over credits, bets, draws and a cancellation', async () => {
    const r = rng(2024)
    const m = await member(t, 'to_model')
    await fund(t, m, 100_000_00)
    const model = new Model()
    /** A record's time in microseconds (the rule compares times exactly). */
    const micros = async (col: string, order: string) =>
      BigInt((await rows(t, `select (extract(epoch from ${col}) * 1000000)::bigint::text as us from recharges where order_no = $1`, [order]))[0].us)
    const ways = [await playwayId(t, 'da'), await playwayId(t, 'xiao'), await playwayId(t, 'dan')]
    const open: { id: number }[] = []
    const settled: number[] = []
    for (let step = 0; step < 32; step++) {
      const what = step < 2 ? 0 : r.int(0, 3)
      if (what === 0) {
        const order = await recharge(m, r.int(1, 30) * 10)
        const row = (await rows(t, 'select amount from recharges where order_no = $1', [order]))[0]
        model.credit(order, await micros('confirmed_at', order), Number(row.amount))
      } else if (what === 1) {
        const mult = r.pick(['0', '1', '2.5'])
        const g = await give(r.chance(0.5) ? 6 : 7, m, String(r.int(1, 20) * 5), { turnover_multiple: mult })
        const order = g.data.results[0].order_no
        model.credit(order, await micros('created_at', order), Math.round(cents(g.data.amount) * Number(mult)))
      } else if (what === 2) {
        if (!open.length || r.chance(0.4)) open.push(await issue(t, room, 120))
        const i = r.pick(open)
        await bet(t, { member_id: m, room_id: room, issue_id: i.id, playway_id: r.pick(ways), amount: r.int(1, 12) * 10_00 })
      } else if (open.length) {
        const i = open.splice(r.int(0, open.length - 1), 1)[0]
        await draw(t, i.id, [r.int(0, 9), r.int(0, 9), r.int(0, 9)])
        const bets = await rows(t, `select amount from lottery_bets where issue_id = $1`, [i.id])
        model.settle(i.id, bets.map((b) => ({ stake: Number(b.amount) })))
        settled.push(i.id)
      }
    }
    expect(settled.length).toBeGreaterThan(1)
    const gone = settled[0]
    expect((await t.post('/api/issue/edit', su, { id: gone, status: 4, remark: '模型取消' })).code).toBe(200)
    model.cancel(gone)
    const answer = await turnover(m)
    const want = model.reqs.map((x) => [x.ref, x.required, x.done])
    expect(answer.items.slice().reverse().map((x: any) => [x.ref, cents(x.required), cents(x.done)])).toEqual(want)
    const sum = (f: (x: (typeof model.reqs)[0]) => number) => model.reqs.reduce((s, x) => s + f(x), 0)
    expect([cents(answer.required), cents(answer.done), cents(answer.remaining)]).toEqual([sum((x) => x.required), sum((x) => x.done), sum((x) => x.required - x.done)])
    expect(sum((x) => x.done)).toBeGreaterThan(0)
  })
})
