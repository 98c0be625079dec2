// Settlement and draws: winners paid stake × rate (half-up) once from each money class's gaming account, losers
// marked, a second settlement refused; opening from the seed; manual results before settlement only, labelled and
// logged; cancellation refunding open bets and restoring every member after a settled draw, or refused (409)
// naming the members who spent their payout; ledger:check after each.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'
import { available, bet, caiwu, draw, issue, ledgerOk, P, player, playwayId, roomId, rows } from './lottery-fixtures'
import { openDueIssue } from '../../src/server/lottery/draw'
import { settleIssue } from '../../src/server/lottery/settle'
import { drawDigits } from '../../src/server/lottery/fair'
import { payoutOf } from '../../src/server/lottery/rules'
import { switchTo } from './member-fixtures'
import { verifyAudit } from '../../src/server/audit/verify'

let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

/** A room with an open issue and a few bets from each money class; answers what it made. */
async function scene() {
  const room = await roomId(t, 'JS')
  const i = await issue(t, room, 120, 5)
  const real = await player(t, 0, 1000_00)
  const real2 = await player(t, 0, 1000_00)
  const virt = await player(t, 1, 1000_00)
  const trial = await player(t, 2, 1000_00)
  const pw = async (c: string) => playwayId(t, c)
  const bets = [
    await bet(t, { member_id: real.id, room_id: room, playway_id: await pw('da'), amount: 101 }), // wins on 3,5,8 (sum 16): 1.98 → 199.98 → 200
    await bet(t, { member_id: real.id, room_id: room, playway_id: await pw('dan'), amount: 300_00 }), // loses (16 is 双)
    await bet(t, { member_id: real2.id, room_id: room, playway_id: await pw('tema'), number: 16, amount: 10_00 }), // wins 9.80
    await bet(t, { member_id: real2.id, room_id: room, playway_id: await pw('tema'), number: 15, amount: 10_00 }), // loses
    await bet(t, { member_id: virt.id, room_id: room, playway_id: await pw('dashuang'), amount: 50_00 }), // wins 3.60
    await bet(t, { member_id: trial.id, room_id: room, playway_id: await pw('baozi'), amount: 20_00 }), // loses
  ]
  return { room, i, real, real2, virt, trial, bets }
}

