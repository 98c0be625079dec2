// Login and session calls: /common/configs, /api/login, /api/userinfo, /api/logout.
import { Type } from '@sinclair/typebox'
import { randomBytes } from 'node:crypto'
import { route, type Ctx } from '../http/route'
import { one } from '../db/db'
import { AppError, badRequest } from '../errors'
import { MSG } from '../../contract/messages'
import { hashToken, type Caller } from '../rbac/access'
import { userInfo } from '../rbac/userinfo'
import { verifyPassword } from './password'
import { clearFailures, releaseAttempt, reserveAttempt } from './throttle'
import { consumeGoogleCode } from './google-code'
import { writeOperation } from '../oplog/oplog'

const LoginBody = Type.Object({
  username: Type.String({ title: '用户名', minLength: 1, maxLength: 64 }),
  password: Type.String({ title: '密码', minLength: 1, maxLength: 2048 }),
  google_code: Type.Optional(Type.String({ title: '谷歌验证码', maxLength: 16 })),
})

interface AdminRow {
  id: number; username: string; nickname: string; product: string | null; status: number
  password_hash: string; google_enabled: boolean; google_secret: string | null
}

async function login(ctx: Ctx, body: { username: string; password: string; google_code?: string }) {
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
        { action: 'C', path: '/api/login', target_ids: [String(admin.id)] })
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
  route({
    method: 'GET', url: '/common/configs', summary: '登录页配置（站点名称、RSA 公钥）', menu: 'public', action: 'R', anyIp: true,
    handler: async (ctx) => ({
      site_name: '后台管理系统',
      public_key: ctx.keys.publicPem,
      google_auth: true,
    }),
  }),
  route({
    method: 'POST', url: '/api/login', summary: '登录（密码为 RSA PKCS#1 v1.5 密文）', menu: 'public', action: 'C', raw: true,
    body: LoginBody,
    handler: (ctx, body) => login(ctx, body),
  }),
  route({
    method: 'GET', url: '/api/userinfo', summary: '当前管理员信息与菜单', menu: 'session', action: 'R',
    handler: (ctx) => userInfo(ctx.db, ctx.caller),
  }),
  route({
    method: 'POST', url: '/api/logout', summary: '退出登录', menu: 'session', action: 'U',
    handler: async (ctx) => {
      await ctx.db.query('update sessions set ended_at = now() where id = $1', [ctx.caller.sessionId])
      ctx.audit.target_ids = [String(ctx.caller.adminId)]
      return null
    },
  }),
]
