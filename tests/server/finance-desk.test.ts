// The withdrawal review desk's claims and decisions: a claim lasts withdraw_claim_minutes and shows on the row, another
// admin's live claim is a 409 naming them (claim, release, decision), it lapses by itself, a super admin takes it over
// with force (logged); a decision ends it; exactly one of two admins claiming at once wins. Rejections carry a reason
// code of withdraw_reject_reasons and may freeze the member's withdrawals, undone by member edit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'
import { setSetting } from './finance-fixtures'
import { ask, claim, claimOf, decide, financeAdmin, lapse, noDailyLimits, payer, release } from './desk-fixtures'

let t: TestApp
let su: string
let caiwu: string
let caiwu2: string
let kefu: string
beforeAll(async () => {
  t = await makeApp()
  su = await t.login()
  caiwu = await t.login('caiwu')
  caiwu2 = await financeAdmin(t, su, 'caiwu2')
  kefu = await t.login('kefu')
  await noDailyLimits(t)
})
afterAll(async () => { await t.close() })

const row = async (id: number) => (await t.get('/api/withdraw/index', su, { order_no: (await t.db.query<any>('select order_no from withdrawals where id = $1', [id])).rows[0].order_no })).data.items[0]

describe('claims', () => {
  it('claims for withdraw_claim_minutes (answer and row show it), 409 naming the holder for others, re-claiming extends, release gives it back; logged', async () => {
    await setSetting(t, 'withdraw_claim_minutes', '15')
    const w = await ask(t, await payer(t, 'desk_claim'), 10_000)
    const mine = await claim(t, caiwu, w.id)
    expect(mine.data).toMatchObject({ id: w.id, claimed_by: 'caiwu', status: 3 })
    expect((await claimOf(t, w.id)).left).toBeGreaterThan(14 * 60)
    expect((await claimOf(t, w.id)).left).toBeLessThanOrEqual(15 * 60)
    expect(await row(w.id)).toMatchObject({ claimed_by: 'caiwu', claim_expires_at: mine.data.claim_expires_at })
    for (const r of [await claim(t, caiwu2, w.id), await decide(t, caiwu2, { id: w.id, status: 1 }), await release(t, caiwu2, w.id)]) {
      expect([r.status, r.msg]).toEqual([409, expect.stringContaining('已被 caiwu 认领')])
    }
    await t.db.query(`update withdrawals set claim_expires_at = now() + interval '1 minute' where id = $1`, [w.id])
    expect((await claim(t, caiwu, w.id)).status).toBe(200)
    expect((await claimOf(t, w.id)).left).toBeGreaterThan(14 * 60)
    const back = await release(t, caiwu, w.id)
    expect(back.data).toMatchObject({ claimed_by: '', claim_expires_at: null })
    expect((await release(t, caiwu, w.id))).toMatchObject({ status: 409, msg: '该提现没有人认领' })
    const claims = await opRows(t, '/api/withdraw/claim')
    expect(claims.map((l) => [l.admin_name, l.action, l.before.claimed_by, l.after.claimed_by, l.target_ids])).toEqual([
      ['caiwu', 'U', 'caiwu', 'caiwu', [String(w.id)]], ['caiwu', 'U', '', 'caiwu', [String(w.id)]],
    ])
    const [rel] = await opRows(t, '/api/withdraw/release')
    expect([rel.action, rel.before.claimed_by, rel.after.claimed_by]).toEqual(['U', 'caiwu', ''])
  })

  it('lapses by itself: an expired claim shows as none and another admin may claim; deciding needs no claim and ends one', async () => {
    const id = await payer(t, 'desk_lapse')
    const w = await ask(t, id, 10_000)
    await claim(t, caiwu, w.id)
    await lapse(t, w.id)
    expect(await row(w.id)).toMatchObject({ claimed_by: '', claim_expires_at: null })
    expect((await claim(t, caiwu2, w.id)).data.claimed_by).toBe('caiwu2')
    expect((await decide(t, caiwu2, { id: w.id, status: 1 })).data).toMatchObject({ status: 1, claimed_by: '', claim_expires_at: null })
    expect(await claimOf(t, w.id)).toEqual({ claimed_by: '', left: null })
    const unclaimed = await ask(t, id, 10_000)
    expect((await decide(t, caiwu, { id: unclaimed.id, status: 2, remark: '信息不符' })).data.status).toBe(2)
    expect(await claim(t, caiwu, unclaimed.id)).toMatchObject({ status: 409, msg: '该提现已处理，不能认领' })
  })

  it('a super admin takes a claim over with force (logged with the previous holder); nobody else may; it may release anyone’s', async () => {
    const id = await payer(t, 'desk_force')
    const w = await ask(t, id, 10_000)
    await claim(t, caiwu, w.id)
    expect(await claim(t, su, w.id)).toMatchObject({ status: 409, msg: '已被 caiwu 认领' })
    expect((await claim(t, caiwu2, w.id, true)).status).toBe(403)
    expect((await claim(t, su, w.id, true)).data.claimed_by).toBe('admin')
    const [took] = await opRows(t, '/api/withdraw/claim')
    expect([took.before.claimed_by, took.after.claimed_by, took.after.taken_over_from]).toEqual(['caiwu', 'admin', 'caiwu'])
    expect(await claim(t, caiwu, w.id)).toMatchObject({ status: 409, msg: '已被 admin 认领' })
    const w2 = await ask(t, id, 10_000)
    await claim(t, caiwu2, w2.id)
    expect(await decide(t, su, { id: w2.id, status: 2, remark: '核实驳回' })).toMatchObject({ status: 409, msg: '已被 caiwu2 认领' })
    expect((await decide(t, caiwu, { id: w2.id, status: 2, remark: '核实驳回', force: true })).status).toBe(403)
    expect((await decide(t, su, { id: w2.id, status: 2, remark: '核实驳回', force: true })).data).toMatchObject({ status: 2, claimed_by: '' })
    const [decided] = await opRows(t, '/api/withdraw/edit')
    expect([decided.before.claimed_by, decided.after.taken_over_from, decided.after.status]).toEqual(['caiwu2', 'caiwu2', 2])
    const w3 = await ask(t, id, 10_000)
    await claim(t, caiwu, w3.id)
    expect((await release(t, su, w3.id)).data.claimed_by).toBe('')
  })

  it('refuses malformed input (400), an admin without the withdrawal menu (403) and another product’s id (404), logging nothing', async () => {
    const w = await ask(t, await payer(t, 'desk_refuse'), 10_000)
    const logged = async () => (await opRows(t, '/api/withdraw/claim')).length + (await opRows(t, '/api/withdraw/release')).length
    const before = await logged()
    for (const body of [{}, { id: 'x' }, { id: w.id, force: 'yes' }, { id: w.id, extra: 1 }]) {
      expect((await t.post('/api/withdraw/claim', caiwu, body)).status, JSON.stringify(body)).toBe(400)
    }
    expect((await t.post('/api/withdraw/claim', caiwu, {})).data).toMatchObject({ field: 'id' })
    expect((await t.post('/api/withdraw/release', caiwu, { id: 0 })).status).toBe(400)
    expect((await claim(t, kefu, w.id)).status).toBe(403)
    expect((await release(t, kefu, w.id)).status).toBe(403)
    await t.post('/api/product/switch', su, { pro: 'beta' })
    expect((await claim(t, su, w.id)).status).toBe(404)
    expect((await release(t, su, w.id)).status).toBe(404)
    await t.post('/api/product/switch', su, { pro: 'alpha' })
    expect(await logged()).toBe(before)
    expect(await claimOf(t, w.id)).toEqual({ claimed_by: '', left: null })
  })

  const ROUNDS = process.env.TEST_DB_KIND === 'pg' ? 50 : 5
  it(`two admins claiming at once, ${ROUNDS} rounds: exactly one wins, the other is told who`, async () => {
    const w = await ask(t, await payer(t, 'desk_race'), 10_000)
    const wins = { caiwu: 0, caiwu2: 0 }
    for (let i = 0; i < ROUNDS; i++) {
      const [a, b] = await Promise.all([claim(t, caiwu, w.id), claim(t, caiwu2, w.id)])
      expect([a.status, b.status].sort(), `round ${i}`).toEqual([200, 409])
      const winner = a.status === 200 ? 'caiwu' : 'caiwu2'
      expect((a.status === 409 ? a : b).msg).toBe(`已被 ${winner} 认领`)
      expect((await claimOf(t, w.id)).claimed_by).toBe(winner)
      wins[winner]++
      await lapse(t, w.id)
    }
    expect(wins.caiwu + wins.caiwu2).toBe(ROUNDS)
  }, 300_000)
})

