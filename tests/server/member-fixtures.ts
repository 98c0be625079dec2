// What the member-area tests share: members and money made through the domain functions, valid card numbers and
// wallet addresses, a withdrawal under review, an admin without member menus, and quick counts.
import type { TestApp } from './helpers'
import { TEST_PASSWORD } from './helpers'
import { registerMember, type RegisterInput } from '../../src/server/member/member-write'
import { legOf, transfer } from '../../src/server/ledger/ledger'
import { hashPassword } from '../../src/server/auth/password'
import { walletAddress } from '../../src/server/sim/people'
import { rng } from '../../src/server/sim/rng'
import { KIND, MONEY, TRANSFER } from '../../src/contract/ledger'

export const P = 'alpha'

/** A real member registered as the member site would (no password hashing: fast). */
export async function member(t: TestApp, username: string, more: Partial<RegisterInput> = {}, product = P): Promise<number> {
  return (await registerMember(t.db, product, { username, ...more })).id
}

/** Makes a member an agent (directly: the route for it is under test elsewhere). */
export async function makeAgent(t: TestApp, id: number): Promise<void> {
  await t.db.query('update members set is_agent = true where id = $1', [id])
}

let keys = 0
/** Moves real money into (amount > 0) or out of (amount < 0) a member's available balance, as a recharge or bet would. */
export async function credit(t: TestApp, id: number, cents: number, type: number = TRANSFER.recharge, opts: { at?: Date; product?: string } = {}) {
  const product = opts.product ?? P
  const house = type === TRANSFER.recharge || type === TRANSFER.walletRecharge ? KIND.cashIn : type === TRANSFER.gift ? KIND.promotions : KIND.gaming
  const me = { kind: KIND.available, owner: id } as const
  return transfer(t.db, {
    key: `test:${id}:${++keys}:${Date.now()}`, product, money: MONEY.real,
    from: cents > 0 ? { kind: house } : me, to: cents > 0 ? me : { kind: house }, amount: Math.abs(cents), type, at: opts.at,
  })
}

/** Available → frozen, as a withdrawal request does (type 4). */
export async function freeze(t: TestApp, id: number, cents: number) {
  return transfer(t.db, {
    key: `test:freeze:${id}:${++keys}`, product: P, money: MONEY.real, from: { kind: KIND.available, owner: id },
    to: { kind: KIND.frozen, owner: id }, amount: cents, type: TRANSFER.withdraw,
  })
}

/** Moves `cents` of the member's balance into its interest account (转入余额宝). */
export async function invest(t: TestApp, id: number, cents: number) {
  return transfer(t.db, { key: `test:invest:${id}:${++keys}`, product: P, money: MONEY.real, amount: cents, ...legOf('investIn7', id) })
}

/** A card number of `len` digits with a valid Luhn check digit. */
export function cardNo(body: string, len = 16): string {
  let digits = body
  while (digits.length < len - 1) digits += String((digits.length * 7) % 10)
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 0) { d *= 2; if (d > 9) d -= 9 }
    sum += d
  }
  return digits + String((10 - (sum % 10)) % 10)
}

export const trc20 = (seed: number) => walletAddress(rng(seed), 'TRC20')
export const erc20 = (seed: number) => walletAddress(rng(seed), 'ERC20')

/** A withdrawal under review (status 3) paying to a card or a wallet, inserted as the finance area would leave it. */
export async function withdrawalUnderReview(t: TestApp, memberId: number, to: { card_id?: number; wallet_id?: number }, status = 3) {
  await t.db.query(
    `insert into withdrawals (product, order_no, member_id, amount, pay_method, card_id, wallet_id, status)
     values ($1, $2, $3, 10000, $4, $5, $6, $7)`,
    [P, `W${Date.now()}${++keys}`, memberId, to.card_id ? 1 : 2, to.card_id ?? null, to.wallet_id ?? null, status])
}

/** An admin whose only menu is the home page (no member screen, no money form): every member call is 403. */
export async function homeOnlyToken(t: TestApp): Promise<string> {
  const role = (await t.db.query<{ id: number }>(`insert into roles (name, remark) values ('只看首页', '') returning id`)).rows[0].id
  await t.db.query(`insert into role_menus (role_id, menu_id) select $1, id from menus where web_uri = '/layout/home'`, [role])
  const admin = (await t.db.query<{ id: number }>(
    `insert into admins (username, nickname, password_hash) values ('shouye', '首页', $1) returning id`, [await hashPassword(TEST_PASSWORD)])).rows[0].id
  await t.db.query('insert into admin_roles (admin_id, role_id) values ($1, $2)', [admin, role])
  return t.login('shouye')
}

export async function switchTo(t: TestApp, token: string, pro: string): Promise<void> {
  const r = await t.post('/api/product/switch', token, { pro })
  if (r.code !== 200) throw new Error(`switch to ${pro}: ${r.status} ${r.msg}`)
}

export async function count(t: TestApp, sql: string, params: unknown[] = []): Promise<number> {
  return (await t.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params)).rows[0].n
}

/** The operation log rows of a path (newest first) as JSON text, to look for what must never be there. */
export async function logText(t: TestApp, path: string): Promise<string> {
  return JSON.stringify((await t.db.query('select before, after, target_ids from operation_logs where path = $1', [path])).rows)
}
