// 会员等级: list, create/edit in a dialog, delete (a level members hold is refused by the server).
import { defineCommands } from '../core/registry'
import { http } from '../core/http'
import { refreshList } from '../core/context'
import { MEMBER_API } from '../contract/member'
import { ids, lines, one, orCancel } from './admin-shared'

const L = '/layout/member/levels'
const forms = () => import('../views/member/level-forms')

defineCommands([
  { id: 'member.levelList', title: '会员等级', keywords: ['level', 'dengji'], menu: L, path: L, view: () => import('../views/member/levels') },
  {
    id: 'member.createLevel', title: '新增会员等级', keywords: ['level', 'add'], menu: L, action: 'C',
    run: async () => {
      const r = orCancel(await (await forms()).levelForm())
      refreshList(L)
      return r
    },
  },
  {
    id: 'member.editLevel', title: '编辑会员等级', keywords: ['level', 'edit'], menu: L, action: 'U', on: 'rows', list: L, rowKey: 'edit',
    when: (ctx) => one(ctx.rows),
    run: async (ctx) => {
      const r = orCancel(await (await forms()).levelForm(ctx.rows[0]))
      refreshList(L)
      return r
    },
  },
  {
    id: 'member.deleteLevels', title: '删除会员等级', keywords: ['level', 'delete'], menu: L, action: 'D', on: 'rows', list: L, rowKey: 'delete',
    confirm: (ctx) => ({ title: `删除 ${ctx.rows.length} 个会员等级`, danger: true, okText: '删除', lines: lines(ctx.rows, (r) => `${r.name}（${r.member_count} 个会员）`) }),
    run: async (ctx) => {
      await http.post(`${MEMBER_API.level}/delete`, { ids: ids(ctx.rows) })
      refreshList(L)
      return { ok: ctx.rows.length, failed: [] }
    },
  },
])
