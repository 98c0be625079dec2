// Login and session calls (src/contract/api/auth.ts): the login page's configuration, login, userinfo, logout.
import { randomBytes } from 'node:crypto'
import { route, type Ctx } from '../http/route'
import { one } from '../db/db'
import { AppError, badRequest } from '../errors'
import { MSG } from '../../contract/messages'
import { auth } from '../../contract/api/auth'
import type { InputOf } from '../../contract/endpoint'
import { hashToken, type Caller } from '../rbac/access'
import { userInfo } from '../rbac/userinfo'
import { verifyPassword } from './password'
import { clearFailures, releaseAttempt, reserveAttempt } from './throttle'
import { consumeGoogleCode } from './google-code'
import { writeOperation } from '../oplog/oplog'
import { recordDenied, recordLogin } from './login-log'
import type { LoginReason } from '../../contract/sessions'

interface AdminRow {
  id: number; username: string; nickname: string; product: string | null; status: number
  password_hash: string; google_enabled: boolean; google_secret: string | null
}

/** What the login log says of an attempt, filled in as the attempt goes ('error' until it ends otherwise). */
interface Seen { admin: { id: number; product: string | null } | null; reason: LoginReason }

async function login(ctx: Ctx, body: InputOf<typeof auth.login>) {
  const username = body.username.trim()
  const seen: Seen = { admin: null, reason: 'error' }
  try {
    const answer = await attempt(ctx, username, body, seen)
    seen.reason = ''
    return answer
  } finally {
    // Every outcome is logged on the whole database, after the attempt: a failure's row commits although it answers an error.
    await recordLogin(ctx.root, { username, admin: seen.admin, reason: seen.reason, ip: ctx.ip, userAgent: ctx.userAgent })
      .catch((err) => ctx.req.log.error({ err }, 'login log not written'))
  }
}

async function attempt(ctx: Ctx, username: string, body: InputOf<typeof auth.login>, seen: Seen) {
  const db = ctx.root
  // Reserved before the password is checked (429 past the limits): left in place it is this attempt's failure.
  seen.reason = 'throttled'
  const reserved = await reserveAttempt(db, username, ctx.ip)
  seen.reason = 'error'
  let settled = false // true once the reservation is the attempt's recorded failure, or already gone
  try {
    const plain = ctx.keys.decrypt(body.password)
    const admin = await one<AdminRow>(db, 'select * from admins where username = $1', [username])
    if (admin) seen.admin = { id: admin.id, product: admin.product }
    // Same work and the same answer for an unknown user, a wrong password and an undecryptable one (the log alone tells them apart).
    const ok = await verifyPassword(plain ?? '', admin?.password_hash)
    if (!admin || !ok || plain === null) {
      settled = true
      seen.reason = admin ? 'password' : 'unknown_user'
      throw badRequest(MSG.badLogin)
    }
    seen.reason = 'disabled'
    if (admin.status !== 1) throw new AppError(403, MSG.disabled)
    if (admin.google_enabled) {
      seen.reason = 'need_google'
      if (!body.google_code) throw new AppError(400, MSG.needGoogle, { need_google: true, field: 'google_code' })
      seen.reason = 'google'
      if (!(await consumeGoogleCode(db, admin.id, admin.google_secret, body.google_code))) {
        settled = true
        throw new AppError(400, MSG.badGoogle, { need_google: true, field: 'google_code' })
      }
    }
    seen.reason = 'error'
    const product = admin.product ?? (await one<{ code: string }>(db, 'select code from products order by sort, code limit 1'))!.code
    const token = randomBytes(32).toString('base64url')
    const session = await db.tx(async (tx) => {
      const s = await one<{ id: number }>(tx,
        `insert into sessions (token_hash, admin_id, product, ip, user_agent, expires_at)
         values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6)) returning id`,
        [hashToken(token), admin.id, product, ctx.ip, ctx.userAgent, ctx.config.sessionMax])
      await tx.query('update admins set last_login_at = now(), last_login_ip = $2 where id = $1', [admin.id, ctx.ip])
      const caller = callerOf(admin, product, Number(s!.id), false)
      await writeOperation(tx, { caller, ip: ctx.ip, userAgent: ctx.userAgent },
        { action: 'C', path: auth.login.url, target_ids: [String(admin.id)] })
      return s!
    })
    await clearFailures(db, username, ctx.ip)
    settled = true // cleared with the account's other failures: nothing left to release
    const isSuper = !!(await one(db, 'select 1 from admin_roles ar join roles r on r.id = ar.role_id where ar.admin_id = $1 and r.is_super', [admin.id]))
    return { token, userinfo: await userInfo(db, callerOf(admin, product, Number(session.id), isSuper)) }
  } finally {
    // Anything but a bad password or a bad Google code is no failure: the reservation goes.
    if (!settled) await releaseAttempt(db, reserved)
  }
}

function callerOf(a: AdminRow, product: string, sessionId: number, isSuper: boolean): Caller {
  return { adminId: a.id, username: a.username, nickname: a.nickname, product, pinned: a.product, isSuper, sessionId }
}

export default [
  route(auth.configs, async (ctx) => ({ site_name: '后台管理系统', public_key: ctx.keys.publicPem, google_auth: true })),
  // An address the master whitelist shuts out is refused (403) before the body is validated, and logged with the name it carried.
  route(auth.login, (ctx, body) => login(ctx, body), { ipDenied: (ctx, body) => recordDenied(ctx.root, body, ctx.ip, ctx.userAgent) }),
  route(auth.userinfo, (ctx) => userInfo(ctx.db, ctx.caller)),
  route(auth.logout, async (ctx) => {
    await ctx.db.query('update sessions set ended_at = now() where id = $1', [ctx.caller.sessionId])
    ctx.audit.target_ids = [String(ctx.caller.adminId)]
    return null
  }),
]
