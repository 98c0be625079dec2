// Endpoints of admin sessions: 登录日志 (every login attempt) and 在线用户 (sessions alive now, forced out by a super admin).
import { Type } from '@sinclair/typebox'
import { get, post } from '../endpoint'
import { MENU } from '../menus'
import { col } from '../list'
import { DateTime, INT53, KeysetQuery, LabelFilter, Nullable, Paged, Text, TimeText } from '../schema'
import { LOGIN_LOG_REASON, LOGIN_LOG_RESULT, type LoginLogIndex, type OnlineIndex } from '../sessions'

const LoginLogItem = Type.Object({
  id: Type.Integer(), username: Type.String(), admin_id: Nullable(Type.Integer()), ok: Type.Boolean(), reason: Type.String(),
  ip: Type.String(), user_agent: Type.String(), at: TimeText,
}, { additionalProperties: false })
const OnlineItem = Type.Object({
  id: Type.Integer(), admin_id: Type.Integer(), username: Type.String(), nickname: Type.String(), product: Type.String(),
  ip: Type.String(), user_agent: Type.String(), created_at: TimeText, last_seen_at: TimeText, expires_at: TimeText, current: Type.Boolean(),
}, { additionalProperties: false })

export const loginlog = {
  index: get<LoginLogIndex>()('/api/loginlog/index', MENU.loginlog, '登录日志：管理员每次登录尝试（成功与失败原因；游标翻页，最新在前）', Type.Object({
    ...KeysetQuery,
    username: Type.Optional(Text('用户名', 64)),
    ok: LabelFilter('结果', LOGIN_LOG_RESULT),
    reason: LabelFilter('原因', LOGIN_LOG_REASON),
    ip: Type.Optional(Text('IP', 45)),
    start_time: Type.Optional(DateTime('开始时间')),
    end_time: Type.Optional(DateTime('结束时间')),
  }), {
    response: Paged(LoginLogItem),
    columns: [col('username', '用户名', undefined, 130), col('ok', '结果', 'bool', 70), col('reason', '原因', LOGIN_LOG_REASON, 130),
      col('ip', 'IP', undefined, 140), col('user_agent', '浏览器', undefined, 260), col('at', '时间', 'datetime', 165)],
  }),
}

// Super admins only, refused to everyone else by the handlers: the page is in no menu row, so no role can be given it.
export const session = {
  index: get<OnlineIndex>()('/api/session/index', 'session', '在线用户：当前有效的管理员会话（仅超级管理员；不含令牌）', Type.Object({
    ...KeysetQuery,
    username: Type.Optional(Text('用户名', 64)),
    ip: Type.Optional(Text('IP', 45)),
  }), {
    response: Paged(OnlineItem),
    columns: [col('username', '管理员', undefined, 120), col('nickname', '昵称', undefined, 110), col('product', '产品', undefined, 90),
      col('ip', 'IP', undefined, 140), col('created_at', '登录时间', 'datetime', 165), col('last_seen_at', '最近活动', 'datetime', 165),
      col('user_agent', '浏览器', undefined, 240, true), col('expires_at', '到期时间', 'datetime', 165, true)],
  }),
  delete: post<{ ids: number[] }>()('/api/session/delete', 'session', 'D', '强制下线：立即结束所选会话（仅超级管理员；不能结束自己当前的会话）', Type.Object({
    ids: Type.Array(Type.Integer({ title: '会话', minimum: 1, maximum: INT53.maximum }), { title: '会话', minItems: 1, maxItems: 1000 }),
  })),
}