describe('settlement', () => {
  it('pays each winner once from its money class, marks the losers, and refuses to settle again', async () => {
    const s = await scene()
    const out = await draw(t, s.i.id, [3, 5, 8])
    expect(out).toMatchObject({ bets: 6, winners: 3, payout: payoutOf(101, '1.98') + 98_00 + 180_00 })
    expect(payoutOf(101, '1.98')).toBe(200)
    const settled = await rows(t, 'select id, status, payout from lottery_bets where issue_id = $1 order by id', [s.i.id])
    expect(settled.map((b) => [b.status, Number(b.payout)])).toEqual([[1, 200], [2, 0], [1, 98_00], [2, 0], [1, 180_00], [2, 0]])
    expect(await available(t, s.real.id)).toBe(1000_00 - 101 - 300_00 + 200)
    expect(await available(t, s.real2.id)).toBe(1000_00 - 20_00 + 98_00)
    expect(await available(t, s.virt.id)).toBe(1000_00 - 50_00 + 180_00)
    expect(await available(t, s.trial.id)).toBe(1000_00 - 20_00)
    const payouts = await rows(t, `select t.key, t.money, t.amount, t.type, t.ref from ledger_transfers t where t.type = 3 order by t.id`)
    expect(payouts.map((p) => [p.key, p.money, Number(p.amount)])).toEqual([
      [`bet:${s.bets[0].id}:payout`, 0, 200], [`bet:${s.bets[2].id}:payout`, 0, 98_00], [`bet:${s.bets[4].id}:payout`, 1, 180_00],
    ])
    expect(payouts[0].ref).toBe(s.bets[0].order_no)
    const [issueRow] = await rows(t, 'select status, bet_count, bet_amount, payout_amount from lottery_issues where id = $1', [s.i.id])
    expect(issueRow).toEqual({ status: 3, bet_count: 4, bet_amount: 101 + 300_00 + 20_00, payout_amount: 200 + 98_00 })
    // A second settlement (another instance, a retry) finds the issue settled and moves nothing.
    await expect(t.db.tx((tx) => settleIssue(tx, s.i.id))).rejects.toThrow('状态已变更')
    expect(await rows(t, 'select count(*)::int as n from ledger_transfers where type = 3')).toEqual([{ n: 3 }])
    // The rollup agrees with the bets.
    const totals = await rows(t, `select money, status, sum(n)::int as n, sum(stake)::int as stake, sum(payout)::int as payout
      from lottery_bet_totals where room_id = $1 group by money, status having sum(n) <> 0 order by money, status`, [s.room])
    const direct = await rows(t, `select money, status, count(*)::int as n, sum(amount)::int as stake, sum(payout)::int as payout
      from lottery_bets where room_id = $1 group by money, status order by money, status`, [s.room])
    expect(totals).toEqual(direct)
    expect(await ledgerOk(t.db)).toBe('ok')
    expect((await verifyAudit(t.db)).ok).toBe(true)
  })

  it('opens from HMAC-SHA256(seed, issue number) and shows the verification data once drawn, never before', async () => {
    const room = await roomId(t, 'BZ')
    const i = await issue(t, room, 60, 10)
    const before = (await t.get('/api/issue/show', token, { id: i.id })).data
    expect(before).toMatchObject({ status: 1, seed: '', result: '', verify: null })
    expect(JSON.stringify((await t.get('/api/issue/index', token, { scope: 'all' })).data)).not.toMatch(/"seed":"[0-9a-f]{64}"/)
    const seed = (await rows(t, 'select seed from lottery_issues where id = $1', [i.id]))[0].seed
    await t.db.query('update lottery_issues set open_at = now(), lock_at = now() where id = $1', [i.id])
    const opened = await t.db.tx((tx) => openDueIssue(tx, undefined, i.id))
    const expected = drawDigits(seed, i.issue_no)
    expect(opened!.result).toEqual([...expected.digits])
    const shown = (await t.get('/api/issue/show', token, { id: i.id })).data
    expect(shown).toMatchObject({
      status: 2, result: expected.digits.join(','), is_manual: false, seed: Buffer.from(seed).toString('hex'),
      verify: { seed: Buffer.from(seed).toString('hex'), seed_hash: before.seed_hash, message: i.issue_no, hmac: expected.hmac, computed: expected.digits.join(',') },
    })
    expect(await t.db.tx((tx) => openDueIssue(tx, undefined, i.id))).toBeNull()
  })
})

