// 会员风控 on one member: set its tags, add a note, waive its remaining turnover (打码量), undo a withdrawal freeze.
// Each acts on the member list's focused row (or the selection, for the freeze) and from the member drawer, which
// passes its member as `rows`.
import { defineCommands } from '../core/registry'
import { api } from '../core/api'
import { lines, orCancel, postOnce } from '../core/ops'
import { refreshList } from '../core/context'
import type { CommandContext, Row } from '../core/command'
import { API } from '../contract/api'
import { MENU } from '../contract/menus'
import { editEach } from './member'

const M = MENU.member
const single = (ctx: CommandContext) => ctx.rows.length === 1
const blocked = (rows: Row[]) => rows.filter((r) => r.withdraw_blocked === true)
const name = (r: Row) => String(r.username)
const memberId = (ctx: CommandContext) => Number(ctx.rows[0].id)
const text = (ctx: CommandContext, key: string) => String(ctx.args[key] ?? '').trim()
/** The member list and any open member drawer show the change. */
const shown = <T>(r: T) => {
  refreshList(M)
  return r
}
const required = (what: string, max: number) => (v: string) => (!v.trim() ? `请填写${what}` : v.trim().length > max ? `${what}不能超过 ${max} 个字符` : null)

defineCommands([
  {
    id: 'member.setTags', title: '设置会员标签', keywords: ['tag', 'biaoqian', 'fengxian', 'risk', 'shezhi'], menu: M, action: 'U', hotkey: 'b',
    on: 'rows', list: M, when: single,
    run: async (ctx) => shown(orCancel(await (await import('../views/member/risk-forms')).memberTagsForm(ctx.rows[0]))),
  },
  {
    id: 'member.addNote', title: '添加会员备注', keywords: ['note', 'remark', 'beizhu', 'tianjia'], menu: M, action: 'C', hotkey: 'n',
    on: 'rows', list: M, when: single,
    args: [{ name: 'text', title: '备注内容', placeholder: '写下同事需要知道的情况（只增不改）', validate: required('备注内容', 500) }],
    run: async (ctx) => shown(await postOnce(API.memberRisk.note, { member_id: memberId(ctx), text: text(ctx, 'text') })),
  },
  {
    id: 'member.waiveTurnover', title: '免除打码量', keywords: ['turnover', 'waive', 'damaliang', 'mianchu'], menu: M, action: 'U', hotkey: 'shift+w',
    on: 'rows', list: M, when: single,
    args: [{ name: 'remark', title: '免除原因（必填）', placeholder: '写明原因，会记入操作日志', validate: required('免除原因', 200) }],
    // The preview names what will be cleared as it stands now.
    confirm: async (ctx) => {
      const m = ctx.rows[0]
      const t = await api.memberRisk.turnover({ member_id: memberId(ctx) })
      if (t.remaining === '0.00') throw new Error(`${name(m)} 没有未完成的打码量，无需免除`)
      return {
        title: `免除 ${name(m)} 剩余打码量 ${t.remaining} 元`, okText: '免除', danger: true,
        lines: [`要求 ${t.required} 元，已完成 ${t.done} 元，剩余 ${t.remaining} 元将被免除`,
          '免除后提现不再受这些要求限制；之后的充值、彩金仍会产生新的要求', `原因：${text(ctx, 'remark')}`],
      }
    },
    run: async (ctx) => shown(await postOnce(API.memberRisk.waive, { member_id: memberId(ctx), remark: text(ctx, 'remark') })),
  },
  {
    id: 'member.unblockWithdraw', title: '解除提现冻结', keywords: ['withdraw', 'unfreeze', 'unblock', 'jiechu', 'dongjie', 'tixian'], menu: M, action: 'U',
    hotkey: 'shift+u', on: 'rows', list: M, when: (ctx) => blocked(ctx.rows).length > 0,
    confirm: (ctx) => ({ title: `解除 ${blocked(ctx.rows).length} 个会员的提现冻结`, okText: '解除', lines: [...lines(blocked(ctx.rows), name), '解除后会员可以再次申请提现'] }),
    run: (ctx) => editEach(blocked(ctx.rows), '解除提现冻结', { withdraw_blocked: false }),
  },
])
