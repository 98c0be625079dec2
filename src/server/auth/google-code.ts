// Accepting a Google code for an admin: valid now and for a time step after the last one used (no replay).
import type { Queryable } from '../db/db'
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
