// Endpoints of the risk area: member logins, associations, bans, tags, notes and turnover (打码量).
import { Type } from '@sinclair/typebox'
import { get, post } from '../endpoint'
import { MENU } from '../menus'
import { col, LABELS_KEYWORD } from '../list'
import { DateTime, Hidden, Id, IdQuery, IdsBody, IntFilter, KeysetQuery, KeysetQueryInt, LabelFilter, Nullable, PageQuery, Paged, RemarkText, Text, TimeText } from '../schema'
import { ASSOCIATION_BY, BAN_BY, LOGIN_ACTION, LOGIN_REASON, LOGIN_RESULT, RISK_LEVEL } from '../risk'
import type { Association, Ban, MemberLogin, MemberTag, Note, SharedValue, Tag, Turnover } from '../risk'
import type { Paged as PagedOf } from '../common'

type List<T> = PagedOf<T> & { cursor_next: number | null; cursor_prev: number | null }

const LoginItem = Type.Object({
  id: Type.Integer(), member_id: Nullable(Type.Integer()), username: Type.String(), action: Type.String(), ip: Type.String(), device_id: Type.String(),
  user_agent: Type.String(), ok: Type.Boolean(), reason: Type.String(), at: TimeText,
}, { additionalProperties: false })
const BanItem = Type.Object({
  id: Type.Integer(), by: Type.String(), value: Type.String(), remark: Type.String(), admin: Type.String(), created_at: TimeText,
}, { additionalProperties: false })
const TagItem = Type.Object({
  id: Type.Integer(), name: Type.String(), color: Type.String(), risk_level: Type.Integer(), exclusive: Type.String(),
  member_count: Type.Integer(), created_at: TimeText,
}, { additionalProperties: false })
const MemberRef = { member_id: Type.Integer({ title: '会员', minimum: 1, maximum: 2147483647 }) }
const TagFields = {
  name: Text('标签名称', 20, 1),
  color: Type.Optional(Type.String({ title: '颜色', pattern: '^(#[0-9a-fA-F]{6})?$', maxLength: 7 })),
  risk_level: Type.Integer({ title: '风险等级', minimum: 0, maximum: 3 }),
  exclusive: Type.Optional(Text('互斥组', 20)),
}
const ByValue = (labels: Record<string, string>) => Type.Union(Object.keys(labels).map((k) => Type.Literal(k)), { title: '类型', [LABELS_KEYWORD]: labels })

export const memberRisk = {
  logins: get<List<MemberLogin>>()('/api/member/logins', MENU.memberLogins, '会员登录与注册记录（游标翻页，最新在前；被拒绝的注册没有会员，只记所填用户名）', Type.Object({
    ...KeysetQuery,
    username: Type.Optional(Text('用户名', 16)),
    member_id: Hidden(IntFilter('会员ID', 1, 2147483647)),
    ip: Type.Optional(Text('IP', 45)),
    device_id: Type.Optional(Text('设备', 64)),
    ok: LabelFilter('结果', LOGIN_RESULT),
    action: LabelFilter('类型', LOGIN_ACTION),
    start_time: Type.Optional(DateTime('开始时间')),
    end_time: Type.Optional(DateTime('结束时间')),
  }), {
    response: Paged(LoginItem),
    columns: [col('username', '会员', undefined, 120), col('action', '类型', LOGIN_ACTION, 70), col('ok', '结果', 'bool', 70), col('reason', '原因', LOGIN_REASON, 110),
      col('ip', 'IP', undefined, 140), col('device_id', '设备', undefined, 160), col('user_agent', '浏览器', undefined, 240, true),
      col('at', '时间', 'datetime', 165)],
  }),
  associations: get<{ items: Association[] }>()('/api/member/associations', [MENU.member, MENU.withdraw, MENU.associations],
    '会员的关联账号：同 IP、设备、银行卡、钱包地址的其他会员', Type.Object(MemberRef)),
  tags: post<MemberTag[]>()('/api/member/tags', MENU.member, 'U', '设置会员标签（风险等级取最高）', Type.Object({
    ...MemberRef, tag_ids: Type.Array(Id, { title: '标签', maxItems: 50 }),
  }), { idempotent: true }),
  // Idempotent: a note retried after a lost answer is written once.
  note: post<Note>()('/api/member/note', [MENU.member, MENU.withdraw], 'C', '添加会员备注（只增不改）', Type.Object({
    ...MemberRef, text: Text('备注', 500, 1),
  }), { idempotent: true }),
  notes: get<{ items: Note[] }>()('/api/member/notes', [MENU.member, MENU.withdraw], '会员备注（最新在前）', Type.Object(MemberRef)),
  turnover: get<Turnover>()('/api/member/turnover', [MENU.member, MENU.withdraw], '会员打码量：要求、已完成、剩余', Type.Object(MemberRef)),
  waive: post<Turnover>()('/api/member/turnover/waive', MENU.member, 'U', '免除会员剩余打码量（须填写原因）', Type.Object({
    ...MemberRef, remark: RemarkText('原因', 1),
  }), { idempotent: true }),
}

