// The master-control whitelist's rules and SQL: address parsing (also for the site whitelist), entries, the master switch and the self-lockout check.
import ipaddr from 'ipaddr.js'
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { badRequest, conflict } from '../errors'
import { TIME } from '../http/format'
import type { WhitelistEntry } from '../../contract/admin'

/**
 * Validates an IPv4/IPv6 address or CIDR range and answers its canonical text, or null when it is not one.
 * A host address given with a prefix (10.0.0.5/24) is normalised to its network (10.0.0.0/24): the prefix says
 * which range was meant. IPv4-mapped IPv6 addresses are stored as IPv4, as the access check compares them.
 */
export function normaliseIp(input: string): string | null {
  const parts = input.trim().split('/')
  if (parts.length > 2) return null
  const [addr, bits] = parts
  let ip: ipaddr.IPv4 | ipaddr.IPv6
  let shift = 0
  if (ipaddr.IPv4.isValidFourPartDecimal(addr)) ip = ipaddr.IPv4.parse(addr)
  else if (!addr.includes('%') && ipaddr.IPv6.isValid(addr)) {
    const v6 = ipaddr.IPv6.parse(addr)
    if (v6.isIPv4MappedAddress()) { ip = v6.toIPv4Address(); shift = 96 } else ip = v6
  } else return null
  const max = ip.kind() === 'ipv4' ? 32 : 128
  let prefix = max
  if (bits !== undefined) {
    if (!/^\d{1,3}$/.test(bits)) return null
    prefix = Number(bits) - shift
    if (prefix < 0 || prefix > max) return null
  }
  if (prefix === max) return ip.toString()
  const net = ip.kind() === 'ipv4'
    ? ipaddr.IPv4.networkAddressFromCIDR(`${ip.toString()}/${prefix}`)
    : ipaddr.IPv6.networkAddressFromCIDR(`${ip.toString()}/${prefix}`)
  return `${net.toString()}/${prefix}`
}

/** An address or range as typed, canonical, or a 400 naming the field `ip`. */
export function parseIp(raw: string, hint = '，请输入 IPv4/IPv6 地址或网段（如 10.0.0.0/24）'): string {
  const ip = normaliseIp(raw)
  if (!ip) throw badRequest(`IP地址格式不正确${hint}`, 'ip')
  return ip
}

/** The cidr column `w.ip` as text: a single address without its /32 or /128. */
export const IP_TEXT = `case when masklen(w.ip) = (case family(w.ip) when 4 then 32 else 128 end) then host(w.ip) else text(w.ip) end`
export const ENTRY_COLS = `w.id, ${IP_TEXT} as ip, w.remark, ${TIME('w.created_at')} as created_at, w.created_by`

export async function entriesByIds(db: Queryable, ids: number[], lock = false): Promise<WhitelistEntry[]> {
  return many<WhitelistEntry>(db, `select ${ENTRY_COLS} from sys_whitelist w where w.id = any($1::int[]) order by w.id${lock ? ' for update' : ''}`, [ids])
}

/** Inserts an entry; undefined when the range is already listed. */
export async function insertEntry(db: Queryable, ip: string, remark: string, by: string): Promise<WhitelistEntry | undefined> {
  const r = await one<{ id: number }>(db,
    'insert into sys_whitelist (ip, remark, created_by) values ($1::cidr, $2, $3) on conflict (ip) do nothing returning id', [ip, remark, by])
  return r ? (await entriesByIds(db, [r.id]))[0] : undefined
}

export async function ipTaken(db: Queryable, ip: string, exceptId: number): Promise<boolean> {
  return !!(await one(db, 'select 1 from sys_whitelist where ip = $1::cidr and id <> $2', [ip, exceptId]))
}

export async function updateEntry(db: Queryable, id: number, ip: string, remark: string): Promise<WhitelistEntry> {
  await db.query('update sys_whitelist set ip = $2::cidr, remark = $3 where id = $1', [id, ip, remark])
  return (await entriesByIds(db, [id]))[0]
}

export async function deleteEntries(db: Queryable, ids: number[]): Promise<void> {
  await db.query('delete from sys_whitelist where id = any($1::int[])', [ids])
}

export async function whitelistEnabled(db: Queryable): Promise<boolean> {
  const r = await one<{ on: boolean }>(db, `select (value #>> '{}')::boolean as on from sys_settings where key = 'whitelist_enabled'`)
  return r?.on ?? false
}

export async function setWhitelistEnabled(db: Queryable, enabled: boolean): Promise<void> {
  await db.query(
    `insert into sys_settings (key, value, updated_at) values ('whitelist_enabled', to_jsonb($1::boolean), now())
     on conflict (key) do update set value = excluded.value, updated_at = now()`, [enabled])
}

/**
 * Refuses (409) a change that, as it stands inside the transaction, would shut out the caller's own address.
 * The same rule as the access check (src/server/rbac/access.ts): off, or some entry contains the address.
 */
export async function assertCallerKeepsAccess(db: Queryable, ip: string): Promise<void> {
  const r = await one<{ ok: boolean }>(db,
    `select not coalesce((select (value #>> '{}')::boolean from sys_settings where key = 'whitelist_enabled'), false)
         or exists (select 1 from sys_whitelist w where $1::inet <<= w.ip) as ok`, [ip])
  if (!r?.ok) throw conflict(`此操作会使您当前的IP（${ip}）无法访问后台，已拒绝`)
}
