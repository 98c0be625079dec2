// 虚拟账号: list, create/edit in a dialog, set a balance (a recorded play-money transfer, previewed), delete.
import { defineCommands } from '../core/registry'
import { refreshList } from '../core/context'
import { call } from '../core/api'
import { one } from '../core/ops'
import { API } from '../contract/api'
import { MENU } from '../contract/menus'
import { toCents, centsText } from '../contract/money'
import { crud } from './crud'

const V = MENU.virtuals
const forms = () => import('../views/member/virtual-forms')

const [list, create, edit, remove] = crud({
  list: V, noun: '虚拟账号', keywords: ['virtual', 'tuohao', 'xuni'],
  open: { id: 'member.virtualList', view: () => import('../views/member/virtuals') },
  create: { id: 'member.createVirtual', form: async () => (await forms()).virtualForm() },
  edit: { id: 'member.editVirtual', form: async (row) => (await forms()).virtualForm(row) },
  remove: { id: 'member.deleteVirtuals', endpoint: API.virtuals.delete, line: (r) => String(r.username), notes: ['有资金记录的虚拟账号不能删除，请改为禁用'] },
})

defineCommands([
  list, create, edit,
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
      const out = await call(API.virtuals.edit, {
        id: r.id, username: r.username, nickname: r.nickname, level_id: r.level_id ?? null, status: r.status, remark: r.remark,
        balance: String(ctx.args.balance).trim(),
      })
      refreshList(V)
      return out
    },
  },
  remove,
])
