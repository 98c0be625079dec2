// 虚拟账号: list, create/edit in a dialog, set a balance (a recorded play-money transfer, previewed), delete.
import { defineCommands } from '../core/registry'
import { http } from '../core/http'
import { refreshList } from '../core/context'
import { MEMBER_API } from '../contract/member'
import { toCents, centsText } from '../contract/money'
import { ids, lines, one, orCancel } from './admin-shared'

const V = '/layout/member/virtuals'
const forms = () => import('../views/member/virtual-forms')

defineCommands([
  { id: 'member.virtualList', title: '虚拟账号', keywords: ['virtual', 'tuohao', 'xuni'], menu: V, path: V, view: () => import('../views/member/virtuals') },
  {
    id: 'member.createVirtual', title: '新增虚拟账号', keywords: ['virtual', 'add'], menu: V, action: 'C',
    run: async () => {
      const r = orCancel(await (await forms()).virtualForm())
      refreshList(V)
      return r
    },
  },
  {
    id: 'member.editVirtual', title: '编辑虚拟账号', keywords: ['virtual', 'edit'], menu: V, action: 'U', on: 'rows', list: V, rowKey: 'edit',
    when: (ctx) => one(ctx.rows),
    run: async (ctx) => {
      const r = orCancel(await (await forms()).virtualForm(ctx.rows[0]))
      refreshList(V)
      return r
    },
  },
  {
    id: 'member.setVirtualBalance', title: '设置虚拟余额', keywords: ['virtual', 'balance', 'yue'], menu: V, action: 'U', on: 'rows', list: V,
    when: (ctx) => one(ctx.rows),
    args: [{
      name: 'balance', title: '新余额（元）', placeholder: '如 5000 或 5000.50',
      validate: (v) => (toCents(v) !== null && toCents(v)! >= 0 ? null : '请输入不小于 0 的金额，最多两位小数'),
    }],
    confirm: (ctx) => {
      const r = ctx.rows[0]
      const now = toCents(String(r.balance)) ?? 0
      const next = toCents(String(ctx.args.balance)) ?? 0
      const diff = next - now
      return {
        title: `设置虚拟余额：${r.username}`, okText: '设置',
        lines: [`当前余额 ${centsText(now)} 元 → 新余额 ${centsText(next)} 元`,
          diff === 0 ? '余额不变，不会产生转账' : `${diff > 0 ? '从虚拟资金池转入' : '转回虚拟资金池'} ${centsText(Math.abs(diff))} 元（虚拟资金，不计入财务统计）`],
      }
    },
    run: async (ctx) => {
      const r = ctx.rows[0]
      const out = await http.post(`${MEMBER_API.tuohao}/edit`, {
        id: r.id, username: r.username, nickname: r.nickname, level_id: r.level_id ?? null, status: r.status, remark: r.remark,
        balance: String(ctx.args.balance).trim(),
      })
      refreshList(V)
      return out
    },
  },
  {
    id: 'member.deleteVirtuals', title: '删除虚拟账号', keywords: ['virtual', 'delete'], menu: V, action: 'D', on: 'rows', list: V, rowKey: 'delete',
    confirm: (ctx) => ({ title: `删除 ${ctx.rows.length} 个虚拟账号`, danger: true, okText: '删除', lines: [...lines(ctx.rows, (r) => String(r.username)), '有资金记录的虚拟账号不能删除，请改为禁用'] }),
    run: async (ctx) => {
      await http.post(`${MEMBER_API.tuohao}/delete`, { ids: ids(ctx.rows) })
      refreshList(V)
      return { ok: ctx.rows.length, failed: [] }
    },
  },
])
