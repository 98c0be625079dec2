// What the lottery tests share: the seeded rooms and play ways, issues at chosen times, members of each money class
// with money, bets and settlement through the domain functions, balances and quick looks at the ledger.
import type { TestApp } from './helpers'
import type { Queryable } from '../../src/server/db/db'
import { registerMember } from '../../src/server/member/member-write'
import { transfer, balancesOf } from '../../src/server/ledger/ledger'
import { KIND, MONEY, TRANSFER, type MoneyClass } from '../../src/contract/ledger'
import { newSeed } from '../../src/server/lottery/fair'
import { placeBet, type BetInput } from '../../src/server/lottery/bet'
import { openDueIssue } from '../../src/server/lottery/draw'
import { settleIssue } from '../../src/server/lottery/settle'
import { checkLedger } from '../../src/server/ledger/check'

export const P = 'alpha'
let n = 0

export async function roomId(t: TestApp, code = 'JS', product = P): Promise<number> {
  return (await t.db.query<{ id: number }>('select id from lottery_rooms where product = $1 and code = $2', [product, code])).rows[0].id
}

export async function playwayId(t: TestApp, code: string, product = P): Promise<number> {
  return (await t.db.query<{ id: number }>('select id from lottery_playways where product = $1 and code = $2', [product, code])).rows[0].id
}

/** An issue of the room opening `openInSec` from now (negative: already due), betting closing `lockSec` before. */
export async function issue(t: TestApp, room: number, openInSec: number, lockSec = 5, product = P): Promise<{ id: number; issue_no: string }> {
  const { seed, hash } = newSeed()
  const no = `2099${String(++n).padStart(8, '0')}`
  const r = await t.db.query<{ id: number }>(
    `insert into lottery_issues (product, room_id, issue_no, open_at, lock_at, seed, seed_hash)
     values ($1, $2, $3, now() + make_interval(secs => $4), now() + make_interval(secs => $4 - $5), $6, $7) returning id`,
    [product, room, no, openInSec, lockSec, seed, hash])
  return { id: Number(r.rows[0].id), issue_no: no }
}

/** A member of the money class (0 real, 1 virtual, 2 trial) holding `cents` on its available balance. */
export async function player(t: TestApp, kind: MoneyClass, cents: number, product = P): Promise<{ id: number; username: string }> {
  const username = `${['pl', 'vx', 'sw'][kind]}${Date.now().toString(36).slice(-5)}${++n}`
  const { id } = await registerMember(t.db, product, { username, kind: kind as 0 | 1 | 2 })
  const have = (await balancesOf(t.db, product, id))[KIND.available] ?? 0
  if (cents !== have) {
    const pool = kind === MONEY.real ? KIND.cashIn : kind === MONEY.virtual ? KIND.virtualPool : KIND.trialPool
    const up = cents > have
    await transfer(t.db, {
      key: `test:fund:${id}:${++n}`, product, money: kind, from: up ? { kind: pool } : { kind: KIND.available, owner: id },
      to: up ? { kind: KIND.available, owner: id } : { kind: pool }, amount: Math.abs(cents - have),
      type: kind === MONEY.real ? TRANSFER.recharge : kind === MONEY.virtual ? TRANSFER.virtualAdjust : TRANSFER.trialGrant,
    })
  }
  return { id, username }
}

export const available = async (t: TestApp, member: number, product = P) => (await balancesOf(t.db, product, member))[KIND.available] ?? 0

/** A bet through the domain function in its own transaction, as the member site would place it. */
export function bet(t: TestApp, b: Omit<BetInput, 'product'> & { product?: string }) {
  return t.db.tx((tx) => placeBet(tx, { product: P, ...b }))
}

/** Sets the result (as a manual preset), opens the issue now and settles it: what the scheduler does at open time. */
export async function draw(t: TestApp, issueId: number, result?: number[]) {
  if (result) await t.db.query(`update lottery_issues set result = $2::smallint[], is_manual = true where id = $1`, [issueId, result])
  await t.db.query(`update lottery_issues set open_at = least(open_at, now()), lock_at = least(lock_at, now()) where id = $1`, [issueId])
  const opened = await t.db.tx((tx) => openDueIssue(tx, undefined, issueId))
  if (!opened || opened.id !== issueId) throw new Error(`issue ${issueId} did not open (${JSON.stringify(opened)})`)
  return t.db.tx((tx) => settleIssue(tx, issueId))
}

export async function ledgerOk(db: Queryable): Promise<string> {
  const r = await checkLedger(db)
  return r.ok ? 'ok' : r.lines.filter((l) => !l.ok).map((l) => `${l.name}: ${l.detail}`).join('\n')
}

export async function rows<T = any>(t: TestApp, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await t.db.query<T>(sql, params)).rows
}

/** An admin token of the 财务 demo role (no lottery menu). */
export const caiwu = (t: TestApp) => t.login('caiwu')
