// Login throttling: failures counted per account-and-IP and per IP, so a stranger elsewhere cannot lock a real admin out.
//
// An attempt is reserved before the password is checked: under a lock keyed by the IP, the window's failures are
// counted and, below both limits, the attempt's row is inserted, all in one transaction. A reserved attempt counts as
// a failure until it is released (a right password, or an answer that is no bad login), so parallel tries cannot all
// pass the count before any of them is recorded: past the limit the next attempt is a 429 and never reaches the
// password check. The same on PGlite (one connection, transactions serialise) and on PostgreSQL (the advisory lock).
import type { Db } from '../db/db'
import { one } from '../db/db'
import { tooMany } from '../errors'

export const THROTTLE = { windowSeconds: 15 * 60, perAccountIp: 5, perIp: 30 }

/** The first key of the two-key advisory locks taken per IP (migrations use the one-key form, another key space). */
const LOCK_CLASS = 4242002

const COUNT = `select count(*) filter (where username = $1)::int as account_ip, count(*)::int as ip_all
  from login_failures where ip = $2 and at > now() - make_interval(secs => $3)`

const over = (r: { account_ip: number; ip_all: number } | undefined) =>
  !!r && (r.account_ip >= THROTTLE.perAccountIp || r.ip_all >= THROTTLE.perIp)

/**
 * Reserves one attempt for `username` from `ip`, or throws 429 when the window's failures (reserved attempts
 * included) reach either limit. Answers the reservation: left in place it is the attempt's recorded failure;
 * `releaseAttempt` takes it back.
 */
export async function reserveAttempt(db: Db, username: string, ip: string): Promise<number> {
  const name = username.slice(0, 100)
  const id = await db.tx(async (tx) => {
    // Every attempt from this IP waits here: the count below sees each reservation committed before it.
    await tx.query('select pg_advisory_xact_lock($1::int, hashtext($2))', [LOCK_CLASS, ip])
    if (over(await one<{ account_ip: number; ip_all: number }>(tx, COUNT, [name, ip, THROTTLE.windowSeconds]))) throw tooMany()
    const r = await one<{ id: number | string }>(tx, 'insert into login_failures (username, ip) values ($1, $2) returning id', [name, ip])
    return Number(r!.id)
  })
  // Keep the table small: failures older than the window no longer count.
  await db.query('delete from login_failures where at < now() - make_interval(secs => $1)', [THROTTLE.windowSeconds * 2])
  return id
}

/** Takes a reserved attempt back: it was no failure (a right password, a disabled account, a missing Google code). */
export async function releaseAttempt(db: Db, id: number): Promise<void> {
  await db.query('delete from login_failures where id = $1', [id])
}

export async function clearFailures(db: Db, username: string, ip: string): Promise<void> {
  await db.query('delete from login_failures where username = $1 and ip = $2', [username.slice(0, 100), ip])
}
