// /api/google: every admin's own Google authenticator (status with a pending secret and QR, code test, switch on/off).
import { route, type Ctx } from '../http/route'
import { badRequest, conflict } from '../errors'
import { consumeGoogleCode, throttleGoogleCode } from '../auth/google-code'
import { MSG } from '../../contract/messages'
import { google } from '../../contract/api/admin'
import { ensurePendingSecret, googleRow, googleStatus, switchOff, switchOn } from './google-store'

/** Attempts are reserved before the code is checked, outside the route's transaction, so a failure still counts. */
const throttled = { before: (ctx: Ctx, b: { code: string }) => throttleGoogleCode(ctx.root, ctx.caller.adminId, ctx.caller.username, ctx.ip, b.code) }

export default [
  route(google.index, async (ctx) => googleStatus(await ensurePendingSecret(ctx.db, ctx.caller.adminId), ctx.caller.username)),
  route(google.test, async (ctx, b) => {
    const row = await googleRow(ctx.db, ctx.caller.adminId, true)
    ctx.audit.target_ids = [String(ctx.caller.adminId)]
    if (!(await consumeGoogleCode(ctx.db, ctx.caller.adminId, row.google_secret, b.code))) throw badRequest(MSG.badGoogle, 'code')
    return { ok: true }
  }, throttled),
  route(google.set_google_auth, async (ctx, b) => {
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
  }, throttled),
]
