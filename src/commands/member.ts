// 会员管理: the member list with routed create/edit, enable/disable, set agent, delete, and 查找会员 from anywhere
// (a username argument with suggestions, opening the member drawer). The other member screens' files are imported here.
import { defineCommands } from '../core/registry'
import { refreshList } from '../core/context'
import type { ArgChoice, Row } from '../core/command'
import { api, call } from '../core/api'
import { eachRow, lines, one, reportBulk } from '../core/ops'
import { API } from '../contract/api'
import { MENU } from '../contract/menus'
import { crud } from './crud'
import './member-levels'
import './member-virtuals'
import './member-payees'
import './merchant-agents'
import './admin-ledger'

const M = MENU.member
const name = (r: Row) => `${r.username}${r.nickname ? `（${r.nickname}）` : ''}`
const detail = () => import('../views/member/member-detail')

/** Members by username prefix, as palette choices (never a toast on error: the suggest call is quiet). */
export async function suggestMembers(query: string): Promise<ArgChoice[]> {
  const rows = await api.member.suggest({ username: query.trim() }, { silent: true })
  return rows.map((m) => ({
    value: String(m.id), label: m.username,
    hint: `${m.real_name || m.nickname || ''} 余额 ${m.balance}${m.status === 0 ? ' 已禁用' : ''}`.trim(),
  }))
}

/** Agents by username prefix (the member index filtered to agents). */
async function suggestAgents(query: string): Promise<ArgChoice[]> {
  const page = await api.member.index({ is_agent: 1, username: query.trim() || undefined, per_page: 20 }, { silent: true })
  return [{ value: '0', label: '无代理', hint: '移出代理' }, ...page.items.map((a) => ({ value: String(a.id), label: a.username, hint: a.nickname }))]
}

/** Edits members keeping every other field: the edit call carries only what changes. */
export function editEach(rows: Row[], title: string, change: Record<string, unknown>) {
  return eachRow(rows, (r) => call(API.member.edit, { id: r.id, username: r.username, status: r.status, ...change }))
    .then((res) => {
      refreshList(M)
      return reportBulk(title, res, (id) => String(rows.find((r) => r.id === id)?.username ?? id))
    })
}

// The list and its delete are ordinary; create and edit are routed pages.
const [memberList, deleteMembers] = crud({
  list: M, noun: '会员', keywords: ['member', 'huiyuan'],
  open: { id: 'member.memberList', title: '会员列表', view: () => import('../views/member/members') },
  remove: { id: 'member.deleteMembers', endpoint: API.member.delete, line: name, notes: ['只能删除没有资金记录、余额、登录记录、备注和下级的会员；其余请改为禁用'] },
})

export default defineCommands([
  memberList,
  {
    id: 'member.createMember', title: '新增会员', keywords: ['member', 'add', 'xinzeng'], menu: MENU.memberCreate, action: 'C',
    path: MENU.memberCreate, view: () => import('../views/member/member-form'),
  },
  {
    // The edit page itself: reached with ?id=N from 编辑会员, never listed on its own.
    id: 'member.memberEditor', title: '编辑会员', menu: MENU.memberEdit, path: MENU.memberEdit, sidebar: false,
    view: () => import('../views/member/member-form'), when: () => false,
  },
  {
    id: 'member.editMember', title: '编辑会员', keywords: ['member', 'edit'], menu: MENU.memberEdit, on: 'rows', list: M, rowKey: 'edit',
    when: (ctx) => one(ctx.rows),
    run: (ctx) => ctx.navigate(`${MENU.memberEdit}?id=${ctx.rows[0].id}&back=${encodeURIComponent(window.location.pathname + window.location.search)}`),
  },
  {
    id: 'member.findMember', title: '查找会员', keywords: ['find', 'search', 'member', 'chazhao'], menu: M, hotkey: 'alt+m',
    args: [{ name: 'member', title: '会员用户名', placeholder: '输入用户名前缀…', search: (q) => suggestMembers(q) }],
    run: async (ctx) => {
      const id = Number(ctx.args.member)
      await (await detail()).openMemberDrawer(id)
    },
  },
  {
    id: 'member.disableMembers', title: '禁用会员', keywords: ['disable', 'jinyong'], menu: M, action: 'U', on: 'rows', list: M,
    when: (ctx) => ctx.rows.some((r) => r.status === 1),
    confirm: (ctx) => ({ title: '禁用会员', danger: true, okText: '禁用', lines: [...lines(ctx.rows.filter((r) => r.status === 1), name), '禁用后会员无法登录会员站'] }),
    run: (ctx) => editEach(ctx.rows.filter((r) => r.status === 1), '禁用会员', { status: 0 }),
  },
  {
    id: 'member.enableMembers', title: '启用会员', keywords: ['enable', 'qiyong'], menu: M, action: 'U', on: 'rows', list: M,
    when: (ctx) => ctx.rows.some((r) => r.status === 0),
    confirm: (ctx) => ({ title: '启用会员', okText: '启用', lines: lines(ctx.rows.filter((r) => r.status === 0), name) }),
    run: (ctx) => editEach(ctx.rows.filter((r) => r.status === 0), '启用会员', { status: 1 }),
  },
  {
    id: 'member.setAgent', title: '设置代理', keywords: ['agent', 'daili', 'shezhi'], menu: M, action: 'U', on: 'rows', list: M,
    args: [{ name: 'agent', title: '所属代理', placeholder: '输入代理用户名…', search: (q) => suggestAgents(q) }],
    confirm: (ctx) => ({
      title: `设置 ${ctx.rows.length} 个会员的代理`, okText: '设置',
      lines: [...lines(ctx.rows, name), ctx.args.agent === '0' ? '移出代理（不再属于任何代理）' : `新代理 ID：${String(ctx.args.agent)}`, '其下级会员随之移动'],
    }),
    run: (ctx) => editEach(ctx.rows, '设置代理', { agent_id: ctx.args.agent === '0' ? null : Number(ctx.args.agent) }),
  },
  deleteMembers,
])
