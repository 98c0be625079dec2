// 会员等级: list, create/edit in a dialog, delete (a level members hold is refused by the server).
import { defineCommands } from '../core/registry'
import { API } from '../contract/api'
import { MENU } from '../contract/menus'
import { crud } from './crud'

const forms = () => import('../views/member/level-forms')

defineCommands(crud({
  list: MENU.levels, noun: '会员等级', keywords: ['level', 'dengji'],
  open: { id: 'member.levelList', view: () => import('../views/member/levels') },
  create: { id: 'member.createLevel', form: async () => (await forms()).levelForm() },
  edit: { id: 'member.editLevel', form: async (row) => (await forms()).levelForm(row) },
  remove: { id: 'member.deleteLevels', endpoint: API.level.delete, line: (r) => `${r.name}（${r.member_count} 个会员）` },
}))