export const risk = {
  shared: get<PagedOf<SharedValue>>()('/api/risk/shared', MENU.associations, '多个会员共用的 IP、设备、银行卡、钱包地址（人数多者在前）', Type.Object({
    ...PageQuery,
    by: ByValue(ASSOCIATION_BY),
    min: Type.Optional(Type.Integer({ title: '最少人数', minimum: 2, maximum: 1000 })),
  }), { columns: [col('value', '共用值', undefined, 260), col('count', '会员数', undefined, 90), col('last_seen', '最近出现', 'datetime', 165)] }),
}

export const ban = {
  index: get<List<Ban>>()('/api/risk/ban/index', MENU.bans, '封禁列表', Type.Object({
    ...KeysetQueryInt,
    by: LabelFilter('类型', BAN_BY), value: Type.Optional(Text('封禁值', 64)),
  }), {
    response: Paged(BanItem),
    columns: [col('by', '类型', BAN_BY, 80), col('value', '封禁值', undefined, 220), col('remark', '原因', undefined, 240),
      col('admin', '操作人', undefined, 100), col('created_at', '时间', 'datetime', 165)],
  }),
  create: post<Ban>()('/api/risk/ban/create', MENU.bans, 'C', '封禁 IP 或设备（须填写原因）', Type.Object({
    by: ByValue(BAN_BY), value: Text('封禁值', 64, 1), remark: RemarkText('原因', 1),
  })),
  delete: post<{ ids: number[] }>()('/api/risk/ban/delete', MENU.bans, 'D', '解除封禁', IdsBody),
}

export const tag = {
  // Also for the member screens: their tag filter and 设置会员标签 choose from it.
  index: get<List<Tag>>()('/api/tag/index', [MENU.tags, MENU.member], '会员标签', Type.Object({
    ...KeysetQueryInt,
    name: Type.Optional(Text('标签名称', 20)), risk_level: LabelFilter('风险等级', RISK_LEVEL),
  }), {
    response: Paged(TagItem),
    columns: [col('name', '标签', undefined, 140), col('risk_level', '风险等级', RISK_LEVEL, 100), col('exclusive', '互斥组', undefined, 120),
      col('member_count', '会员数', undefined, 90), col('color', '颜色', undefined, 90, true), col('created_at', '创建时间', 'datetime', 165)],
  }),
  create: post<Tag>()('/api/tag/create', MENU.tags, 'C', '新增会员标签', Type.Object(TagFields)),
  edit: post<Tag>()('/api/tag/edit', MENU.tags, 'U', '编辑会员标签', Type.Object({ id: Id, ...TagFields })),
  delete: post<{ ids: number[] }>()('/api/tag/delete', MENU.tags, 'D', '删除会员标签（有会员持有时拒绝）', IdsBody),
  show: get<Tag>()('/api/tag/show', MENU.tags, '会员标签详情', IdQuery),
}