describe('decisions', () => {
  it('a rejection keeps its reason code (one of withdraw_reject_reasons); an unknown code, or a code or freeze with an approval, is a 400', async () => {
    const id = await payer(t, 'desk_reason')
    const w = await ask(t, id, 10_000)
    const cases: [Record<string, unknown>, string][] = [
      [{ id: w.id, status: 2, remark: '驳回', reason_code: 'no_such' }, 'reason_code'],
      [{ id: w.id, status: 2, remark: '驳回', reason_code: 'Bad-Code' }, 'reason_code'],
      [{ id: w.id, status: 1, reason_code: 'arbitrage' }, 'reason_code'],
      [{ id: w.id, status: 1, freeze: true }, 'freeze'],
      [{ id: w.id, status: 2, remark: '驳回', freeze: 'yes' }, 'freeze'],
    ]
    for (const [body, field] of cases) expect((await decide(t, caiwu, body)).data, JSON.stringify(body)).toMatchObject({ field })
    expect((await decide(t, caiwu, { id: w.id, status: 2, remark: '流水异常', reason_code: 'arbitrage' })).data).toMatchObject({ status: 2, reason_code: 'arbitrage' })
    expect((await row(w.id)).reason_code).toBe('arbitrage')
    const [log] = await opRows(t, '/api/withdraw/edit')
    expect(log.after).toMatchObject({ reason_code: 'arbitrage', status: 2 })
    expect(log.after.member_withdraw_blocked).toBeUndefined()
  })

  it('a rejection with freeze blocks the member’s withdrawals (logged); the next request is refused until member edit lets it again', async () => {
    const id = await payer(t, 'desk_freeze')
    const w = await ask(t, id, 10_000)
    expect((await decide(t, caiwu, { id: w.id, status: 2, remark: '套利', reason_code: 'arbitrage', freeze: true })).code).toBe(200)
    const [log] = await opRows(t, '/api/withdraw/edit')
    expect(log.after).toMatchObject({ member_withdraw_blocked: true, reason_code: 'arbitrage' })
    await expect(ask(t, id, 10_000)).rejects.toMatchObject({ code: 409, message: '该会员的提现已被冻结，不能提现' })
    expect((await t.get('/api/member/index', su, { username: 'desk_freeze' })).data.items[0].withdraw_blocked).toBe(true)
    expect((await t.get('/api/member/show', su, { id })).data.withdraw_blocked).toBe(true)
    expect(await t.post('/api/member/edit', kefu, { id })).toMatchObject({ status: 400, msg: '用户名不能为空' })
    expect(await t.post('/api/member/edit', kefu, { id, withdraw_blocked: false, nickname: 'x' })).toMatchObject({ status: 400, msg: '用户名不能为空' })
    const undo = await t.post('/api/member/edit', kefu, { id, withdraw_blocked: false })
    expect(undo.data).toMatchObject({ id, username: 'desk_freeze', status: 1, withdraw_blocked: false })
    const [edit] = await opRows(t, '/api/member/edit')
    expect([edit.before.withdraw_blocked, edit.after.withdraw_blocked]).toEqual([true, false])
    expect((await ask(t, id, 10_000)).id).toBeGreaterThan(w.id)
  })
})
