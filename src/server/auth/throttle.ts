// Login throttling: failures counted per account-and-IP and per IP, so a stranger elsewhere cannot lock a real admin out.
import type { Db } from '../db/db'
import { one } from '../db/db'
import { tooMany } from '../errors'

export const THROTTLE = { windowSeconds: 15 * 60, perAccountIp: 5, perIp: 30 }

export async function checkThrottle(db: Db, username: string, ip: string): Promise<void> {
  const r = await one<{ account_ip: number; ip_all: number }>(db,
    `select count(*) filter (where username = $1)::int as account_ip, count(*)::int as ip_all
       from login_failures where ip = $2 and at > now() - make_interval(secs => $3)`,
    [username, ip, THROTTLE.windowSeconds])
  if (r && (r.account_ip >= THROTTLE.perAccountIp || r.ip_all >= THROTTLE.perIp)) throw tooMany()
}

export async function recordFailure(db: Db, username: string, ip: string): Promise<void> {
  await db.query('insert into login_failures (username, ip) values ($1, $2)', [username.slice(0, 100), ip])
  // Keep the table small: failures older than the window no longer count.
  await db.query('delete from login_failures where at < now() - make_interval(secs => $1)', [THROTTLE.windowSeconds * 2])
}

export async function clearFailures(db: Db, username: string, ip: string): Promise<void> {
  await db.query('delete from login_failures where username = $1 and ip = $2', [username, ip])
}
