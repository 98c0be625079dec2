// Fixtures of the finance, merchant and settings tests: members with money and cards made through the domain
// functions, settings set directly, and readers of the balance changes, transfers and bills a flow wrote.
import { expect } from 'vitest'
import { randomUUID } from 'node:crypto'
import type { TestApp } from './helpers'
import { registerMember } from '../../src/server/member/member-write'
import { bindCard, bindWallet } from '../../src/server/member/payee-store'
import { transfer } from '../../src/server/ledger/ledger'
import { checkLedger } from '../../src/server/ledger/check'
import { KIND, MONEY, TRANSFER } from '../../src/contract/ledger'
import { cardNumber, walletAddress } from '../../src/server/sim/people'
import { rng } from '../../src/server/sim/rng'

export const P = 'alpha'
const r = rng(4242)

export async function member(t: TestApp, username: string, opts: { kind?: 0 | 1 | 2; product?: string; level?: number } = {}): Promise<number> {
  const level = opts.level
    ? (await t.db.query<any>('select id from member_levels where product = $1 and level = $2', [opts.product ?? P, opts.level])).rows[0].id
    : undefined
  return (await registerMember(t.db, opts.product ?? P, { username, kind: opts.kind, real_name: '张三', level_id: level })).id
}

/** Puts money on a member's available balance straight from cash in (test setup). */
export async function fund(t: TestApp, id: number, cents: number, product = P): Promise<void> {
  await t.db.tx((tx) => transfer(tx, {
    key: `test:fund:${randomUUID()}`, product, money: MONEY.real, from: { kind: KIND.cashIn }, to: { kind: KIND.available, owner: id },
    amount: cents, type: TRANSFER.recharge, remark: '测试资金',
  }))
}

export async function card(t: TestApp, id: number, product = P): Promise<number> {
  return bindCard(t.db, product, { member_id: id, holder: '张三', bank_name: '招商银行', card_no: cardNumber(r), status: 1 })
}

export async function wallet(t: TestApp, id: number, product = P): Promise<number> {
  return bindWallet(t.db, product, { member_id: id, chain: 'TRC20', address: walletAddress(r, 'TRC20'), status: 1 })
}

export async function setSetting(t: TestApp, key: string, value: string, product = P): Promise<void> {
  await t.db.query('update settings set value = $3 where product = $1 and key = $2', [product, key, value])
}

export async function balances(t: TestApp, id: number): Promise<{ available: number; frozen: number }> {
  const rows = (await t.db.query<any>('select kind, balance from ledger_accounts where owner_id = $1 and kind in (1, 2) and money = 0', [id])).rows
  const of = (k: number) => Number(rows.find((x) => x.kind === k)?.balance ?? 0)
  return { available: of(1), frozen: of(2) }
}

/** The balance changes of a member, oldest first, as [type, amount, before, after, ref]. */
export async function changesOf(t: TestApp, id: number): Promise<[number, number, number, number, string][]> {
  return (await t.db.query<any>('select type, amount, before, after, ref from balance_changes where member_id = $1 order by id', [id])).rows
    .map((x) => [x.type, Number(x.amount), Number(x.before), Number(x.after), x.ref])
}

/** The transfers naming a ref (an order number), oldest first, as [type, from kind, to kind, amount]. */
export async function transfersOf(t: TestApp, ref: string): Promise<[number, number, number, number][]> {
  return (await t.db.query<any>(
    `select t.type, f.kind as fk, o.kind as tk, t.amount from ledger_transfers t join ledger_accounts f on f.id = t.from_account
       join ledger_accounts o on o.id = t.to_account where t.ref = $1 order by t.id`, [ref])).rows
    .map((x) => [x.type, x.fk, x.tk, Number(x.amount)])
}

export async function expectLedgerOk(t: TestApp): Promise<void> {
  const c = await checkLedger(t.db)
  expect(c.lines.filter((l) => !l.ok)).toEqual([])
}

export const count = async (t: TestApp, sql: string, params: unknown[] = []) =>
  Number((await t.db.query<any>(`select count(*)::int as n from ${sql}`, params)).rows[0].n)

/** Logs in as a second super admin (two-person review needs two different admins). */
export async function secondAdmin(t: TestApp, token: string, username = 'admin2'): Promise<string> {
  const role = (await t.get('/api/sysrole/index', token, { name: '超级管理员' })).data.items[0]
  const r = await t.post('/api/sysadmin/create', token, { username, nickname: username, password: t.encrypt('Second@12345'), role_ids: [role.id], status: 1 })
  if (r.code !== 200) throw new Error(`admin ${username}: ${r.msg}`)
  return t.login(username, 'Second@12345')
}
