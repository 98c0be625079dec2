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

interface AdminRow {
  id: number; username: string; nickname: string; product: string | null; status: number
  password_hash: string; google_enabled: boolean; google_secret: string | null
}

async function login(ctx: Ctx, body: InputOf<typeof auth.login>) {
  const db = ctx.root
  const username = body.username.trim()
  // Reserved before the password is checked (429 past the limits): left in place it is this attempt's failure.
  const attempt = await reserveAttempt(db, username, ctx.ip)
  let settled = false // true once the reservation is the attempt's recorded failure, or already gone
  try {
    const plain = ctx.keys.decrypt(body.password)
    const admin = await one<AdminRow>(db, 'select * from admins where username = $1', [username])
    // Same work and the same answer for an unknown user, a wrong password and an undecryptable one.
    const ok = await verifyPassword(plain ?? '', admin?.password_hash)
    if (!admin || !ok || plain === null) {
      settled = true
      throw badRequest(MSG.badLogin)
    }
    if (admin.status !== 1) throw new AppError(403, MSG.disabled)
    if (admin.google_enabled) {
      if (!body.google_code) throw new AppError(400, MSG.needGoogle, { need_google: true, field: 'google_code' })
      if (!(await consumeGoogleCode(db, admin.id, admin.google_secret, body.google_code))) {
        settled = true
        throw new AppError(400, MSG.badGoogle, { need_google: true, field: 'google_code' })
      }
    }
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
    if (!settled) await releaseAttempt(db, attempt)
  }
}

function callerOf(a: AdminRow, product: string, sessionId: number, isSuper: boolean): Caller {
  return { adminId: a.id, username: a.username, nickname: a.nickname, product, pinned: a.product, isSuper, sessionId }
}

export default [
  route(auth.configs, async (ctx) => ({ site_name: '后台管理系统', public_key: ctx.keys.publicPem, google_auth: true })),
  route(auth.login, (ctx, body) => login(ctx, body)),
  route(auth.userinfo, (ctx) => userInfo(ctx.db, ctx.caller)),
  route(auth.logout, async (ctx) => {
    await ctx.db.query('update sessions set ended_at = now() where id = $1', [ctx.caller.sessionId])
    ctx.audit.target_ids = [String(ctx.caller.adminId)]
    return null
  }),
]
