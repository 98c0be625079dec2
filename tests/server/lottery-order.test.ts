// 投注记录 and 试玩投注记录 over HTTP: real members only unless is_virtual asks for the house's virtual accounts,
// trial members only in the demo list; the stake and win/loss sums over the filtered set (exact from the rollup or
// within the budget); every filter; keyset pages; 403 without the menu; nothing of another product.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { bet, caiwu, draw, issue, player, playwayId, roomId } from './lottery-fixtures'
import { switchTo } from './member-fixtures'

let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

async function scene() {
  const js = await roomId(t, 'JS')
  const bz = await roomId(t, 'BZ')
  const i1 = await issue(t, js, 100, 5)
  const i2 = await issue(t, bz, 100, 10)
  const a = await player(t, 0, 10_000_00)
  const b = await player(t, 0, 10_000_00)
  const v = await player(t, 1, 10_000_00)
  const s = await player(t, 2, 10_000_00)
  const [da, xiao, tema] = [await playwayId(t, 'da'), await playwayId(t, 'xiao'), await playwayId(t, 'tema')]
  await bet(t, { member_id: a.id, room_id: js, playway_id: da, amount: 100_00 }) // wins on 9,9,1 (19, 大): +98
  await bet(t, { member_id: a.id, room_id: js, playway_id: xiao, amount: 50_00 }) // loses: -50
  await bet(t, { member_id: b.id, room_id: js, playway_id: tema, number: 19, amount: 10_00 }) // wins: +88
  await bet(t, { member_id: b.id, room_id: bz, playway_id: da, amount: 20_00 }) // open
  await bet(t, { member_id: v.id, room_id: js, playway_id: da, amount: 30_00 }) // virtual, wins: +29.40
  await bet(t, { member_id: s.id, room_id: js, playway_id: xiao, amount: 40_00 }) // trial, loses: -40
  await draw(t, i1.id, [9, 9, 1])
  return { js, bz, i1, i2, a, b, v, s, da, tema }
}

const list = (q: Record<string, unknown> = {}, path = '/api/order/index') => t.get(path, token, q).then((r) => r.data)

