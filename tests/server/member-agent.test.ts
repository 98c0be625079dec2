// 代理列表: agents 13 a page with direct and whole-team counts and the team's money for a time range (this month by
// default), the rebate/status/remark edit that leaves the team alone, field checks, menu and product scope, the log.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'
import { credit, freeze, makeAgent, member, P, switchTo } from './member-fixtures'
import { transfer } from '../../src/server/ledger/ledger'
import { KIND, MONEY, TRANSFER } from '../../src/contract/ledger'

const URL = '/api/agent'
let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

const agent = async (username: string, under: number | null = null) => {
  const id = await member(t, username, { agent_id: under })
  await makeAgent(t, id)
  return id
}

/** a → (b → c, d); x → e. Money this month for all of them, and an old recharge of c's. */
async function teams() {
  const a = await agent('agent_a')
  const b = await agent('agent_b', a)
  const c = await member(t, 'member_c', { agent_id: b })
  const d = await member(t, 'member_d', { agent_id: a })
  const x = await agent('agent_x')
  const e = await member(t, 'member_e', { agent_id: x })
  await credit(t, a, 10_000)
  await credit(t, b, 20_000)
  await credit(t, c, 30_000)
  await credit(t, c, 5_000, TRANSFER.walletRecharge)
  await credit(t, c, -4_000, TRANSFER.bet)
  await credit(t, c, 7_000, TRANSFER.payout)
  await credit(t, d, 8_000)
  await freeze(t, d, 3_000)
  await transfer(t.db, { key: `refund:${d}`, product: P, money: MONEY.real, from: { kind: KIND.frozen, owner: d }, to: { kind: KIND.available, owner: d },
    amount: 1_000, type: TRANSFER.withdrawRefund })
  await credit(t, e, 1_234)
  await credit(t, c, 99_900, TRANSFER.recharge, { at: new Date('2020-01-15T12:00:00+08:00') })
  await credit(t, c, -900, TRANSFER.bet, { at: new Date('2020-01-31T23:59:59.500+08:00') })
  return { a, b, c, d, x, e }
}

const zero = { team_recharge: '0.00', team_withdraw: '0.00', team_bet: '0.00', team_win_loss: '0.00' }
const byId = (r: any) => Object.fromEntries(r.data.items.map((i: any) => [i.id, i]))

