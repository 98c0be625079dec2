// Accepting a Google code for an admin: valid now and for a time step after the last one used (no replay).
import type { Db, Queryable } from '../db/db'
import { releaseAttempt, reserveAttempt } from './throttle'
import { badRequest } from '../errors'
import { MSG } from '../../contract/messages'
import { one } from '../db/db'
import { codeStep } from './totp'

/** True when the code is valid and had not been used; marks its step as used atomically. */
export async function consumeGoogleCode(db: Queryable, adminId: number, secret: string | null, code: unknown): Promise<boolean> {
  if (!secret || typeof code !== 'string') return false
  const step = codeStep(secret, code.trim())
  if (step === null) return false
  const r = await one(db, 'update admins set google_last_step = $2 where id = $1 and google_last_step < $2 returning id', [adminId, step])
  return !!r
}

/**
 * Wrong codes are throttled like logins (per admin and IP, and per IP), and recorded outside the route's transaction,
 * so a stolen session cannot try all 10^6 codes to switch the authenticator off.
 */
export async function throttleGoogleCode(db: Db, adminId: number, username: string, ip: string, code: unknown): Promise<void> {
  // Reserved before the code is checked (429 past the limits): a wrong code keeps it as its failure, a right one releases it.
  const attempt = await reserveAttempt(db, `google:${username}`, ip)
  const row = await one<{ google_secret: string | null; google_last_step: number }>(db,
    'select google_secret, google_last_step from admins where id = $1', [adminId])
  const step = row?.google_secret && typeof code === 'string' ? codeStep(row.google_secret, code.trim()) : null
  if (step === null || step <= Number(row!.google_last_step)) throw badRequest(MSG.badGoogle, 'code')
  await releaseAttempt(db, attempt)
}
