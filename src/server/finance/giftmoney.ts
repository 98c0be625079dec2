// /api/giftmoney routes (人工充值扣款, 彩金赠送): create a manual top-up, deduction or gift money (one member, or gift
// money to up to 1,000 usernames with a result each), idempotent per Idempotency-Key; and the list of these records.
import { Type } from '@sinclair/typebox'
import { randomUUID } from 'node:crypto'
import { route } from '../http/route'
import { DateTime, Text } from '../http/schemas'
import { countWithin, KeysetQuery, keyset, keysetPaged, pageRows, Where } from '../db/paging'
import { idempotencyKey } from '../http/idempotency'
import { badRequest } from '../errors'
import { readSettings } from '../settings/store'
import { FINANCE_PATHS, GIFT_BATCH_MAX, MANUAL_SOURCE, MANUAL_TYPE, type GiftAnswer, type GiftIndex, type GiftRecord } from '../../contract/finance'
import { centsText } from '../../contract/money'
import { amountCents, assertMenu, memberIdOf, MoneyText, RemarkText, requiredRemark } from './common'
import { adjustOne, giftMany, type ManualType } from './manual-rules'
import { RECHARGE_COLS, RECHARGE_FROM } from './recharge-store'

const MENUS = [FINANCE_PATHS.manual, FINANCE_PATHS.gift]
const SOURCE_TYPE = `case r.source when 1 then 6 when 3 then 7 else 8 end`

function typesOf(raw: string | undefined): number[] {
  if (!raw) return []
  const types = raw.split(',').map((t) => Number(t.trim()))
  if (types.some((t) => !(t in MANUAL_TYPE))) throw badRequest('类型只能是 6 人工加款、7 彩金、8 人工扣款', 'type')
  return types
}

export default [
  route({
    method: 'POST', url: '/api/giftmoney/create', summary: '人工加款（6）、人工扣款（8）或彩金（7，可一次最多 1000 个会员），支持 Idempotency-Key',
    menu: MENUS, action: 'C', idempotent: true,
    body: Type.Object({
      type: Type.Union([Type.Literal(6), Type.Literal(7), Type.Literal(8)], { title: '类型' }),
      username: Type.Optional(Text('用户名', 16)),
      member_id: Type.Optional(Type.Integer({ title: '会员ID', minimum: 1, maximum: 2147483647 })),
      usernames: Type.Optional(Type.Array(Text('用户名', 16, 1), { title: '用户名列表', minItems: 1, maxItems: GIFT_BATCH_MAX })),
      amount: MoneyText('金额'),
      remark: RemarkText('备注', 1),
      confirm: Type.Optional(Type.Boolean({ title: '确认' })),
    }),
    handler: async (ctx, b): Promise<GiftAnswer> => {
      const type = b.type as ManualType
      await assertMenu(ctx.db, ctx.caller, type === 7 ? FINANCE_PATHS.gift : FINANCE_PATHS.manual, 'C')
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
      const a = { type, amount, remark, admin: ctx.caller.username, key: `${ctx.caller.adminId}:${idempotencyKey(ctx.req) ?? randomUUID()}` }
      const results = many
        ? await giftMany(ctx.db, ctx.caller.product, b.usernames!, a)
        : [await adjustOne(ctx.db, ctx.caller.product, { member_id: b.member_id, username: b.username }, a)]
      const ok = results.filter((r) => r.ok)
      ctx.audit.target_ids = ok.map((r) => String(r.member_id))
      const answer: GiftAnswer = {
        type, amount: centsText(amount), ok: ok.length, failed: results.length - ok.length, total: centsText(amount * ok.length), results,
      }
      ctx.audit.after = { type, amount: answer.amount, remark, total: answer.total, ok: answer.ok, failed: answer.failed, results }
      return answer
    },
  }),
  route({
    method: 'GET', url: '/api/giftmoney/index', summary: '人工加款、扣款与彩金记录（含各类型合计）', menu: MENUS, action: 'R',
    query: Type.Object({
      ...KeysetQuery,
      type: Type.Optional(Text('类型', 20)),
      username: Type.Optional(Text('用户名', 16)),
      admin: Type.Optional(Text('操作人', 32)),
      start_time: Type.Optional(DateTime('开始时间')),
      end_time: Type.Optional(DateTime('结束时间')),
    }),
    handler: async (ctx, q) => {
      const product = ctx.caller.product
      const p = keyset(q)
      const w = new Where().add('r.product = ?', product).add('r.source in (1, 2, 3)')
      const types = typesOf(q.type)
      if (types.length) w.add('r.source = any(?::smallint[])', types.map((t) => MANUAL_SOURCE[t]))
      w.eq('r.member_id', await memberIdOf(ctx.db, product, q.username)).eq('r.admin', q.admin?.trim())
      w.timeRange('r.created_at', q)
      const [page, totals] = await Promise.all([pageRows<GiftRecord>(ctx.root, p, {
        select: `${RECHARGE_COLS}, ${SOURCE_TYPE} as type`, from: RECHARGE_FROM, where: w, idCol: 'r.id',
      }), countWithin<GiftIndex['money_stat'] & object>(ctx.root, {
        from: 'recharges r', where: w,
        stats: `cents_text(coalesce(sum(r.amount) filter (where r.source = 1), 0)) as manual_add,
                cents_text(coalesce(sum(r.amount) filter (where r.source = 3), 0)) as gift,
                cents_text(coalesce(sum(r.amount) filter (where r.source = 2), 0)) as manual_sub`,
      })])
      return { ...keysetPaged(page.rows, p, totals, page), money_stat: totals.stats, types: { type: MANUAL_TYPE } }
    },
  }),
]
