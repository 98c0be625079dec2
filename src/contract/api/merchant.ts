// Endpoints of the merchant menu (see ../endpoint.ts): merchants and their quota, the quota bills (额度记录, URL
// /api/merchantbill) and the agents (代理列表, URL /api/agent). Each export is one resource: { name: endpoint }.
import { Type } from '@sinclair/typebox'
import { get, post } from '../endpoint'
import { MENU } from '../menus'
import { DateTime, Id, IdsBody, IntFilter, KeysetQuery, Money, MoneyText, Nullable, Paged, RateText, Remark, RemarkText, Status01, Text } from '../schema'
import { AgentItem, BillItem, MerchantItem } from '../merchant'
import type { AgentEdit, AgentIndex, BillIndex, Merchant, MerchantIndex, QuotaAnswer } from '../merchant'

/** Paging of a list over an integer (int4) id: its cursors are within the column. */
const IntKeyset = {
  ...KeysetQuery,
  after: Type.Optional(Type.Integer({ title: '翻页位置', minimum: 0, maximum: 2147483647 })),
  before: Type.Optional(Type.Integer({ title: '翻页位置', minimum: 0, maximum: 2147483647 })),
}
const Range = { start_time: Type.Optional(DateTime('开始时间')), end_time: Type.Optional(DateTime('结束时间')) }
const Labels = Type.Record(Type.String(), Type.String())

/** A merchant as create and edit take it: the quota is never a field (it moves only through addQuota). */
const Fields = {
  code: Type.String({ title: '商户编码', minLength: 2, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' }),
  name: Text('商户名称', 40, 1),
  contact: Type.Optional(Text('联系人', 32)),
  phone: Type.Optional(Type.String({ title: '联系电话', maxLength: 20, pattern: '^[0-9+ -]*$' })),
  status: Status01(),
  remark: Type.Optional(RemarkText()),
}

export const merchant = {
  index: get<MerchantIndex>()('/api/merchant/index', MENU.merchants, '商户列表（游标翻页，含额度与额度合计）',
    Type.Object({ ...IntKeyset, code: Type.Optional(Text('商户编码', 32)), name: Type.Optional(Text('商户名称', 40)), status: Type.Optional(Status01()) }),
    { response: Paged(MerchantItem, { quota_stat: Nullable(Type.Object({ quota: Money })) }) }),
  create: post<Merchant>()('/api/merchant/create', MENU.merchants, 'C', '新增商户（额度只能通过增减额度调整）',
    Type.Object(Fields), { response: MerchantItem }),
  edit: post<Merchant>()('/api/merchant/edit', MENU.merchants, 'U', '编辑商户（不改额度）',
    Type.Object({ id: Id, ...Fields }), { response: MerchantItem }),
  delete: post<{ ids: number[] }>()('/api/merchant/delete', MENU.merchants, 'D', '删除商户（有额度、额度记录或充值记录的商户不能删除）', IdsBody),
  addQuota: post<QuotaAnswer>()('/api/merchant/addQuota', MENU.merchants, 'U', '增减商户额度：21 增加（平台 → 商户），22 减少（商户 → 平台）',
    Type.Object({
      merchant_id: Id,
      type: Type.Union([Type.Literal(21), Type.Literal(22)], { title: '类型' }),
      amount: MoneyText('金额'),
      remark: RemarkText('备注', 1),
    }), {
      idempotent: true,
      response: Type.Object({ ...MerchantItem.properties, quota_before: Money, quota_after: Money }, { additionalProperties: false }),
    }),
}

export const bills = {
  index: get<BillIndex>()('/api/merchantbill/index', MENU.bills, '商户额度记录（每页 13 条，游标翻页，含增加与减少合计）',
    Type.Object({
      ...KeysetQuery,
      merchant_id: IntFilter('商户', 1, 2147483647),
      type: IntFilter('类型', 21, 22),
      ref: Type.Optional(Text('关联单号', 64)),
      ...Range,
    }),
    { response: Paged(BillItem, { money_stat: Nullable(Type.Object({ add: Money, reduce: Money })), types: Labels }) }),
}

export const agent = {
  index: get<AgentIndex>()('/api/agent/index', MENU.agents, '代理列表（团队人数与本期团队资金，游标翻页）',
    Type.Object({ ...IntKeyset, username: Type.Optional(Text('用户名', 16)), status: Type.Optional(Status01()), ...Range }),
    { response: Paged(AgentItem, { range: Type.Object({ from: Nullable(Type.String()), to: Nullable(Type.String()) }) }) }),
  edit: post<AgentEdit>()('/api/agent/edit', MENU.agents, 'U', '编辑代理（返点、状态、备注）；停用代理不影响其下级',
    Type.Object({ id: Id, rebate_rate: RateText('返点', 5), status: Status01(), remark: Type.Optional(Remark) }), {
      response: Type.Object({ id: Type.Integer(), username: Type.String(), rebate_rate: Type.String(), status: Type.Integer(), remark: Type.String() },
        { additionalProperties: false }),
    }),
}
