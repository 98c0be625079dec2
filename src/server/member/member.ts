// /api/member routes (会员列表): the keyset-paged list with balance sums, create, edit, delete, show (logged), suggest.
import { Type } from '@sinclair/typebox'
import { route } from '../http/route'
import { member } from '../../contract/api/member'
import { DateTime, IdQuery, IdsBody } from '../http/schemas'
import { KeysetQuery } from '../db/paging'
import { deleteMembers, editMember, registerMember } from './member-write'
import { listMembers, showMember, suggestMembers } from './member-store'
import { fundPassword, memberPassword, NullableId, Phone, Remark, Status01, Text, Username } from './fields'

const MENU = '/layout/member'

const Fields = {
  username: Username,
  password: Type.Optional(Text('登录密码', 2048)),
  fund_password: Type.Optional(Text('资金密码', 2048)),
  nickname: Type.Optional(Text('昵称', 32)),
  real_name: Type.Optional(Text('真实姓名', 32)),
  phone: Type.Optional(Phone),
  level_id: NullableId('会员等级'),
  agent_id: NullableId('所属代理'),
  status: Status01(),
  remark: Type.Optional(Remark),
}

const Query = Type.Object({
  ...KeysetQuery,
  after: Type.Optional(Type.Integer({ title: '翻页位置', minimum: 0, maximum: 2147483647 })),
  before: Type.Optional(Type.Integer({ title: '翻页位置', minimum: 0, maximum: 2147483647 })),
  id: Type.Optional(Type.Integer({ title: '会员ID', minimum: 1, maximum: 2147483647 })),
  username: Type.Optional(Text('用户名', 16)),
  real_name: Type.Optional(Text('真实姓名', 32)),
  phone: Type.Optional(Text('手机号', 11)),
  level_id: Type.Optional(Type.Integer({ title: '会员等级', minimum: 1, maximum: 2147483647 })),
  agent_id: Type.Optional(Type.Integer({ title: '所属代理', minimum: 1, maximum: 2147483647 })),
  is_agent: Type.Optional(Status01('是否代理')),
  status: Type.Optional(Status01()),
  start_time: Type.Optional(DateTime('注册开始时间')),
  end_time: Type.Optional(DateTime('注册结束时间')),
  balance_min: Type.Optional(Text('最低余额', 20)),
  balance_max: Type.Optional(Text('最高余额', 20)),
})

export default [
  route({
    method: 'GET', url: '/api/member/index', summary: '会员列表（游标翻页，含余额合计）', menu: MENU, action: 'R', query: Query,
    handler: (ctx, q) => listMembers(ctx.root, ctx.caller.product, q as never),
  }),
  route({
    method: 'POST', url: '/api/member/create', summary: '新增会员（密码为 RSA 密文）', menu: MENU, action: 'C',
    body: Type.Object({ ...Fields, password: Text('登录密码', 2048, 1) }),
    handler: async (ctx, b) => {
      const password = memberPassword(ctx.keys, b.password)!
      const { id } = await registerMember(ctx.db, ctx.caller.product, {
        ...b, password, fund_password: fundPassword(ctx.keys, b.fund_password), register_ip: '',
        remark: b.remark?.trim(), nickname: b.nickname?.trim(), real_name: b.real_name?.trim(),
      })
      const member = await showMember(ctx.db, ctx.caller.product, id)
      ctx.audit.target_ids = [String(id)]
      ctx.audit.after = member
      return member
    },
  }),
  route({
    method: 'POST', url: '/api/member/edit', summary: '编辑会员（密码留空不修改）', menu: MENU, action: 'U',
    body: Type.Object({ id: Type.Integer({ title: 'ID', minimum: 1, maximum: 2147483647 }), ...Fields, is_agent: Type.Optional(Type.Boolean({ title: '是否代理' })) }),
    handler: async (ctx, b) => {
      const r = await editMember(ctx.db, ctx.caller.product, b.id, {
        ...b, password: memberPassword(ctx.keys, b.password), fund_password: fundPassword(ctx.keys, b.fund_password),
        remark: b.remark?.trim(), nickname: b.nickname?.trim(), real_name: b.real_name?.trim(),
      })
      ctx.audit.before = r.before
      // Named so the log's secret filter keeps it: which passwords were reset, never what to.
      const changed = [...(r.passwordChanged ? ['登录密码'] : []), ...(r.fundPasswordChanged ? ['资金密码'] : [])]
      ctx.audit.after = { ...r.after, changed_credentials: changed }
      return showMember(ctx.db, ctx.caller.product, b.id)
    },
  }),
  route({
    method: 'POST', url: '/api/member/delete', summary: '删除会员（仅限无资金记录、无余额、无下级的会员）', menu: MENU, action: 'D',
    body: IdsBody,
    handler: async (ctx, b) => {
      ctx.audit.before = await deleteMembers(ctx.db, ctx.caller.product, [...new Set(b.ids)])
      return { ids: b.ids }
    },
  }),
  route({
    method: 'GET', url: '/api/member/show', summary: '会员详情（完整手机号与资金汇总，记录查看日志）', menu: MENU, action: 'R', audit: true,
    query: IdQuery,
    handler: (ctx, q) => showMember(ctx.db, ctx.caller.product, q.id),
  }),
  route(member.suggest, (ctx, b) => suggestMembers(ctx.db, ctx.caller.product, b.username)),
]
