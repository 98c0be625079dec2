// /api/google: every admin's own Google authenticator (status with a pending secret and QR, code test, switch on/off).
import { Type } from '@sinclair/typebox'
import { route } from '../http/route'
import { Text } from '../http/schemas'
import { badRequest, conflict } from '../errors'
import { consumeGoogleCode, throttleGoogleCode } from '../auth/google-code'
import { MSG } from '../../contract/messages'
import { ensurePendingSecret, googleRow, googleStatus, switchOff, switchOn } from './google-store'

const Code = Text('谷歌验证码', 16, 1)

export default [
  route({
    method: 'GET', url: '/api/google/index', summary: '我的谷歌验证状态（未开启时给出待绑定密钥与二维码）', menu: 'session', action: 'R',
    handler: async (ctx) => googleStatus(await ensurePendingSecret(ctx.db, ctx.caller.adminId), ctx.caller.username),
  }),
  route({
    method: 'POST', url: '/api/google/test', summary: '校验谷歌验证码（每个验证码只能使用一次）', menu: 'session', action: 'R', audit: true,
    body: Type.Object({ code: Code }),
    before: (ctx, b) => throttleGoogleCode(ctx.root, ctx.caller.adminId, ctx.caller.username, ctx.ip, b.code),
    handler: async (ctx, b) => {
      const row = await googleRow(ctx.db, ctx.caller.adminId, true)
      ctx.audit.target_ids = [String(ctx.caller.adminId)]
      if (!(await consumeGoogleCode(ctx.db, ctx.caller.adminId, row.google_secret, b.code))) throw badRequest(MSG.badGoogle, 'code')
      return { ok: true }
    },
  }),
  route({
    method: 'POST', url: '/api/google/set_google_auth', summary: '开启或关闭我的谷歌验证（需要有效验证码）', menu: 'session', action: 'U',
    // true/false or 1/0 exactly (no type coercion: a null must not mean "off").
    body: Type.Object({ is_open_google_auth: Type.Unsafe<boolean | 0 | 1>({ title: '谷歌验证开关', enum: [true, false, 1, 0] }), code: Code }),
    before: (ctx, b) => throttleGoogleCode(ctx.root, ctx.caller.adminId, ctx.caller.username, ctx.ip, b.code),
    handler: async (ctx, b) => {
      const id = ctx.caller.adminId
      const on = b.is_open_google_auth === true || b.is_open_google_auth === 1
      const row = await googleRow(ctx.db, id, true)
      if (row.google_enabled === on) throw conflict(on ? '谷歌验证已开启' : '谷歌验证未开启')
      if (!row.google_secret) throw conflict('请先获取谷歌验证密钥')
      if (!(await consumeGoogleCode(ctx.db, id, row.google_secret, b.code))) throw badRequest(MSG.badGoogle, 'code')
      if (on) await switchOn(ctx.db, id)
      else await switchOff(ctx.db, id)
      ctx.audit.target_ids = [String(id)]
      ctx.audit.before = { is_open_google_auth: row.google_enabled }
      ctx.audit.after = { is_open_google_auth: on }
      return googleStatus(await googleRow(ctx.db, id), ctx.caller.username)
    },
  }),
]
