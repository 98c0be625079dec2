// Admin sessions: the login log's results and reasons, and the records of 登录日志 and 在线用户.
import type { Labels } from './enums'
import type { Paged } from './common'

export const LOGIN_LOG_RESULT: Labels = { 1: '成功', 0: '失败' }
/** Why an attempt failed ('' on success). An unknown user is answered like a wrong password; only the log tells them apart. */
export const LOGIN_LOG_REASON: Labels = {
  '': '', password: '密码错误', unknown_user: '用户不存在', throttled: '尝试过多已锁定', need_google: '未填谷歌验证码',
  google: '谷歌验证码错误', whitelist: 'IP 不在白名单', disabled: '账号已禁用', error: '系统错误',
}
export type LoginReason = Exclude<keyof typeof LOGIN_LOG_REASON, number>

export interface LoginLogEntry {
  id: number; username: string; admin_id: number | null; ok: boolean; reason: string; ip: string; user_agent: string; at: string
}

/** A session alive now: never its token nor the token's hash. `current` marks the caller's own. */
export interface OnlineSession {
  id: number; admin_id: number; username: string; nickname: string; product: string; ip: string; user_agent: string
  created_at: string; last_seen_at: string; expires_at: string; current: boolean
}

export type LoginLogIndex = Paged<LoginLogEntry> & { cursor_next: number | null; cursor_prev: number | null }
export type OnlineIndex = Paged<OnlineSession> & { cursor_next: number | null; cursor_prev: number | null }
