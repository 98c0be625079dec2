// What the review desk's tests share: payers with a card and money, withdrawal requests (at a chosen time), a second
// non-super admin of the 财务 role (the withdrawal menu), and claims read or lapsed straight in the database.
import type { TestApp } from './helpers'
import { card, fund, member, P, setSetting } from './finance-fixtures'
import { requestWithdraw, type WithdrawRequest } from '../../src/server/finance/withdraw-rules'

/** Lifts the daily withdrawal limits (count and amount) so a test may ask as often as it needs. */
export async function noDailyLimits(t: TestApp): Promise<void> {
  await t.db.query('update member_levels set withdraw_times_daily = 0, withdraw_max_daily = 0')
  await setSetting(t, 'withdraw_times_daily', '0')
}

/** A member with a card and money (10,000,000 cents unless said); `at`: registered then. */
export async function payer(t: TestApp, name: string, cents = 10_000_000, at?: Date): Promise<number> {
  const id = await member(t, name)
  if (at) await t.db.query('update members set created_at = $2 where id = $1', [id, at])
  await card(t, id)
  await fund(t, id, cents)
  return id
}

/** The member asks to withdraw, as the member site would. */
export const ask = (t: TestApp, id: number, amount: number, extra: Omit<WithdrawRequest, 'member_id' | 'amount'> = {}) =>
  t.db.tx((tx) => requestWithdraw(tx, P, { member_id: id, amount, ...extra }))

/** Logs in a new non-super admin of the 财务 demo role (it holds the withdrawal menu). */
export async function financeAdmin(t: TestApp, su: string, username: string): Promise<string> {
  const role = (await t.get('/api/sysrole/index', su, { name: '财务' })).data.items.find((r: any) => r.name === '财务')
  const r = await t.post('/api/sysadmin/create', su, { username, nickname: username, password: t.encrypt('Caiwu@12345'), role_ids: [role.id], status: 1 })
  if (r.code !== 200) throw new Error(`admin ${username}: ${r.msg}`)
  return t.login(username, 'Caiwu@12345')
}

/** The stored claim of a withdrawal: its holder column and seconds left (negative: lapsed; null: none). */
export async function claimOf(t: TestApp, id: number): Promise<{ claimed_by: string; left: number | null }> {
  const r = (await t.db.query<any>(`select claimed_by, extract(epoch from claim_expires_at - now())::float as left
    from withdrawals where id = $1`, [id])).rows[0]
  return { claimed_by: r.claimed_by, left: r.left === null ? null : Number(r.left) }
}

/** Lets a withdrawal's claim lapse (its expiry a second ago) instead of waiting for it. */
export const lapse = (t: TestApp, id: number) =>
  t.db.query(`update withdrawals set claim_expires_at = now() - interval '1 second' where id = $1`, [id])

export const claim = (t: TestApp, token: string, id: number, force?: boolean) => t.post('/api/withdraw/claim', token, { id, ...(force === undefined ? {} : { force }) })
export const release = (t: TestApp, token: string, id: number) => t.post('/api/withdraw/release', token, { id })
export const decide = (t: TestApp, token: string, body: Record<string, unknown>) => t.post('/api/withdraw/edit', token, body)
