// /api/loginlog: 登录日志, every admin login attempt; /api/session: 在线用户, the sessions alive now and forcing them out
// (super admins only: the page is in no menu row, so no role can be given it; refused to everyone else here).
import { route, type Ctx } from '../http/route'
import { by, listOf, listRoute } from '../db/list'
import { TIME } from '../http/format'
import { many } from '../db/db'
import { badRequest, forbidden, notFound } from '../errors'
import { writeOperation } from '../oplog/oplog'
import { loginlog, session } from '../../contract/api/sessions'
import type { LoginLogEntry, OnlineSession } from '../../contract/sessions'

const sameName = (col: string) => (w: import('../db/list').Where, v: string) => { if (v.trim()) w.add(`lower(${col}) = lower(?)`, v.trim()) }

/** 登录日志 of every admin, or (`pinned`) of a product's own admins only. */
const loginList = (pinned: boolean) => listOf(loginlog.index, {
  from: 'login_log l', id: 'l.id', table: 'login_log', time: 'l.at', ...(pinned ? { product: 'l.product' } : {}),
  select: `l.id, l.username, l.admin_id, l.ok, l.reason, l.ip, l.user_agent, ${TIME('l.at')} as at`,
  filters: { username: sameName('l.username'), ok: (w, v) => { w.add('l.ok = ?', v === 1) }, reason: 'l.reason', ip: by.text('l.ip') },
  rows: (rows: (Omit<LoginLogEntry, 'id'> & { id: number | string })[]) => rows.map((r) => ({ ...r, id: Number(r.id) })),
})
const allLogins = loginList(false)
const productLogins = loginList(true)

/** The sessions alive now (not ended, not expired, not idle longer than the idle lifetime), newest first. */
const onlineList = (idle: number) => listOf(session.index, {
  from: 'sessions s join admins a on a.id = s.admin_id', id: 's.id', table: 'sessions',
  select: `s.id, s.admin_id, a.username, a.nickname, s.product, s.ip, s.user_agent, ${TIME('s.created_at')} as created_at,
    ${TIME('s.last_seen_at')} as last_seen_at, ${TIME('s.expires_at')} as expires_at`,
  base: 's.ended_at is null and s.expires_at > now() and s.last_seen_at > now() - make_interval(secs => ?)', params: [idle],
  filters: { username: sameName('a.username'), ip: by.text('s.ip') },
  rows: (rows: (Omit<OnlineSession, 'current' | 'id'> & { id: number | string })[], _q, f) =>
    rows.map((r) => ({ ...r, id: Number(r.id), current: Number(r.id) === f.ctx.caller.sessionId })),
})
const online = new Map<number, ReturnType<typeof onlineList>>()

function superOnly(ctx: Ctx) {
  if (!ctx.caller.isSuper) throw forbidden('在线用户仅限超级管理员')
}

interface Ended { id: number | string; admin_id: number; username: string; product: string; ip: string; created_at: string }

export default [
  route(loginlog.index, (ctx, q) => (ctx.caller.pinned ? productLogins : allLogins)(ctx, q)),
  route(session.index, (ctx, q) => {
    superOnly(ctx)
    const idle = ctx.config.sessionIdle
    if (!online.has(idle)) online.set(idle, onlineList(idle))
    return online.get(idle)!(ctx, q)
  }),
  // Ends the sessions at once (their next call is 401; the sessions trigger closes their event streams), one log row each.
  route(session.delete, async (ctx, b) => {
    superOnly(ctx)
    const ids = [...new Set(b.ids)]
    if (ids.includes(ctx.caller.sessionId)) throw badRequest('不能强制下线自己当前的会话，请使用退出登录', 'ids')
    const ended = await many<Ended>(ctx.db,
      `update sessions s set ended_at = now() from admins a
        where a.id = s.admin_id and s.id = any($1::bigint[]) and s.ended_at is null and s.expires_at > now()
       returning s.id, s.admin_id, a.username, s.product, s.ip, ${TIME('s.created_at')} as created_at`, [ids])
    if (!ended.length) throw notFound('会话不存在或已下线')
    ended.sort((x, y) => Number(x.id) - Number(y.id))
    for (const r of ended) {
      await writeOperation(ctx.db, ctx, { action: 'D', path: session.delete.url, target_ids: [String(r.id)], before: { ...r, id: Number(r.id) } })
    }
    ctx.audit.skip = true
    return { ids: ended.map((r) => Number(r.id)) }
  }),
]
