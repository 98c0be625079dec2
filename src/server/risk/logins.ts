// Member logins and registrations as the member site reports them (the simulator stands in): each attempt recorded
// with its IP, device and result; a banned IP or device is refused and recorded as such. 会员登录记录 lists them.
import type { Queryable } from '../db/db'
import { one } from '../db/db'
import { by, listOf, listRoute } from '../db/list'
import { TIME } from '../http/format'
import { forbidden } from '../errors'
import { memberRisk } from '../../contract/api/risk'
import { registerMember, type RegisterInput } from '../member/member-write'
import { bannedBy } from './bans'

export interface LoginAttempt {
  member_id: number; ip: string; device_id?: string; user_agent?: string; passwordOk?: boolean
  /** When it happened (backfilled demo history); defaults to now. */
  at?: Date
}
export interface LoginOutcome { ok: boolean; reason: '' | 'banned_ip' | 'banned_device' | 'password' | 'disabled' }

const RECORD = `insert into member_logins (product, member_id, username, action, ip, device_id, user_agent, ok, reason, at)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, coalesce($10::timestamptz, now()))`

/** Records one login attempt of a member and answers whether it is let in (a banned value, a wrong password, a disabled account are not). */
export async function memberLogin(db: Queryable, product: string, a: LoginAttempt): Promise<LoginOutcome> {
  const m = await one<{ status: number }>(db, 'select status::int as status from members where id = $1 and product = $2', [a.member_id, product])
  if (!m) throw forbidden('会员不存在')
  const banned = await bannedBy(db, product, a)
  const reason: LoginOutcome['reason'] = banned ? (banned === 'ip' ? 'banned_ip' : 'banned_device')
    : a.passwordOk === false ? 'password' : m.status !== 1 ? 'disabled' : ''
  await db.query(RECORD, [product, a.member_id, '', 'login', a.ip, a.device_id ?? '', (a.user_agent ?? '').slice(0, 300), reason === '', reason, a.at ?? null])
  if (reason === '') {
    await db.query('update members set last_login_ip = $2, last_login_time = coalesce($3::timestamptz, now()) where id = $1', [a.member_id, a.ip, a.at ?? null])
  }
  return { ok: reason === '', reason }
}

const REFUSED = { ip: '该 IP 已被封禁，不能注册', device: '该设备已被封禁，不能注册' } as const

/** Refuses a registration from a banned IP or device (for a caller that answers the refusal at once). */
export async function assertMayRegister(db: Queryable, product: string, v: { ip?: string; device_id?: string }): Promise<void> {
  const banned = await bannedBy(db, product, v)
  if (banned) throw forbidden(REFUSED[banned])
}

export interface SiteRegistration extends RegisterInput { register_ip: string; register_device?: string; user_agent?: string }
export type RegisterOutcome = { ok: true; id: number } | { ok: false; reason: 'banned_ip' | 'banned_device'; message: string }

/**
 * The member site's registration: from a banned IP or device it is refused and the attempt recorded (ok = false, no
 * member, the name asked for). The refusal is an answer, not a thrown error, so the record commits with the caller's
 * transaction and the site answers 403 after it; otherwise the member is registered with its IP and device.
 */
export async function memberRegister(db: Queryable, product: string, input: SiteRegistration): Promise<RegisterOutcome> {
  const device = input.register_device ?? ''
  const banned = await bannedBy(db, product, { ip: input.register_ip, device_id: device })
  if (banned) {
    const reason = banned === 'ip' ? 'banned_ip' : 'banned_device'
    await db.query(RECORD, [product, null, input.username, 'register', input.register_ip, device, (input.user_agent ?? '').slice(0, 300), false, reason, input.at ?? null])
    return { ok: false, reason, message: REFUSED[banned] }
  }
  return { ok: true, id: (await registerMember(db, product, { ...input, register_device: device })).id }
}

/** A login as the lists show it (MemberLogin), from `member_logins l join members m`. */
export const LOGIN_COLS = `l.id, l.member_id, coalesce(m.username, l.username) as username, l.action, l.ip, l.device_id, l.user_agent, l.ok, l.reason, ${TIME('l.at')} as at`

/** 会员登录记录: the list's definition (its route pages it, an export walks it whole). */
export const loginList = listOf(memberRisk.logins, {
    from: 'member_logins l left join members m on m.id = l.member_id', countFrom: 'member_logins l', id: 'l.id', table: 'member_logins',
    select: LOGIN_COLS,
    product: 'l.product', time: 'l.at',
    filters: {
      username: by.member('l.member_id'), member_id: 'l.member_id', ip: by.text('l.ip'), device_id: by.text('l.device_id'),
      ok: (w, v) => { w.add('l.ok = ?', v === 1) }, action: 'l.action',
    },
})

export default [listRoute(memberRisk.logins, loginList)]
