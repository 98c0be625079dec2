// /api/merchant routes (商户列表): the declared list with quotas and their sum, create, edit, delete (only merchants that
// never held quota) and addQuota (21 增加额度 / 22 减少额度 through the ledger, idempotent per Idempotency-Key).
import { route } from '../http/route'
import { by, listRoute, type Filter } from '../db/list'
import { requestCause } from '../http/idempotency'
import { merchant } from '../../contract/api/merchant'
import { centsText } from '../../contract/money'
import { amountCents, requiredRemark } from '../finance/common'
import { createMerchant, deleteMerchants, editMerchant, merchantById, MERCHANT_COLS, MERCHANT_FROM } from './merchant-store'
import { moveQuota } from './quota'

/** A part of the text, anywhere in it (`%` and `_` taken literally). */
const contains = (col: string): Filter<string> => (w, v) => {
  const s = v.trim()
  if (s) w.add(`${col} like ?`, `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
}

export default [
  listRoute(merchant.index, {
    from: MERCHANT_FROM, select: MERCHANT_COLS, id: 'mc.id', table: 'merchants', product: 'mc.product',
    filters: { code: by.prefix('mc.code'), name: contains('mc.name'), status: 'mc.status' },
    sums: 'cents_text(coalesce(sum(a.balance), 0)) as quota', statsKey: 'quota_stat',
  }),
  route(merchant.create, async (ctx, b) => {
    const m = await createMerchant(ctx.db, ctx.caller.product, b)
    ctx.audit.target_ids = [String(m.id)]
    ctx.audit.after = m
    return m
  }),
  route(merchant.edit, async (ctx, b) => {
    const { before, after } = await editMerchant(ctx.db, ctx.caller.product, b.id, b)
    ctx.audit.before = before
    ctx.audit.after = after
    return after
  }),
  route(merchant.delete, async (ctx, b) => {
    ctx.audit.before = await deleteMerchants(ctx.db, ctx.caller.product, [...new Set(b.ids)])
    return { ids: b.ids }
  }),
  route(merchant.addQuota, async (ctx, b) => {
    const amount = amountCents(b.amount)
    const remark = requiredRemark(b.remark)
    const before = await merchantById(ctx.db, ctx.caller.product, b.merchant_id, true)
    const key = `${b.merchant_id}:${requestCause(ctx.req, ctx.caller.adminId)}`
    const moved = await moveQuota(ctx.db, ctx.caller.product, {
      merchant_id: b.merchant_id, type: b.type, amount, remark, admin: ctx.caller.username, key,
    })
    const after = await merchantById(ctx.db, ctx.caller.product, b.merchant_id)
    ctx.audit.target_ids = [String(b.merchant_id)]
    ctx.audit.before = { quota: before.quota }
    ctx.audit.after = { quota: after.quota, type: b.type, amount: centsText(amount), remark }
    return { ...after, quota_before: centsText(moved.before), quota_after: centsText(moved.after) }
  }),
]