describe('manual result (人工开奖)', () => {
  it('sets a result before settlement with a preview of its payout, labels it and logs before/after; the draw uses it', async () => {
    const s = await scene()
    const preview = (await t.get('/api/issue/show', token, { id: s.i.id, result: '3,5,8' })).data
    expect(preview.preview).toEqual({ result: '3,5,8', sum: 16, tags: ['大', '双'], payout: '100.00', winners: 2 })
    expect(preview.by_money.map((m: any) => [m.money, m.would_pay])).toEqual([[0, '100.00'], [1, '180.00'], [2, '0.00']])
    expect(preview.lines.find((l: any) => l.code === 'tema' && l.number === 16)).toMatchObject({ bet_count: 1, stake: '10.00', would_pay: '98.00', wins: true })
    const r = await t.post('/api/issue/edit', token, { id: s.i.id, result: '3,5,8', remark: '开奖源故障，人工补开' })
    expect([r.status, r.msg]).toEqual([200, 'ok'])
    expect(r.data).toMatchObject({ status: 1, result: '3,5,8', is_manual: true, tags: ['大', '双'], sum: 16, seed: '' })
    const [log] = await opRows(t, '/api/issue/edit')
    expect(log).toMatchObject({ action: 'U', target_ids: [String(s.i.id)], admin_name: 'admin' })
    expect(log.before).toMatchObject({ result: '', is_manual: false })
    expect(log.after).toMatchObject({ result: '3,5,8', is_manual: true, remark: '开奖源故障，人工补开' })
    expect(JSON.stringify(log)).not.toMatch(/"seed":"[0-9a-f]{64}"/) // still a secret: the draw has not opened
    const listed = (await t.get('/api/issue/index', token, { issue_no: s.i.issue_no })).data.items[0]
    expect(listed).toMatchObject({ is_manual: true, result: '3,5,8' })
    // At open time the manual result is drawn, not the seed's.
    await t.db.query('update lottery_issues set open_at = now(), lock_at = now() where id = $1', [s.i.id])
    expect((await t.db.tx((tx) => openDueIssue(tx, undefined, s.i.id)))!.result).toEqual([3, 5, 8])
    // Still before settlement: it may be changed again.
    expect((await t.post('/api/issue/edit', token, { id: s.i.id, result: '0,2,4', remark: '更正' })).code).toBe(200)
    await t.db.tx((tx) => settleIssue(tx, s.i.id))
    expect(await rows(t, 'select status from lottery_bets where issue_id = $1 and status = 1', [s.i.id])).toEqual([])
    const shown = (await t.get('/api/issue/show', token, { id: s.i.id })).data
    expect(shown).toMatchObject({ status: 3, result: '0,2,4', is_manual: true, manual: { admin: 'admin' } })
    const seed = (await rows(t, 'select seed from lottery_issues where id = $1', [s.i.id]))[0].seed
    expect(shown.verify.computed).toBe(drawDigits(seed, s.i.issue_no).digits.join(',')) // what the seed gave, shown beside the manual result
    // Once settled: refused, nothing changes.
    const late = await t.post('/api/issue/edit', token, { id: s.i.id, result: '3,5,8', remark: '再改' })
    expect([late.status, late.msg]).toEqual([409, `第 ${s.i.issue_no} 期已结算，不能修改开奖结果，只能取消本期`])
    expect((await rows(t, 'select array_to_string(result, \',\') as r from lottery_issues where id = $1', [s.i.id]))[0].r).toBe('0,2,4')
    expect(await ledgerOk(t.db)).toBe('ok')
  })

  it('answers 400 naming the field, 403 without the menu, 404 for another product, and writes nothing', async () => {
    const s = await scene()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ id: s.i.id, remark: 'x' }, '开奖结果不能为空', 'result'],
      [{ id: s.i.id, result: '3,5', remark: 'x' }, '开奖结果须为三个 0-9 的数字', 'result'],
      [{ id: s.i.id, result: '3,5,8' }, '原因不能为空', 'remark'],
      [{ id: s.i.id, result: '3,5,8', remark: '' }, '原因不能为空', 'remark'],
      [{ result: '3,5,8', remark: 'x' }, 'ID不能为空', 'id'],
      [{ id: 'x', result: '3,5,8', remark: 'x' }, 'ID格式不正确', 'id'],
      [{ id: s.i.id, status: 3, remark: 'x' }, '状态不能小于 4', 'status'],
    ]
    for (const [body, msg, field] of cases) {
      const r = await t.post('/api/issue/edit', token, body)
      expect([r.status, r.data?.field], JSON.stringify(body)).toEqual([400, field])
      expect(r.msg).toContain(msg)
    }
    expect((await t.get('/api/issue/show', token, { id: s.i.id, result: '12' })).status).toBe(400)
    const fin = await caiwu(t)
    for (const r of [await t.get('/api/issue/index', fin), await t.get('/api/issue/show', fin, { id: s.i.id }),
      await t.post('/api/issue/edit', fin, { id: s.i.id, result: '3,5,8', remark: 'x' })]) expect(r.status).toBe(403)
    await switchTo(t, token, 'beta')
    expect((await t.post('/api/issue/edit', token, { id: s.i.id, result: '3,5,8', remark: 'x' })).status).toBe(404)
    expect((await t.post('/api/issue/edit', token, { id: s.i.id, status: 4, remark: 'x' })).status).toBe(404)
    expect((await t.get('/api/issue/show', token, { id: s.i.id })).status).toBe(404)
    expect((await t.get('/api/issue/index', token, { scope: 'all' })).data.items.every((i: any) => i.id !== s.i.id)).toBe(true)
    expect(await rows(t, 'select is_manual, status from lottery_issues where id = $1', [s.i.id])).toEqual([{ is_manual: false, status: 1 }])
    expect(await opRows(t, '/api/issue/edit')).toHaveLength(0)
  })
})

