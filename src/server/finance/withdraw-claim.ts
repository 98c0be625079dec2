// The review desk's claims (认领): an admin claims a withdrawal under review for withdraw_claim_minutes, so nobody
// else decides it meanwhile; the claim lapses by itself (claim_expires_at compared with now() in SQL), is given back by
// its holder, and ends with any decision. A super admin may take another's claim over (force), which is logged.
// Claims are race-safe: each one locks the withdrawal's row first, so of two admins claiming at once the second sees
// the first's claim (409 naming them).
import type { Queryable } from '../db/db'
import { route } from '../http/route'
import { badRequest, conflict, forbidden } from '../errors'
import { readSettings } from '../settings/store'
import { withdraw } from '../../contract/api/finance'
import { parseRejectReasons, type RejectReason } from '../../contract/review'
import type { Withdrawal } from '../../contract/finance'
import { withdrawalById } from './withdraw-store'

/** SQL assignments ending a withdrawal's claim. */
export const UNCLAIMED = `claimed_by = '', claim_expires_at = null`

/**
 * Whether `admin` may act on a withdrawal whose live claim `holder` has ('' none): its own or nobody's, yes; another's
 * is a 409 naming them, unless a super admin forces it (a 403 for anyone else). Answers whose claim is taken over ('' none).
 */
export function mayOverride(holder: string, admin: string, o: { force?: boolean; superAdmin?: boolean }): string {
  if (!holder || holder === admin) return ''
  if (!o.force) throw conflict(`已被 ${holder} 认领`)
  if (!o.superAdmin) throw forbidden('只有超级管理员可以接管他人的认领')
  return holder
}

/** The finance settings the desk works with: the waiting time past which a row is late, a claim's minutes, the reasons. */
export async function deskSettings(db: Queryable, product: string): Promise<{ sla_minutes: number; claim_minutes: number; reject_reasons: RejectReason[] }> {
  const s = await readSettings(db, product, ['withdraw_sla_minutes', 'withdraw_claim_minutes', 'withdraw_reject_reasons'])
  const parsed = parseRejectReasons(s.text('withdraw_reject_reasons'))
  return {
    sla_minutes: s.number('withdraw_sla_minutes') || 30, claim_minutes: s.number('withdraw_claim_minutes') || 10,
    reject_reasons: 'reasons' in parsed ? parsed.reasons : [],
  }
}

/** A rejection's reason_code must be one of withdraw_reject_reasons' codes (400 naming the field otherwise). */
export async function assertReasonCode(db: Queryable, product: string, code: string): Promise<void> {
  const { reject_reasons } = await deskSettings(db, product)
  if (!reject_reasons.some((r) => r.code === code)) throw badRequest(`驳回原因代码不存在：${code}`, 'reason_code')
}

const claimLog = (w: Withdrawal) => ({ order_no: w.order_no, claimed_by: w.claimed_by, claim_expires_at: w.claim_expires_at })

export default [
  route(withdraw.claim, async (ctx, b) => {
    const { product, username, isSuper } = ctx.caller
    const before = await withdrawalById(ctx.db, product, b.id, { lock: true })
    if (before.status !== 3) throw conflict('该提现已处理，不能认领')
    const takenFrom = mayOverride(before.claimed_by, username, { force: b.force, superAdmin: isSuper })
    const { claim_minutes } = await deskSettings(ctx.db, product)
    await ctx.db.query(`update withdrawals set claimed_by = $2, claim_expires_at = now() + make_interval(mins => $3) where id = $1`,
      [b.id, username, claim_minutes])
    const after = await withdrawalById(ctx.db, product, b.id)
    ctx.audit.before = claimLog(before)
    ctx.audit.after = { ...claimLog(after), ...(takenFrom ? { taken_over_from: takenFrom } : {}) }
    return after
  }),
  route(withdraw.release, async (ctx, b) => {
    const { product, username, isSuper } = ctx.caller
    const before = await withdrawalById(ctx.db, product, b.id, { lock: true })
    if (!before.claimed_by) throw conflict('该提现没有人认领')
    if (before.claimed_by !== username && !isSuper) throw conflict(`已被 ${before.claimed_by} 认领，只能放弃自己的认领`)
    await ctx.db.query(`update withdrawals set ${UNCLAIMED} where id = $1`, [b.id])
    const after = await withdrawalById(ctx.db, product, b.id)
    ctx.audit.before = claimLog(before)
    ctx.audit.after = claimLog(after)
    return after
  }),
]