describe('agents', () => {
  it('lists agents with direct and whole-team counts and the team’s money this month', async () => {
    const { a, b, x } = await teams()
    await t.db.query(`update members set rebate_rate = 2.5, remark = '老代理' where id = $1`, [a])
    const r = await t.get(`${URL}/index`, token)
    expect(r.data).toMatchObject({ total: 3, per_page: 13, current_page: 1 })
    expect(r.data.items.map((i: any) => i.id)).toEqual([x, b, a])
    expect(r.data.items[2]).toEqual({
      id: a, username: 'agent_a', nickname: '', level_name: '普通会员', rebate_rate: '2.50', status: 1, remark: '老代理',
      direct_count: 2, team_count: 4, team_recharge: '730.00', team_withdraw: '20.00', team_bet: '40.00', team_win_loss: '30.00',
    })
    expect(byId(r)[b]).toMatchObject({ direct_count: 1, team_count: 2, team_recharge: '550.00', team_withdraw: '0.00', team_bet: '40.00', team_win_loss: '30.00' })
    expect(byId(r)[x]).toMatchObject({ direct_count: 1, team_count: 2, team_recharge: '12.34', team_withdraw: '0.00', team_bet: '0.00', team_win_loss: '0.00' })
  })

  it('sums the team’s money over a chosen range, either end open', async () => {
    const { a, b, x } = await teams()
    const jan = byId(await t.get(`${URL}/index`, token, { start_time: '2020-01-01', end_time: '2020-01-31' }))
    expect(jan[a]).toMatchObject({ team_count: 4, team_recharge: '999.00', team_bet: '9.00', team_win_loss: '-9.00', team_withdraw: '0.00' })
    expect(jan[b]).toMatchObject({ team_recharge: '999.00', team_bet: '9.00' })
    expect(jan[x]).toMatchObject(zero)
    // The end is inclusive to its last second (23:59:59.5 counts), the start from its first.
    expect(byId(await t.get(`${URL}/index`, token, { start_time: '2020-01-31 23:59:59', end_time: '2020-01-31 23:59:59' }))[a]).toMatchObject({ team_bet: '9.00', team_recharge: '0.00' })
    expect(byId(await t.get(`${URL}/index`, token, { start_time: '2020-01-16', end_time: '2020-01-31 23:59' }))[a]).toMatchObject(zero)
    expect(byId(await t.get(`${URL}/index`, token, { end_time: '2020-12-31' }))[a]).toMatchObject({ team_recharge: '999.00' })
    expect(byId(await t.get(`${URL}/index`, token, { start_time: '2020-01-01' }))[a]).toMatchObject({ team_recharge: '1729.00', team_bet: '49.00' })
    expect(byId(await t.get(`${URL}/index`, token, { start_time: '2021-01-01', end_time: '2021-12-31' }))[a]).toMatchObject({ ...zero, team_count: 4 })
    for (const [q, msg] of [
      [{ start_time: '2020-02-30' }, '开始时间格式不正确'], [{ end_time: '2020/01/01' }, '结束时间格式不正确'],
      [{ start_time: '2020-02-01', end_time: '2020-01-01' }, '开始时间不能晚于结束时间'],
    ] as const) expect((await t.get(`${URL}/index`, token, q)).msg).toBe(msg)
  })

  it('pages 13 at a time and filters by username prefix and status, agents only', async () => {
    const ids: number[] = []
    for (let i = 1; i <= 14; i++) ids.push(await agent(`dl_${String(i).padStart(2, '0')}`))
    await member(t, 'dl_plain')
    await agent('dlxother')
    await t.db.query('update members set status = 0 where id = $1', [ids[0]])
    const first = await t.get(`${URL}/index`, token)
    expect(first.data).toMatchObject({ total: 15, per_page: 13 })
    expect(first.data.items).toHaveLength(13)
    expect((await t.get(`${URL}/index`, token, { page: 2 })).data.items.map((i: any) => i.id)).toEqual([ids[1], ids[0]])
    const prefixed = await t.get(`${URL}/index`, token, { username: 'DL_', per_page: 100 })
    expect(prefixed.data.total).toBe(14)
    expect(prefixed.data.items.map((i: any) => i.id)).toEqual([...ids].reverse())
    expect((await t.get(`${URL}/index`, token, { status: 0 })).data.items.map((i: any) => i.id)).toEqual([ids[0]])
    expect((await t.get(`${URL}/index`, token, { status: 1, username: 'dlx' })).data.total).toBe(1)
  })

  it('edits the rebate, status and remark, logs it, and leaves the team enabled', async () => {
    const { a, b, c, d } = await teams()
    const r = await t.post(`${URL}/edit`, token, { id: a, rebate_rate: '7.5', status: 0, remark: ' 金牌代理 ' })
    expect(r.data).toEqual({ id: a, username: 'agent_a', rebate_rate: '7.50', status: 0, remark: '金牌代理' })
    const [log] = await opRows(t, `${URL}/edit`)
    expect(log).toMatchObject({ action: 'U', target_ids: [String(a)], before: { rebate_rate: '0.00', status: 1, remark: '' },
      after: { rebate_rate: '7.50', status: 0, remark: '金牌代理' } })
    const statuses = (await t.db.query<any>('select id, status from members where id = any($1) order by id', [[b, c, d]])).rows
    expect(statuses.map((s) => s.status)).toEqual([1, 1, 1])
    expect(byId(await t.get(`${URL}/index`, token))[a]).toMatchObject({ status: 0, rebate_rate: '7.50', team_count: 4 })
    // The remark stays when not given; 0 and 10 are the bounds.
    expect((await t.post(`${URL}/edit`, token, { id: a, rebate_rate: 10, status: 1 })).data).toMatchObject({ rebate_rate: '10.00', remark: '金牌代理' })
    expect((await t.post(`${URL}/edit`, token, { id: a, rebate_rate: '0', status: 1 })).data.rebate_rate).toBe('0.00')
  })

  it('refuses a bad rebate, a member who is no agent and another product’s agent, changing nothing', async () => {
    const a = await agent('agent_a')
    const plain = await member(t, 'plain')
    const cases: [Record<string, unknown>, number, string][] = [
      [{ id: a, status: 1 }, 400, '返点不能为空'],
      [{ id: a, rebate_rate: '10.01', status: 1 }, 400, '返点须为 0-10 之间的百分比，最多两位小数'],
      [{ id: a, rebate_rate: '-1', status: 1 }, 400, '返点须为 0-10 之间的百分比，最多两位小数'],
      [{ id: a, rebate_rate: '1.234', status: 1 }, 400, '返点须为 0-10 之间的百分比，最多两位小数'],
      [{ id: a, rebate_rate: 'abc', status: 1 }, 400, '返点须为 0-10 之间的百分比，最多两位小数'],
      [{ id: a, rebate_rate: {}, status: 1 }, 400, '返点格式不正确'],
      [{ id: a, rebate_rate: '5' }, 400, '状态不能为空'],
      [{ id: a, rebate_rate: '5', status: 1, remark: 'x'.repeat(201) }, 400, '备注长度不能超过 200 个字符'],
      [{ rebate_rate: '5', status: 1 }, 400, 'ID不能为空'],
      [{ id: plain, rebate_rate: '5', status: 1 }, 404, '代理不存在'],
      [{ id: 999999, rebate_rate: '5', status: 1 }, 404, '代理不存在'],
    ]
    for (const [body, status, msg] of cases) {
      const r = await t.post(`${URL}/edit`, token, body)
      expect([r.status, r.msg], JSON.stringify(body)).toEqual([status, msg])
    }
    await switchTo(t, token, 'beta')
    expect((await t.post(`${URL}/edit`, token, { id: a, rebate_rate: '5', status: 0 })).status).toBe(404)
    expect((await t.get(`${URL}/index`, token)).data).toMatchObject({ total: 0, items: [] })
    expect((await t.db.query<any>('select rebate_rate::text as r, status from members where id = $1', [a])).rows[0]).toEqual({ r: '0.00', status: 1 })
    expect(await opRows(t, `${URL}/edit`)).toHaveLength(0)
  })

  it('is 403 for admins without the agent menu', async () => {
    const a = await agent('agent_a')
    for (const who of ['kefu', 'caiwu']) {
      const tok = await t.login(who)
      expect((await t.get(`${URL}/index`, tok)).status).toBe(403)
      expect((await t.post(`${URL}/edit`, tok, { id: a, rebate_rate: '5', status: 0 })).status).toBe(403)
    }
    expect(await opRows(t, `${URL}/edit`)).toHaveLength(0)
  })
})