describe('cancellation', () => {
  it('refunds every open bet (type 1, 撤单退款) before the draw', async () => {
    const s = await scene()
    const r = await t.post('/api/issue/edit', token, { id: s.i.id, status: 4, remark: '房间故障' })
    expect(r.data).toMatchObject({ status: 4, refunded: '321.01', reversed: '0.00', cancelled_bets: 6 })
    for (const m of [s.real, s.real2, s.virt, s.trial]) expect(await available(t, m.id)).toBe(1000_00)
    const refunds = await rows(t, `select remark, type, amount from balance_changes where remark like '%撤单退款' order by id`)
    expect(refunds).toHaveLength(6)
    expect(refunds.every((c) => c.type === 1 && c.amount > 0)).toBe(true)
    expect(await rows(t, 'select distinct status from lottery_bets where issue_id = $1', [s.i.id])).toEqual([{ status: 4 }])
    const again = await t.post('/api/issue/edit', token, { id: s.i.id, status: 4, remark: '再取消' })
    expect([again.status, again.msg]).toEqual([409, `第 ${s.i.issue_no} 期已取消`])
    expect((await opRows(t, '/api/issue/edit'))[0].after).toMatchObject({ status: 4, refunded: '321.01', remark: '房间故障' })
    expect(await ledgerOk(t.db)).toBe('ok')
  })

  it('after settlement reverses payouts and refunds stakes so every member is where they were before the draw', async () => {
    const s = await scene()
    const members = [s.real, s.real2, s.virt, s.trial]
    await draw(t, s.i.id, [3, 5, 8])
    const preview = (await t.get('/api/issue/show', token, { id: s.i.id, cancel: 1 })).data.cancel_preview
    expect(preview).toEqual({ refund: '321.01', reverse: '100.00', bets: 4, short: [] })
    const r = await t.post('/api/issue/edit', token, { id: s.i.id, status: 4, remark: '结果有误' })
    expect([r.status, r.data?.status, r.data?.refunded, r.data?.reversed]).toEqual([200, 4, '321.01', '100.00'])
    for (const m of members) expect(await available(t, m.id)).toBe(1000_00)
    const reversals = await rows(t, `select member_id, type, amount from balance_changes where remark like '%撤单冲正' order by id`)
    expect(reversals.map((x) => [x.member_id, x.type, Number(x.amount)])).toEqual([[s.real.id, 3, -200], [s.real2.id, 3, -98_00], [s.virt.id, 3, -180_00]])
    const [row] = await rows(t, 'select status, payout_amount from lottery_issues where id = $1', [s.i.id])
    expect(row).toEqual({ status: 4, payout_amount: 0 })
    expect(await ledgerOk(t.db)).toBe('ok')
    expect((await verifyAudit(t.db)).ok).toBe(true)
  })

  it('is refused (409) naming the members who spent the payout, and nothing moves', async () => {
    const s = await scene()
    await draw(t, s.i.id, [3, 5, 8])
    // real2 won 98 元 on 10 元 and now spends all but 10 元: it would need 88 元 to give the payout back.
    const spend = await available(t, s.real2.id) - 10_00
    await t.db.tx((tx) => import('../../src/server/ledger/ledger').then(({ transfer }) => transfer(tx, {
      key: 'test:spend', product: P, money: 0, from: { kind: 1, owner: s.real2.id }, to: { kind: 11 }, amount: spend, type: 101,
    })))
    const preview = (await t.get('/api/issue/show', token, { id: s.i.id, cancel: 1 })).data.cancel_preview
    expect(preview.short).toEqual([{ member_id: s.real2.id, username: s.real2.username, need: '78.00', balance: '10.00' }])
    const balances = await Promise.all([s.real, s.real2, s.virt].map((m) => available(t, m.id)))
    const r = await t.post('/api/issue/edit', token, { id: s.i.id, status: 4, remark: '结果有误' })
    expect(r.status).toBe(409)
    expect(r.msg).toContain(`以下会员已用掉派彩，余额不足以冲正：${s.real2.username}（需 78.00 元）`)
    expect(await Promise.all([s.real, s.real2, s.virt].map((m) => available(t, m.id)))).toEqual(balances)
    expect(await rows(t, 'select status from lottery_issues where id = $1', [s.i.id])).toEqual([{ status: 3 }])
    expect(await rows(t, `select count(*)::int as n from balance_changes where remark like '%撤单%'`)).toEqual([{ n: 0 }])
    expect(await opRows(t, '/api/issue/edit')).toHaveLength(0)
    expect(await ledgerOk(t.db)).toBe('ok')
  })
})
