// 数字钱包: TRC20 (base58check) and ERC20 addresses, shortened in every answer but show (logged as R), one address per
// product, one default per member, withdrawals under review, field checks, menu and product scope, the operation log.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'
import { count, erc20, member, P, switchTo, trc20, withdrawalUnderReview } from './member-fixtures'
import { registerMember } from '../../src/server/member/member-write'
import { validAddress } from '../../src/server/member/payee-rules'

const URL = '/api/wallet'
const T1 = trc20(1)
const T2 = trc20(2)
const E1 = erc20(3)
const short = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`
let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

const defaults = async (memberId: number) =>
  (await t.db.query<any>('select id from member_wallets where member_id = $1 and is_default order by id', [memberId])).rows.map((r) => r.id)
const bind = async (body: Record<string, unknown>) => {
  const r = await t.post(`${URL}/create`, token, { chain: 'TRC20', status: 1, ...body })
  if (r.code !== 200) throw new Error(`${r.status} ${r.msg}`)
  return r.data
}

describe('addresses', () => {
  it('accepts TRC20 base58check addresses (T, 34 characters) and ERC20 0x + 40 hex, nothing else', () => {
    expect(T1).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/)
    for (const a of [T1, T2, trc20(99), 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t']) expect(validAddress('TRC20', a), a).toBe(true)
    const flipped = T1.slice(0, 20) + (T1[20] === 'a' ? 'b' : 'a') + T1.slice(21)
    for (const a of [flipped, T1.slice(0, 33), `${T1}1`, `X${T1.slice(1)}`, `T${'O'.repeat(33)}`, '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', E1, ''])
      expect(validAddress('TRC20', a), a).toBe(false)
    for (const a of [E1, E1.toUpperCase().replace('0X', '0x'), `0x${'a'.repeat(40)}`]) expect(validAddress('ERC20', a), a).toBe(true)
    for (const a of [E1.slice(0, 41), `${E1}0`, `0x${'g'.repeat(40)}`, E1.slice(2), T1, `0X${E1.slice(2)}`]) expect(validAddress('ERC20', a), a).toBe(false)
    expect(validAddress('BTC', T1)).toBe(false)
  })
})

describe('wallets', () => {
  it('binds a wallet shortened in answers and lists, whole in show (logged as R), and logs writes', async () => {
    const m = await member(t, 'walletman')
    const r = await t.post(`${URL}/create`, token, { username: 'WalletMan', chain: 'TRC20', address: ` ${T1} `, label: ' 常用 ', status: 1 })
    expect(r.data).toEqual({
      id: r.data.id, member_id: m, username: 'walletman', chain: 'TRC20', address: short(T1), label: '常用', status: 1, is_default: true,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    })
    expect((await t.get(`${URL}/index`, token)).data).toMatchObject({ total: 1, items: [{ id: r.data.id, address: short(T1) }] })
    expect((await t.get(`${URL}/show`, token, { id: r.data.id })).data).toMatchObject({ id: r.data.id, address: T1 })
    expect((await opRows(t, `${URL}/show`))[0]).toMatchObject({ action: 'R', target_ids: [String(r.data.id)] })
    expect((await opRows(t, `${URL}/create`))[0]).toMatchObject({ action: 'C', target_ids: [String(r.data.id)], after: { address: short(T1), chain: 'TRC20' } })

    const e = await t.post(`${URL}/edit`, token, { id: r.data.id, chain: 'ERC20', address: E1, label: '以太', status: 0 })
    expect(e.data).toMatchObject({ chain: 'ERC20', address: short(E1), label: '以太', status: 0 })
    expect((await opRows(t, `${URL}/edit`))[0]).toMatchObject({ action: 'U', before: { chain: 'TRC20', address: T1 }, after: { chain: 'ERC20', address: short(E1) } })
  })

  it('refuses missing and malformed fields naming the field, writing nothing', async () => {
    const m = await member(t, 'checker')
    const trial = (await registerMember(t.db, P, { username: 'trialwallet', kind: 2 })).id
    const ok = { member_id: m, chain: 'TRC20', address: T1, status: 1 }
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...ok, chain: undefined }, '链类型不能为空', 'chain'],
      [{ ...ok, chain: 'BTC' }, '链类型取值无效', 'chain'],
      [{ ...ok, address: undefined }, '钱包地址不能为空', 'address'],
      [{ ...ok, address: '' }, '钱包地址不能为空', 'address'],
      [{ ...ok, address: T1.slice(0, 33) }, '钱包地址不是有效的 TRC20 地址（T 开头的 34 位地址，校验位正确）', 'address'],
      [{ ...ok, address: T1.slice(0, 20) + (T1[20] === 'a' ? 'b' : 'a') + T1.slice(21) }, '钱包地址不是有效的 TRC20 地址（T 开头的 34 位地址，校验位正确）', 'address'],
      [{ ...ok, address: E1 }, '钱包地址不是有效的 TRC20 地址（T 开头的 34 位地址，校验位正确）', 'address'],
      [{ ...ok, chain: 'ERC20' }, '钱包地址不是有效的 ERC20 地址（0x 加 40 位十六进制）', 'address'],
      [{ ...ok, chain: 'ERC20', address: `0x${'z'.repeat(40)}` }, '钱包地址不是有效的 ERC20 地址（0x 加 40 位十六进制）', 'address'],
      [{ ...ok, label: 'x'.repeat(33) }, '备注名长度不能超过 32 个字符', 'label'],
      [{ ...ok, status: -1 }, '状态不能小于 0', 'status'],
      [{ ...ok, member_id: undefined }, '会员不能为空', 'username'],
      [{ ...ok, member_id: trial }, '会员不存在', 'member_id'],
      [{ ...ok, member_id: undefined, username: 'nobody' }, '会员不存在', 'username'],
    ]
    for (const [body, msg, field] of cases) {
      const r = await t.post(`${URL}/create`, token, body)
      expect([r.status, r.msg, r.data?.field], JSON.stringify(body)).toEqual([400, msg, field])
    }
    expect(await count(t, 'member_wallets')).toBe(0)
    expect(await opRows(t, `${URL}/create`)).toHaveLength(0)
    const w = await bind({ member_id: m, address: T1 })
    expect((await t.post(`${URL}/edit`, token, { id: w.id, chain: 'ERC20', address: T1, status: 1 })).data.field).toBe('address')
    expect(await opRows(t, `${URL}/edit`)).toHaveLength(0)
  })

  it('refuses an address bound twice in the product (409, ERC20 in any letter case), also on edit, but not across products', async () => {
    const a = await member(t, 'wa')
    const b = await member(t, 'wb')
    await bind({ member_id: a, address: T1 })
    const e = await bind({ member_id: a, chain: 'ERC20', address: E1 })
    const w2 = await bind({ member_id: b, address: T2 })
    for (const body of [{ chain: 'TRC20', address: T1 }, { chain: 'ERC20', address: `0x${E1.slice(2).toUpperCase()}` }]) {
      const r = await t.post(`${URL}/create`, token, { member_id: b, status: 1, ...body })
      expect([r.status, r.msg]).toEqual([409, '系统已存在相同数据：该钱包地址已被绑定'])
    }
    const edit = await t.post(`${URL}/edit`, token, { id: w2.id, chain: 'TRC20', address: T1, status: 1 })
    expect([edit.status, edit.msg]).toEqual([409, '系统已存在相同数据：该钱包地址已被绑定'])
    expect(await count(t, 'member_wallets')).toBe(3)
    expect((await t.post(`${URL}/edit`, token, { id: e.id, chain: 'ERC20', address: E1.toLowerCase(), label: '改', status: 1 })).code).toBe(200)
    const beta = await member(t, 'wbeta', {}, 'beta')
    await switchTo(t, token, 'beta')
    expect((await t.post(`${URL}/create`, token, { member_id: beta, chain: 'TRC20', address: T1, status: 1 })).code).toBe(200)
  })

  it('keeps one default wallet per member and filters the list', async () => {
    const m = await member(t, 'wallet_m')
    const o = await member(t, 'walletxo')
    const a = await bind({ member_id: m, address: T1 })
    const b = await bind({ member_id: m, chain: 'ERC20', address: E1, status: 0 })
    const c = await bind({ member_id: o, address: T2 })
    expect([a.is_default, b.is_default, c.is_default]).toEqual([true, false, true])
    const d = await bind({ member_id: m, address: trc20(4), is_default: true })
    expect(await defaults(m)).toEqual([d.id])
    await t.post(`${URL}/edit`, token, { id: b.id, chain: 'ERC20', address: E1, status: 0, is_default: true })
    expect(await defaults(m)).toEqual([b.id])
    await t.post(`${URL}/delete`, token, { ids: [b.id] })
    expect(await defaults(m)).toEqual([d.id])
    expect(await defaults(o)).toEqual([c.id])
    const cases: [Record<string, unknown>, number[]][] = [
      [{}, [d.id, c.id, a.id]], [{ member_id: o }, [c.id]], [{ username: 'WALLET_' }, [d.id, a.id]], [{ chain: 'TRC20', per_page: 2 }, [d.id, c.id]],
      [{ status: 1, page: 2, per_page: 2 }, [a.id]],
    ]
    for (const [q, want] of cases) expect((await t.get(`${URL}/index`, token, q)).data.items.map((w: any) => w.id), JSON.stringify(q)).toEqual(want)
    expect((await t.get(`${URL}/index`, token, { chain: 'BTC' })).msg).toBe('链类型取值无效')
  })

  it('refuses deleting a wallet a withdrawal under review pays to (409) and logs deletes', async () => {
    const m = await member(t, 'payee')
    const busy = await bind({ member_id: m, address: T1 })
    const free = await bind({ member_id: m, chain: 'ERC20', address: E1 })
    await withdrawalUnderReview(t, m, { wallet_id: busy.id })
    const r = await t.post(`${URL}/delete`, token, { ids: [free.id, busy.id] })
    expect([r.status, r.msg]).toEqual([409, `钱包 ${short(T1)} 有审核中的提现，不能删除`])
    expect(await count(t, 'member_wallets')).toBe(2)
    expect(await opRows(t, `${URL}/delete`)).toHaveLength(0)
    expect((await t.post(`${URL}/delete`, token, { ids: [free.id] })).data).toEqual({ ids: [free.id] })
    expect((await opRows(t, `${URL}/delete`))[0]).toMatchObject({ action: 'D', target_ids: [String(free.id)], before: [{ id: free.id, chain: 'ERC20' }] })
    await t.db.query('update withdrawals set status = 1 where wallet_id = $1', [busy.id])
    expect((await t.post(`${URL}/delete`, token, { ids: [busy.id] })).code).toBe(200)
  })

  it('is 403 without the menu and 404 for another product’s wallet', async () => {
    const m = await member(t, 'scoped')
    const w = await bind({ member_id: m, address: T1 })
    expect((await t.get(`${URL}/show`, await t.login('kefu'), { id: w.id })).data.address).toBe(T1)
    const caiwu = await t.login('caiwu')
    const body = { member_id: m, chain: 'TRC20', address: T2, status: 1 }
    expect((await t.get(`${URL}/index`, caiwu)).status).toBe(403)
    expect((await t.get(`${URL}/show`, caiwu, { id: w.id })).status).toBe(403)
    expect((await t.post(`${URL}/create`, caiwu, body)).status).toBe(403)
    expect((await t.post(`${URL}/edit`, caiwu, { ...body, id: w.id })).status).toBe(403)
    expect((await t.post(`${URL}/delete`, caiwu, { ids: [w.id] })).status).toBe(403)
    await switchTo(t, token, 'beta')
    expect((await t.get(`${URL}/show`, token, { id: w.id })).status).toBe(404)
    expect((await t.post(`${URL}/edit`, token, { ...body, id: w.id })).status).toBe(404)
    expect((await t.post(`${URL}/delete`, token, { ids: [w.id] })).status).toBe(404)
    expect((await t.get(`${URL}/index`, token)).data.items).toEqual([])
    expect(await count(t, 'member_wallets where address = $1', [T1])).toBe(1)
  })
})
