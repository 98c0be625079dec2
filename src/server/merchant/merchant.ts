// /api/merchant routes (商户列表): the list with quotas, create, edit, delete (only merchants that never held quota)
// and addQuota (21 增加额度 / 22 减少额度 through the ledger, idempotent per Idempotency-Key).
import { Type } from '@sinclair/typebox'
import { randomUUID } from 'node:crypto'
import { route } from '../http/route'
import { Id, IdsBody, ListQuery, paged, paging, Text } from '../http/schemas'
import { idempotencyKey } from '../http/idempotency'
import { MERCHANT_PATHS } from '../../contract/merchant'
import { centsText } from '../../contract/money'
import { amountCents, MoneyText, RemarkText, requiredRemark } from '../finance/common'
import { createMerchant, deleteMerchants, editMerchant, listMerchants, merchantById } from './merchant-store'
import { moveQuota } from './quota'

const MENU = MERCHANT_PATHS.merchants

const Fields = {
  code: Type.String({ title: '商户编码', minLength: 2, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' }),
  name: Text('商户名称', 40, 1),
  contact: Type.Optional(Text('联系人', 32)),
  phone: Type.Optional(Type.String({ title: '联系电话', maxLength: 20, pattern: '^[0-9+ -]*$' })),
  status: Type.Integer({ title: '状态', minimum: 0, maximum: 1 }),
  remark: Type.Optional(RemarkText()),
}

export default [
  route({
    method: 'GET', url: '/api/merchant/index', summary: '商户列表（含额度与额度合计）', menu: MENU, action: 'R',
    query: ListQuery({
      code: Type.Optional(Text('商户编码', 32)),
      name: Type.Optional(Text('商户名称', 40)),
      status: Type.Optional(Type.Integer({ title: '状态', minimum: 0, maximum: 1 })),
    }),
    handler: async (ctx, q) => {
      const p = paging(q)
      const { items, total, quota } = await listMerchants(ctx.db, ctx.caller.product, q, p)
      return { ...paged(items, total, p), quota_stat: { quota } }
    },
  }),
  route({
    method: 'POST', url: '/api/merchant/create', summary: '新增商户（额度只能通过增减额度调整）', menu: MENU, action: 'C',
    body: Type.Object(Fields),
    handler: async (ctx, b) => {
      const m = await createMerchant(ctx.db, ctx.caller.product, b as never)
      ctx.audit.target_ids = [String(m.id)]
      ctx.audit.after = m
      return m
    },
  }),
  route({
    method: 'POST', url: '/api/merchant/edit', summary: '编辑商户（不改额度）', menu: MENU, action: 'U',
    body: Type.Object({ id: Id, ...Fields }),
    handler: async (ctx, b) => {
      const { before, after } = await editMerchant(ctx.db, ctx.caller.product, b.id, b as never)
      ctx.audit.before = before
      ctx.audit.after = after
      return after
    },
  }),
  route({
    method: 'POST', url: '/api/merchant/delete', summary: '删除商户（有额度、额度记录或充值记录的商户不能删除）', menu: MENU, action: 'D',
    body: IdsBody,
    handler: async (ctx, b) => {
      ctx.audit.before = await deleteMerchants(ctx.db, ctx.caller.product, [...new Set(b.ids)])
      return { ids: b.ids }
    },
  }),
  route({
    method: 'POST', url: '/api/merchant/addQuota', summary: '增减商户额度：21 增加（平台 → 商户），22 减少（商户 → 平台）',
    menu: MENU, action: 'U', idempotent: true,
    body: Type.Object({
      merchant_id: Id,
      type: Type.Union([Type.Literal(21), Type.Literal(22)], { title: '类型' }),
      amount: MoneyText('金额'),
      remark: RemarkText('备注', 1),
    }),
    handler: async (ctx, b) => {
      const amount = amountCents(b.amount)
      const remark = requiredRemark(b.remark)
      const before = await merchantById(ctx.db, ctx.caller.product, b.merchant_id, true)
      const key = `${b.merchant_id}:${ctx.caller.adminId}:${idempotencyKey(ctx.req) ?? randomUUID()}`
      const moved = await moveQuota(ctx.db, ctx.caller.product, {
        merchant_id: b.merchant_id, type: b.type as 21 | 22, amount, remark, admin: ctx.caller.username, key,
      })
      const after = await merchantById(ctx.db, ctx.caller.product, b.merchant_id)
      ctx.audit.target_ids = [String(b.merchant_id)]
      ctx.audit.before = { quota: before.quota }
      ctx.audit.after = { quota: after.quota, type: b.type, amount: centsText(amount), remark }
      return { ...after, quota_before: centsText(moved.before), quota_after: centsText(moved.after) }
    },
  }),
]
