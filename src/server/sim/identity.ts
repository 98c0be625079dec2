// Where simulated members come from: each registers from an IP and a device of its own (a family shares them), and
// logs in through the risk area's memberLogin from its home IP and device or, now and then, from a mobile network IP
// or a second device of its own (derived from the member, so every run and every instance agrees). A few values are
// banned on first start, and now and then an attempt comes from one of them: refused, and recorded.
import { createHash } from 'node:crypto'
import { one } from '../db/db'
import { memberLogin } from '../risk/logins'
import { pickRow, type SimContext } from './actor'
import type { Rng } from './rng'

export interface Place { ip: string; device: string }

/** The demo's banned values (封禁列表), seeded on first start. */
export const BANNED = {
  ip: { value: '45.133.1.17', remark: '撞库攻击来源' },
  device: { value: 'd-emu0f3a9c1b', remark: '模拟器批量注册' },
} as const

/** The office network the house's virtual accounts are run from (they all share it; no association ever lists them). */
export const HOUSE: Place = { ip: '10.20.0.8', device: 'd-house0001' }

const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  'Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0 Safari/537.36',
  'Mozilla/5.0 (Linux; Android 13; M2102J2SC) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
]

/** A fresh home: a public IP and a device id. */
export function newPlace(r: Rng): Place {
  const ip = `${r.pick([27, 36, 39, 58, 61, 101, 112, 113, 117, 119, 120, 121, 122, 123, 171, 175, 180, 182, 183, 218, 221, 222, 223])}.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`
  return { ip, device: `d-${Array.from({ length: 10 }, () => r.int(0, 15).toString(16)).join('')}` }
}

const digest = (s: string) => createHash('sha256').update(s).digest()

/** The member's own other places: two mobile network IPs and a second device, the same on every run. */
function otherPlaces(product: string, memberId: number): { ips: string[]; device: string } {
  const h = digest(`${product}:${memberId}`)
  return {
    ips: [`${[112, 117, 223][h[0] % 3]}.${h[1]}.${h[2]}.${(h[3] % 254) + 1}`, `${[39, 111, 183][h[4] % 3]}.${h[5]}.${h[6]}.${(h[7] % 254) + 1}`],
    device: `d-${h.subarray(8, 13).toString('hex')}`,
  }
}

/** Where the member logs in from this time: mostly home, sometimes a mobile IP or its second device. */
export async function placeOf(ctx: SimContext, memberId: number): Promise<Place> {
  const m = await one<{ kind: number; register_ip: string; register_device: string }>(ctx.db,
    'select kind::int as kind, register_ip, register_device from members where id = $1', [memberId])
  if (m?.kind === 1) return HOUSE
  const other = otherPlaces(ctx.product, memberId)
  const home = m?.register_ip && ctx.r.chance(0.6)
  return {
    ip: home ? m!.register_ip : ctx.r.pick(other.ips),
    device: m?.register_device && ctx.r.chance(0.8) ? m.register_device : other.device,
  }
}

/** The member signs in on the member site (before it recharges, bets or withdraws); answers whether it was let in. */
export async function signIn(ctx: SimContext, memberId: number, place?: Place): Promise<boolean> {
  const p = place ?? await placeOf(ctx, memberId)
  const out = await memberLogin(ctx.db, ctx.product, { member_id: memberId, ip: p.ip, device_id: p.device, user_agent: ctx.r.pick(AGENTS), at: ctx.at })
  return out.ok
}

/** Someone tries a member's account from a banned IP or device (refused, and recorded). */
export async function bannedAttempt(ctx: SimContext): Promise<void> {
  const m = await pickRow<{ id: number }>(ctx,
    `select id from members where product = $1 and kind = 0 and created_at < coalesce($2::timestamptz, now())`, [ctx.product, ctx.at ?? null])
  if (!m) return
  const byIp = ctx.r.chance(0.5)
  await signIn(ctx, m.id, byIp ? { ip: BANNED.ip.value, device: newPlace(ctx.r).device } : { ip: newPlace(ctx.r).ip, device: BANNED.device.value })
}

export const userAgent = (r: Rng) => r.pick(AGENTS)
