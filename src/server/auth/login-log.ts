// 登录日志's writer: one row per admin login attempt, on the whole database (never inside a transaction the failed
// login rolls back), so a refused attempt is recorded although the login answers an error.
import type { Queryable } from '../db/db'
import type { LoginReason } from '../../contract/sessions'

export interface LoginRecord {
  username: string
  /** The admin the name belongs to (null: unknown user, or a name refused before it was looked up). */
  admin: { id: number; product: string | null } | null
  /** '' when the login succeeded. */
  reason: LoginReason
  ip: string
  userAgent: string
}

/** Control and direction-override characters are dropped: the name may come from a body refused before validation. */
const cleanName = (v: unknown) => (typeof v === 'string' ? v.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '').trim().slice(0, 64) : '')

export async function recordLogin(db: Queryable, r: LoginRecord): Promise<void> {
  await db.query(
    `insert into login_log (username, admin_id, product, ok, reason, ip, user_agent) values ($1, $2, $3, $4, $5, $6, $7)`,
    [cleanName(r.username), r.admin?.id ?? null, r.admin?.product ?? null, r.reason === '', r.reason, r.ip, r.userAgent.slice(0, 300)])
}

/** An attempt from an address the master whitelist shuts out: refused before its body was validated; the name it carried, if any. */
export async function recordDenied(db: Queryable, body: unknown, ip: string, userAgent: string): Promise<void> {
  const name = body && typeof body === 'object' ? (body as Record<string, unknown>).username : undefined
  const admin = await db.query<{ id: number; product: string | null }>('select id, product from admins where username = $1', [cleanName(name)])
  await recordLogin(db, { username: cleanName(name), admin: admin.rows[0] ?? null, reason: 'whitelist', ip, userAgent })
}
