// 虚拟账号: play-money accounts labelled virtual, their balances set only by recorded transfers from and to the virtual
// pool, kept out of real members' figures; field checks, 409s, menu and product scoping and the operation log.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'
import { count, member, P, switchTo } from './member-fixtures'
import { checkLedger } from '../../src/server/ledger/check'
import { registerMember } from '../../src/server/member/member-write'
import { KIND, MONEY } from '../../src/contract/ledger'

const URL = '/api/tuohao'
let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

const changes = async (id: number) =>
  (await t.db.query<any>('select type, amount, before, after, money from balance_changes where member_id = $1 order by id', [id])).rows
const legs = async (id: number) => (await t.db.query<any>(
  `select t.type, t.amount, t.money, f.kind as from_kind, o.kind as to_kind, t.admin from ledger_transfers t
     join ledger_accounts f on f.id = t.from_account join ledger_accounts o on o.id = t.to_account
    where f.owner_id = $1 or o.owner_id = $1 order by t.id`, [id])).rows
const ledgerOk = async () => {
  const r = await checkLedger(t.db)
  expect(r.lines.filter((l) => !l.ok)).toEqual([])
}

describe('virtual accounts', () => {
  it('creates one with an opening balance moved from the virtual pool, labelled 虚拟 and logged', async () => {
    const r = await t.post(`${URL}/create`, token, { username: 'vip_room1', nickname: ' 阿强 ', avatar: 'a/1.png', status: 1, remark: '房间一', balance: '1000.50' })
    expect(r.code).toBe(200)
    expect(r.data).toMatchObject({
      username: 'vip_room1', nickname: '阿强', avatar: 'a/1.png', level_name: '普通会员', status: 1, balance: '1000.50', remark: '房间一', is_virtual: true,
    })
    expect(r.data.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    const id = r.data.id
    expect(await legs(id)).toEqual([{ type: 103, amount: 100050, money: MONEY.virtual, from_kind: KIND.virtualPool, to_kind: KIND.available, admin: 'admin' }])
    expect(await changes(id)).toEqual([{ type: 103, amount: 100050, before: 0, after: 100050, money: MONEY.virtual }])
    const [log] = await opRows(t, `${URL}/create`)
    expect(log).toMatchObject({ action: 'C', target_ids: [String(id)], after: { username: 'vip_room1', balance: '1000.50', is_virtual: true } })
    // Without a balance nothing moves.
    const bare = (await t.post(`${URL}/create`, token, { username: 'vip_room2', status: 1 })).data
    expect(bare).toMatchObject({ balance: '0.00', is_virtual: true })
    expect(await legs(bare.id)).toEqual([])
    await ledgerOk()
  })

  it('sets a new balance by a transfer to or from the pool with a balance change, never by writing the number', async () => {
    const id = (await t.post(`${URL}/create`, token, { username: 'vroom', status: 1, balance: '1000.50' })).data.id
    const down = await t.post(`${URL}/edit`, token, { id, username: 'vroom', nickname: '新名', avatar: 'b/2.png', status: 0, balance: '300' })
    expect(down.data).toMatchObject({ id, nickname: '新名', avatar: 'b/2.png', status: 0, balance: '300.00', is_virtual: true })
    const up = await t.post(`${URL}/edit`, token, { id, username: 'vroom', status: 1, balance: 5000.01 })
    expect(up.data.balance).toBe('5000.01')
    // The same balance, or none given, moves nothing; the nickname and avatar stay.
    expect((await t.post(`${URL}/edit`, token, { id, username: 'vroom', status: 1, balance: '5000.01' })).data).toMatchObject({ nickname: '新名', avatar: 'b/2.png' })
    expect((await t.post(`${URL}/edit`, token, { id, username: 'vroom', status: 1, balance: '' })).data.balance).toBe('5000.01')
    const zero = await t.post(`${URL}/edit`, token, { id, username: 'vroom', status: 1, balance: '0' })
    expect(zero.data.balance).toBe('0.00')
    expect((await legs(id)).map((l) => [l.type, l.amount, l.from_kind, l.to_kind])).toEqual([
      [103, 100050, KIND.virtualPool, KIND.available], [103, 70050, KIND.available, KIND.virtualPool],
      [103, 470001, KIND.virtualPool, KIND.available], [103, 500001, KIND.available, KIND.virtualPool],
    ])
    expect((await changes(id)).map((c) => [c.amount, c.before, c.after])).toEqual([
      [100050, 0, 100050], [-70050, 100050, 30000], [470001, 30000, 500001], [-500001, 500001, 0],
    ])
    const logs = await opRows(t, `${URL}/edit`)
    expect(logs).toHaveLength(5)
    expect(logs[4]).toMatchObject({ action: 'U', target_ids: [String(id)], before: { balance: '1000.50', status: 1 }, after: { balance: '300.00', status: 0 } })
    await ledgerOk()
  })

  it('lists only virtual accounts with their balance sum, which stays out of real members’ figures', async () => {
    await t.post(`${URL}/create`, token, { username: 'v_a1', status: 1, balance: '10' })
    await t.post(`${URL}/create`, token, { username: 'vxa2', status: 0, balance: '20.25' })
    await t.post(`${URL}/create`, token, { username: 'other', status: 1, balance: '1' })
    await member(t, 'v_real')
    await registerMember(t.db, P, { username: 'v_trial', kind: 2 })
    const all = await t.get(`${URL}/index`, token)
    expect(all.data).toMatchObject({ total: 3, per_page: 15, current_page: 1, balance_stat: { balance: '31.25' }, img_url: expect.any(String) })
    expect(all.data.items.map((v: any) => v.username)).toEqual(['other', 'vxa2', 'v_a1'])
    expect(all.data.items.every((v: any) => v.is_virtual === true)).toBe(true)
    expect((await t.get(`${URL}/index`, token, { username: 'V_' })).data).toMatchObject({ total: 1, balance_stat: { balance: '10.00' } })
    expect((await t.get(`${URL}/index`, token, { username: 'v', status: 0 })).data.items.map((v: any) => v.username)).toEqual(['vxa2'])
    expect((await t.get(`${URL}/index`, token, { per_page: 1, page: 2 })).data.items.map((v: any) => v.username)).toEqual(['vxa2'])
    const members = (await t.get('/api/member/index', token)).data
    expect(members).toMatchObject({ total: 1, balance_stat: { balance: '0.00' } })
    expect((await t.get('/api/member/index', token, { username: 'v' })).data).toMatchObject({ total: 1, balance_stat: { balance: '0.00' } })
  })

  it('refuses missing and malformed fields and a taken username, writing nothing', async () => {
    await member(t, 'RealOne')
    const cases: [Record<string, unknown>, number, string][] = [
      [{ status: 1 }, 400, '用户名不能为空'],
      [{ username: 'ab', status: 1 }, 400, '用户名长度不能少于 4 个字符'],
      [{ username: 'a b c', status: 1 }, 400, '用户名格式不正确'],
      [{ username: 'vfine' }, 400, '状态不能为空'],
      [{ username: 'vfine', status: 1, balance: 'abc' }, 400, '初始余额格式不正确，最多两位小数'],
      [{ username: 'vfine', status: 1, balance: '1.001' }, 400, '初始余额格式不正确，最多两位小数'],
      [{ username: 'vfine', status: 1, balance: '-5' }, 400, '初始余额不能为负数'],
      [{ username: 'vfine', status: 1, balance: { a: 1 } }, 400, '初始余额格式不正确'],
      [{ username: 'vfine', status: 1, level_id: 999999 }, 400, '会员等级不存在'],
      [{ username: 'vfine', status: 1, avatar: 'x'.repeat(201) }, 400, '头像长度不能超过 200 个字符'],
      [{ username: 'realone', status: 1, balance: '5' }, 409, '用户名 realone 已存在'],
      // A malformed balance is reported before the name clash.
      [{ username: 'realone', status: 1, balance: 'x' }, 400, '初始余额格式不正确'],
    ]
    for (const [body, status, msg] of cases) {
      const r = await t.post(`${URL}/create`, token, body)
      expect([r.status, r.msg], JSON.stringify(body)).toEqual([status, expect.stringContaining(msg)])
    }
    expect(await count(t, 'members where kind = 1')).toBe(0)
    expect(await count(t, 'ledger_transfers')).toBe(0)
    expect(await opRows(t, `${URL}/create`)).toHaveLength(0)
    const id = (await t.post(`${URL}/create`, token, { username: 'vfine', status: 1, balance: '8' })).data.id
    const bad = await t.post(`${URL}/edit`, token, { id, username: 'vfine', status: 1, balance: '-1' })
    expect([bad.status, bad.msg]).toEqual([400, '余额不能为负数'])
    expect((await t.post(`${URL}/edit`, token, { id, username: 'RealOne', status: 1 })).status).toBe(409)
    expect(await count(t, 'ledger_transfers')).toBe(1)
    expect(await opRows(t, `${URL}/edit`)).toHaveLength(0)
  })

  it('deletes only accounts without money history (409 otherwise) and logs it', async () => {
    const rich = (await t.post(`${URL}/create`, token, { username: 'vrich', status: 1, balance: '5' })).data.id
    const emptied = (await t.post(`${URL}/create`, token, { username: 'vempty', status: 1, balance: '5' })).data.id
    await t.post(`${URL}/edit`, token, { id: emptied, username: 'vempty', status: 1, balance: '0' })
    const fresh = (await t.post(`${URL}/create`, token, { username: 'vfresh', status: 1 })).data.id
    for (const [id, name] of [[rich, 'vrich'], [emptied, 'vempty']] as const) {
      const r = await t.post(`${URL}/delete`, token, { ids: [fresh, id] })
      expect([r.status, r.msg]).toEqual([409, `${name} 有资金记录或余额，不能删除，请改为禁用`])
    }
    expect(await count(t, 'members where kind = 1')).toBe(3)
    expect((await t.post(`${URL}/delete`, token, { ids: [fresh] })).data).toEqual({ ids: [fresh] })
    expect(await count(t, 'members where id = $1', [fresh])).toBe(0)
    const [log] = await opRows(t, `${URL}/delete`)
    expect(log).toMatchObject({ action: 'D', target_ids: [String(fresh)], before: [{ id: fresh, username: 'vfresh' }] })
    await ledgerOk()
  })

  it('is 403 without the menu and 404 for another product’s or a real member’s id', async () => {
    const id = (await t.post(`${URL}/create`, token, { username: 'vscope', status: 1, balance: '1' })).data.id
    const real = await member(t, 'realguy')
    expect((await t.get(`${URL}/index`, await t.login('kefu'))).code).toBe(200)
    const caiwu = await t.login('caiwu')
    expect((await t.get(`${URL}/index`, caiwu)).status).toBe(403)
    expect((await t.get(`${URL}/show`, caiwu, { id })).status).toBe(403)
    expect((await t.post(`${URL}/create`, caiwu, { username: 'vnope', status: 1 })).status).toBe(403)
    expect((await t.post(`${URL}/edit`, caiwu, { id, username: 'vscope', status: 1, balance: '99' })).status).toBe(403)
    expect((await t.post(`${URL}/delete`, caiwu, { ids: [id] })).status).toBe(403)
    expect((await t.get(`${URL}/show`, token, { id })).data).toMatchObject({ id, username: 'vscope', balance: '1.00', is_virtual: true })
    for (const other of [real, 999999]) {
      expect((await t.get(`${URL}/show`, token, { id: other })).status).toBe(404)
      expect((await t.post(`${URL}/edit`, token, { id: other, username: 'realguy', status: 1, balance: '50' })).status).toBe(404)
      expect((await t.post(`${URL}/delete`, token, { ids: [other] })).status).toBe(404)
    }
    await switchTo(t, token, 'beta')
    expect((await t.get(`${URL}/show`, token, { id })).status).toBe(404)
    expect((await t.post(`${URL}/edit`, token, { id, username: 'vscope', status: 1, balance: '99' })).status).toBe(404)
    expect((await t.post(`${URL}/delete`, token, { ids: [id] })).status).toBe(404)
    expect((await t.get(`${URL}/index`, token)).data.items).toEqual([])
    expect(await count(t, 'ledger_transfers')).toBe(1)
  })
})