describe('bet lists', () => {
  it('shows real members\' bets with their sums; virtual ones only when asked, labelled; trial ones only in the demo list', async () => {
    const s = await scene()
    const real = await list()
    expect(real.items.map((b: any) => [b.username, b.content, b.amount, b.status, b.payout, b.win_loss])).toEqual([
      [s.b.username, '大', '20.00', 3, '0.00', '0.00'], [s.b.username, '特码 19', '10.00', 1, '98.00', '88.00'],
      [s.a.username, '小', '50.00', 2, '0.00', '-50.00'], [s.a.username, '大', '100.00', 1, '198.00', '98.00'],
    ])
    expect(real).toMatchObject({ total: 4, total_exact: true, subscribe_money_stat: '180.00', losing_wonning_stat: '136.00', per_page: 15, current_page: 1 })
    expect(real.items[0]).toMatchObject({ is_virtual: false, room_name: '标准房', issue_no: s.i2.issue_no, issue_manual: false, rate: '1.98', settled_at: null })
    expect(real.items[1]).toMatchObject({ issue_no: s.i1.issue_no, issue_manual: true }) // drawn with a set result in this scene
    expect(real.items[0].order_no).toMatch(/^B\d{18}$/)
    const virtual = await list({ is_virtual: 1 })
    expect(virtual.items.map((b: any) => [b.username, b.is_virtual, b.win_loss])).toEqual([[s.v.username, true, '29.40']])
    expect(virtual).toMatchObject({ total: 1, subscribe_money_stat: '30.00', losing_wonning_stat: '29.40' })
    const demo = await list({}, '/api/order/demo')
    expect(demo.items.map((b: any) => [b.username, b.win_loss])).toEqual([[s.s.username, '-40.00']])
    expect(demo).toMatchObject({ total: 1, subscribe_money_stat: '40.00', losing_wonning_stat: '-40.00' })
  })

  it('filters by username, member, room, issue, play way, status and time, with sums over the filtered set', async () => {
    const s = await scene()
    const pick = async (q: Record<string, unknown>) => {
      const r = await list(q)
      return [r.items.length, r.total, r.total_exact, r.subscribe_money_stat, r.losing_wonning_stat]
    }
    expect(await pick({ username: s.a.username.toUpperCase() })).toEqual([2, 2, true, '150.00', '48.00'])
    expect(await pick({ username: 'nobody' })).toEqual([0, 0, true, '0.00', '0.00'])
    expect(await pick({ member_id: s.b.id })).toEqual([2, 2, true, '30.00', '88.00'])
    expect(await pick({ room_id: s.bz })).toEqual([1, 1, true, '20.00', '0.00'])
    expect(await pick({ room_id: s.js, status: 1 })).toEqual([2, 2, true, '110.00', '186.00'])
    expect(await pick({ status: 3 })).toEqual([1, 1, true, '20.00', '0.00'])
    expect(await pick({ issue_no: s.i1.issue_no })).toEqual([3, 3, true, '160.00', '136.00'])
    expect(await pick({ playway_id: s.tema })).toEqual([1, 1, true, '10.00', '88.00'])
    const one = (await list({ member_id: s.b.id })).items[1]
    expect((await list({ order_no: one.order_no })).items.map((b: any) => b.id)).toEqual([one.id])
    expect(await pick({ order_no: 'B2024' })).toEqual([0, 0, true, '0.00', '0.00'])
    expect(await pick({ start_time: '2000-01-01', end_time: '2000-01-02 00:00:00' })).toEqual([0, 0, true, '0.00', '0.00'])
    expect(await pick({ start_time: '2000-01-01 00:00:00' })).toEqual([4, 4, true, '180.00', '136.00'])
    // A cancelled draw's bets: status 4, refunded, out of the stake sum.
    expect((await t.post('/api/issue/edit', token, { id: s.i2.id, status: 4, remark: '测试取消' })).code).toBe(200)
    expect(await pick({ status: 4 })).toEqual([1, 1, true, '0.00', '0.00'])
    expect(await pick({ status: 4, username: s.b.username })).toEqual([1, 1, true, '0.00', '0.00'])
    expect(await pick({})).toEqual([4, 4, true, '160.00', '136.00'])
    for (const [q, field] of [[{ status: 5 }, 'status'], [{ room_id: 'x' }, 'room_id'], [{ start_time: '2024-02-30' }, 'start_time'],
      [{ is_virtual: 2 }, 'is_virtual']] as const) {
      const r = await t.get('/api/order/index', token, q)
      expect([r.status, r.data?.field]).toEqual([400, field])
    }
  })

  it('pages by cursor both ways', async () => {
    await scene()
    const all = (await list()).items.map((b: any) => b.id)
    const first = await list({ per_page: 3 })
    expect(first.items.map((b: any) => b.id)).toEqual(all.slice(0, 3))
    const second = await list({ per_page: 3, page: 2, after: first.cursor_next })
    expect(second.items.map((b: any) => b.id)).toEqual(all.slice(3))
    expect(second.cursor_next).toBeNull()
    const back = await list({ per_page: 3, page: 1, before: second.cursor_prev })
    expect(back.items.map((b: any) => b.id)).toEqual(all.slice(0, 3))
  })

  it('is 403 without the menu and shows nothing of another product', async () => {
    await scene()
    const fin = await caiwu(t)
    expect((await t.get('/api/order/index', fin)).status).toBe(403)
    expect((await t.get('/api/order/demo', fin)).status).toBe(403)
    await switchTo(t, token, 'beta')
    expect(await list()).toMatchObject({ items: [], total: 0, subscribe_money_stat: '0.00' })
    expect((await list({}, '/api/order/demo')).items).toEqual([])
  })
})
