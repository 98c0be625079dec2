// Risk: members' logins and devices, bans, tags with their risk levels, notes, associations and turnover (打码量).
import { Type, type Static } from '@sinclair/typebox'
import type { Labels } from './enums'

export const RISK_LEVEL: Labels = { 0: '正常', 1: '关注', 2: '高风险', 3: '黑名单' }
export const BAN_BY: Labels = { ip: 'IP', device: '设备' }
export const ASSOCIATION_BY: Labels = { ip: 'IP', device: '设备', card: '银行卡', wallet: '钱包地址' }
export const LOGIN_RESULT: Labels = { 1: '成功', 0: '失败' }
export const LOGIN_REASON: Labels = { '': '', banned_ip: 'IP 已封禁', banned_device: '设备已封禁', password: '密码错误', disabled: '账号已禁用' }
/** What the attempt was: signing in, or registering (a refused registration has no member, only the name asked for). */
export const LOGIN_ACTION: Labels = { login: '登录', register: '注册' }
export const TURNOVER_SOURCE: Labels = { 1: '充值', 2: '彩金', 3: '人工加款' }

export interface MemberLogin {
  id: number; member_id: number | null; username: string; action: 'login' | 'register'; ip: string; device_id: string; user_agent: string
  ok: boolean; reason: string; at: string
}
export interface Ban { id: number; by: 'ip' | 'device'; value: string; remark: string; admin: string; created_at: string }
export interface Tag { id: number; name: string; color: string; risk_level: number; exclusive: string; member_count: number; created_at: string }
/** A tag a member holds, as every list and panel naming the member shows it (highest risk first). */
export const MemberTagItem = Type.Object({ id: Type.Integer(), name: Type.String(), color: Type.String(), risk_level: Type.Integer() }, { additionalProperties: false })
export type MemberTag = Static<typeof MemberTagItem>
export interface Note { id: number; text: string; admin: string; created_at: string }

export interface AssociatedMember { id: number; username: string; status: number; risk_level: number }
export interface Association { by: 'ip' | 'device' | 'card' | 'wallet'; value: string; members: AssociatedMember[] }
export interface SharedValue { value: string; count: number; last_seen: string }

export interface TurnoverItem {
  id: number; source: number; ref: string; amount: string; multiple: string; required: string; done: string; waived: boolean; created_at: string
}
export interface Turnover { required: string; done: string; remaining: string; items: TurnoverItem[] }
