// 账务核对 (/api/ledger/check): super admins only, every line ok on a database with real, virtual, trial and quota
// activity, logged as a read, and a broken balance reported rather than passed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'
import { credit, freeze, member, P } from './member-fixtures'
import { registerMember } from '../../src/server/member/member-write'
import { openAccounts, transfer } from '../../src/server/ledger/ledger'
import { KIND, MONEY, TRANSFER } from '../../src/contract/ledger'

const URL = '/api/ledger/check'
let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

async function activity() {
  const a = await member(t, 'payer')
  const b = await member(t, 'gamer', {}, 'beta')
  await credit(t, a, 50_000)
  await credit(t, a, -1_500, TRANSFER.bet)
  await freeze(t, a, 2_000)
  await credit(t, b, 7_000, TRANSFER.recharge, { product: 'beta' })
  await registerMember(t.db, P, { username: 'trialguy', kind: 2 })
  expect((await t.post('/api/tuohao/create', token, { username: 'virtual1', status: 1, balance: '300' })).code).toBe(200)
  const m = (await t.db.query<{ id: number }>(`insert into merchants (product, code, name) values ($1, 'M1', '商户一') returning id`, [P])).rows[0].id
  await openAccounts(t.db, P, MONEY.quota, m, [KIND.quota])
  await transfer(t.db, { key: `quota:${m}`, product: P, money: MONEY.quota, from: { kind: KIND.platformQuota }, to: { kind: KIND.quota, owner: m },
    amount: 100_000, type: TRANSFER.quotaAdd })
  return { a }
}

describe('ledger check', () => {
  it('answers every line ok for a super admin on a database with activity, and logs the read', async () => {
    await activity()
    const r = await t.get(URL, token)
    expect(r.status).toBe(200)
    expect(r.data.ok).toBe(true)
    expect(r.data.ms).toEqual(expect.any(Number))
    expect(r.data.lines.map((l: any) => l.name)).toEqual([
      '资金守恒（每个产品、每类资金合计为零）', '余额等于流水（每个账户的余额 = 转入 − 转出）', '账变记录前后余额连续', '商户额度记录前后额度连续',
      '资金隔离（真实、虚拟、试玩、额度互不相混）',
    ])
    for (const l of r.data.lines) expect(l, l.name).toMatchObject({ ok: true, detail: '', checked: expect.any(Number) })
    expect(r.data.lines.every((l: any) => l.checked > 0)).toBe(true)
    const [log] = await opRows(t, URL)
    expect(log).toMatchObject({ action: 'R', admin_name: 'admin' })
  })

  it('reports a balance that differs from its history', async () => {
    const { a } = await activity()
    await t.db.query('update ledger_accounts set balance = balance + 1 where owner_id = $1 and kind = 1', [a])
    const r = await t.get(URL, token)
    expect(r.data.ok).toBe(false)
    const broken = r.data.lines.filter((l: any) => !l.ok).map((l: any) => l.name)
    expect(broken).toContain('余额等于流水（每个账户的余额 = 转入 − 转出）')
    expect(broken).toContain('账变记录前后余额连续')
  })

  it('reports a transfer whose account does not exist', async () => {
    const { a } = await activity()
    const from = (await t.db.query<{ id: number }>('select id from ledger_accounts where owner_id = $1 and kind = 1', [a])).rows[0].id
    // Written past the ledger functions, as only a direct write could: the transfers keep their accounts without foreign keys.
    const bad = (await t.db.query<{ id: number }>(`insert into ledger_transfers (product, money, key, from_account, to_account, amount, type, chain, chain_seq, chain_hash)
      values ($1, 0, 'forged:1', $2, 999999999, 5, 2, 'forged', 1, '\\x00') returning id`, [P, from])).rows[0].id
    const r = await t.get(URL, token)
    expect(r.data.ok).toBe(false)
    const line = r.data.lines.find((l: any) => l.name === '资金隔离（真实、虚拟、试玩、额度互不相混）')
    expect(line).toMatchObject({ ok: false, detail: `转账 ${bad} 的转出或转入账户不存在` })
  })

  it('reports a transfer whose account is not marked as moved (which is what keeps it from being deleted)', async () => {
    const { a } = await activity()
    const acc = (await t.db.query<{ id: number; moved: boolean }>('select id, moved from ledger_accounts where owner_id = $1 and kind = 1', [a])).rows[0]
    expect(acc.moved).toBe(true)
    const first = (await t.db.query<{ id: number }>('select min(id) as id from ledger_transfers where from_account = $1 or to_account = $1', [acc.id])).rows[0].id
    await t.db.query('update ledger_accounts set moved = false where id = $1', [acc.id])
    const r = await t.get(URL, token)
    expect(r.data.ok).toBe(false)
    const line = r.data.lines.find((l: any) => l.name === '资金隔离（真实、虚拟、试玩、额度互不相混）')
    expect(line.ok).toBe(false)
    expect(line.detail).toContain(`转账 ${first} 的账户未标记为有转账（可被删除）`)
  })

  it('reports an account whose transfers have no 账变 records', async () => {
    const { a } = await activity()
    const acc = (await t.db.query<{ id: number }>('select id from ledger_accounts where owner_id = $1 and kind = 1', [a])).rows[0].id
    const pool = (await t.db.query<{ id: number }>('select id from ledger_accounts where product = $1 and money = 0 and kind = $2', [P, KIND.gaming])).rows[0].id
    // Two movements that cancel out, written past the ledger functions: the balance still equals the history, but neither has its 账变.
    await t.db.query(`insert into ledger_transfers (product, money, key, from_account, to_account, amount, type, chain, chain_seq, chain_hash)
      values ($1, 0, 'forged:out', $2, $3, 5, 1, 'forged', 1, '\\x00'), ($1, 0, 'forged:back', $3, $2, 5, 3, 'forged', 2, '\\x00')`, [P, acc, pool])
    const r = await t.get(URL, token)
    expect(r.data.ok).toBe(false)
    const byName = Object.fromEntries(r.data.lines.map((l: any) => [l.name, l]))
    expect(byName['余额等于流水（每个账户的余额 = 转入 − 转出）'].ok).toBe(true)
    expect(byName['账变记录前后余额连续']).toMatchObject({ ok: false, detail: `账户 ${acc} 的记录条数与转账笔数不符` })
  })

  it('is for super admins only (403 otherwise)', async () => {
    for (const who of ['kefu', 'caiwu', 'alpha_admin']) {
      const r = await t.get(URL, await t.login(who))
      expect([r.status, r.msg], who).toEqual([403, '账务核对仅限超级管理员'])
    }
    expect((await t.get(URL)).status).toBe(401)
    expect(await opRows(t, URL)).toHaveLength(0)
  })
})
