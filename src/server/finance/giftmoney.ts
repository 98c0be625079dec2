// /api/giftmoney routes (人工充值扣款, 彩金赠送): create a manual top-up, deduction or gift money (one member, or gift
// money to up to 1,000 usernames with a result each), idempotent per Idempotency-Key, a top-up or gift with its own
// turnover multiple (打码倍数) or the setting's; and the list of these records.
import { randomUUID } from 'node:crypto'
import { route } from '../http/route'
import { listRoute, by, type Filter } from '../db/list'
import { idempotencyKey } from '../http/idempotency'
import { badRequest } from '../errors'
import { readSettings } from '../settings/store'
import { giftmoney } from '../../contract/api/finance'
import { MENU } from '../../contract/menus'
import { MANUAL_SOURCE, MANUAL_TYPE, type GiftAnswer } from '../../contract/finance'
import { centsText } from '../../contract/money'
import { amountCents, assertMenu, requiredRemark } from './common'
import { adjustOne, giftMany, type ManualType } from './manual-rules'
import { RECHARGE_COLS, RECHARGE_FROM } from './recharge-store'
import { parseMultiple } from '../risk/turnover'

/** `type` as one type or several (`6,8`), each 6, 7 or 8: the records of those sources. */
const byTypes: Filter<string> = (w, raw) => {
  const types = raw.split(',').map((t) => Number(t.trim()))
  if (types.some((t) => !(t in MANUAL_TYPE))) throw badRequest('类型只能是 6 人工加款、7 彩金、8 人工扣款', 'type')
  w.add('r.source = any(?::smallint[])', types.map((t) => MANUAL_SOURCE[t]))
}

export default [
  route(giftmoney.create, async (ctx, b) => {
    const type = b.type as ManualType
    await assertMenu(ctx.db, ctx.caller, type === 7 ? MENU.gift : MENU.manual, 'C')
    const amount = amountCents(b.amount)
    const remark = requiredRemark(b.remark)
    const many = b.usernames !== undefined
    if (many && type !== 7) throw badRequest('只有彩金可以一次发给多个会员', 'usernames')
    if (!many && b.member_id === undefined && !b.username?.trim()) throw badRequest('请选择会员', 'username')
    const count = many ? new Set(b.usernames!.map((u) => u.trim().toLowerCase())).size : 1
    const total = amount * count
    const limit = (await readSettings(ctx.db, ctx.caller.product, ['manual_confirm_amount'])).cents('manual_confirm_amount')
    if (total > limit && b.confirm !== true) {
      throw badRequest(`金额合计 ${centsText(total)} 元超过人工操作确认金额 ${centsText(limit)} 元，请核对后确认提交（confirm: true）`, 'confirm')
    }
    if (type === 8 && b.turnover_multiple !== undefined) throw badRequest('人工扣款没有打码量，不能填写打码倍数', 'turnover_multiple')
    const multiple = b.turnover_multiple === undefined ? null : parseMultiple(b.turnover_multiple)
    const a = {
      type, amount, remark, admin: ctx.caller.username, key: `${ctx.caller.adminId}:${idempotencyKey(ctx.req) ?? randomUUID()}`, turnover_multiple: multiple,
    }
    const results = many
      ? await giftMany(ctx.db, ctx.caller.product, b.usernames!, a)
      : [await adjustOne(ctx.db, ctx.caller.product, { member_id: b.member_id, username: b.username }, a)]
    const ok = results.filter((r) => r.ok)
    ctx.audit.target_ids = ok.map((r) => String(r.member_id))
    const answer: GiftAnswer = {
      type, amount: centsText(amount), ok: ok.length, failed: results.length - ok.length, total: centsText(amount * ok.length), results,
    }
    ctx.audit.after = {
      type, amount: answer.amount, remark, ...(multiple === null ? {} : { turnover_multiple: multiple }), total: answer.total, ok: answer.ok, failed: answer.failed, results,
    }
    return answer
  }),
  listRoute(giftmoney.index, {
    from: RECHARGE_FROM, countFrom: 'recharges r', select: `${RECHARGE_COLS}, case r.source when 1 then 6 when 3 then 7 else 8 end as type`,
    id: 'r.id', table: 'recharges', product: 'r.product', base: 'r.source in (1, 2, 3)', time: 'r.created_at',
    filters: { type: byTypes, username: by.member('r.member_id'), admin: by.text('r.admin') },
    sums: `cents_text(coalesce(sum(r.amount) filter (where r.source = 1), 0)) as manual_add,
      cents_text(coalesce(sum(r.amount) filter (where r.source = 3), 0)) as gift,
      cents_text(coalesce(sum(r.amount) filter (where r.source = 2), 0)) as manual_sub`,
    statsKey: 'money_stat', extra: () => ({ types: { type: MANUAL_TYPE } }),
  }),
]
