// Who is calling and may they: the master whitelist, the session token, and the route's menu + action permission,
// resolved in one query per request.
import type { FastifyRequest } from 'fastify'
import { createHash } from 'node:crypto'
import { isIP } from 'node:net'
import type { Db } from '../db/db'
import { one } from '../db/db'
import type { Config } from '../config'
import type { ActionKey } from '../../contract/enums'
import { heldPermissions } from './holds'
import { forbidden, unauthorized } from '../errors'
import { MSG } from '../../contract/messages'

export interface Caller {
  adminId: number
  username: string
  nickname: string
  /** The session's current product: every business query is scoped to it. */
  product: string
  /** The product a product admin is pinned to; null for platform admins. */
  pinned: string | null
  isSuper: boolean
  sessionId: number
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export function tokenOf(req: FastifyRequest): string | undefined {
  const t = req.headers.token
  if (typeof t === 'string' && t) return t
  const auth = req.headers.authorization
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || undefined
  return undefined
}

/** The caller's address; IPv4-mapped IPv6 compared as IPv4; a forwarded value that is no address falls back to the socket's. */
export function clientIp(req: FastifyRequest): string {
  const norm = (ip: string | undefined) => (ip ?? '').trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1')
  const ip = norm(req.ip)
  return isIP(ip) ? ip : norm(req.socket?.remoteAddress) || '0.0.0.0'
}

export async function ipAllowed(db: Db, ip: string): Promise<boolean> {
  const r = await one<{ ok: boolean }>(db, WHITELIST_SQL.replace('$IP', '$1'), [ip])
  return r?.ok ?? true
}

const WHITELIST_SQL = `
  select not coalesce((select (value #>> '{}')::boolean from sys_settings where key = 'whitelist_enabled'), false)
      or exists (select 1 from sys_whitelist w where $IP::inet <<= w.ip) as ok`

const SESSION_SQL = `
  select s.id as session_id, s.product, a.id as admin_id, a.username, a.nickname, a.product as pinned, a.status,
         s.last_seen_at < now() - interval '60 seconds' as stale,
         exists (select 1 from admin_roles ar join roles r on r.id = ar.role_id
                 where ar.admin_id = a.id and r.is_super) as is_super,
         ($2::text[] is null or exists (
           select 1 from ${heldPermissions('a.id')} h where h.web_uri = any($2::text[]) and h.key = $3)) as allowed,
         (${WHITELIST_SQL.replace('$IP', '$5')}) as ip_ok
    from sessions s join admins a on a.id = s.admin_id
   where s.token_hash = $1 and s.ended_at is null and s.expires_at > now()
     and s.last_seen_at > now() - make_interval(secs => $4)`

interface SessionRow {
  session_id: number; product: string; admin_id: number; username: string; nickname: string; pinned: string | null
  status: number; stale: boolean; is_super: boolean; allowed: boolean; ip_ok: boolean
}

/** Resolves the caller of a route, or throws 401/403. Public routes answer undefined (after the whitelist check). */
/**
 * `public`: no session; `session`: any logged-in admin; otherwise the menu path whose permission is needed, or
 * several menus any one of which grants it (member suggestions serve every money form).
 */
export type Need = 'public' | 'session' | string | string[]

/** What a route asks of its caller. */
export interface Access { menu: Need; action: ActionKey; anyIp?: boolean }

export async function authenticate(db: Db, config: Config, req: FastifyRequest, spec: Access): Promise<Caller> {
  const ip = clientIp(req)
  if (spec.menu === 'public') {
    if (!spec.anyIp && !(await ipAllowed(db, ip))) throw forbidden(MSG.ipDenied)
    return undefined as unknown as Caller
  }
  const token = tokenOf(req)
  if (!token) throw unauthorized()
  const menu = spec.menu === 'session' ? null : Array.isArray(spec.menu) ? spec.menu : [spec.menu]
  // Every request asks this: a named statement, planned once per connection (a plan cost 1 ms, its run 0.1 ms).
  const row = await one<SessionRow>(db, SESSION_SQL, [hashToken(token), menu, spec.action, config.sessionIdle, ip], { name: 'session_of_token' })
  if (!row) throw unauthorized()
  if (!row.ip_ok) throw forbidden(MSG.ipDenied)
  if (row.status !== 1) {
    await db.query('update sessions set ended_at = now() where id = $1', [row.session_id])
    throw unauthorized(MSG.disabled)
  }
  if (!row.allowed && !row.is_super) throw forbidden()
  if (row.stale) await db.query('update sessions set last_seen_at = now() where id = $1', [row.session_id])
  return {
    adminId: row.admin_id, username: row.username, nickname: row.nickname, product: row.product,
    pinned: row.pinned, isSuper: row.is_super, sessionId: Number(row.session_id),
  }
}

/** Ends every open session of the given admins (disabled, roles or password changed, deleted). */
export async function endSessions(db: { query: Db['query'] }, adminIds: number[]): Promise<void> {
  if (adminIds.length) await db.query('update sessions set ended_at = now() where admin_id = any($1::int[]) and ended_at is null', [adminIds])
}
