// 风控管理 and 会员登录记录: the lists, bans and tags as declared managed lists.
import { defineCommands } from '../core/registry'
import { MENU } from '../contract/menus'
import { API } from '../contract/api'
import { BAN_BY, RISK_LEVEL } from '../contract/risk'
import { crud } from './crud'

const forms = () => import('../views/risk/forms')
const lists = () => import('../views/risk/lists')

defineCommands([
  { id: 'risk.loginList', title: '会员登录记录', keywords: ['login', 'denglu', 'member'], menu: MENU.memberLogins, path: MENU.memberLogins, view: () => lists().then((m) => ({ default: m.LoginsScreen })) },
  { id: 'risk.associationList', title: '关联账号', keywords: ['association', 'guanlian', 'shared'], menu: MENU.associations, path: MENU.associations, view: () => lists().then((m) => ({ default: m.AssociationsScreen })) },
  ...crud({
    list: MENU.bans, noun: '封禁', unit: '条', keywords: ['ban', 'fengjin'],
    open: { id: 'risk.banList', title: '封禁列表', view: () => lists().then((m) => ({ default: m.BansScreen })) },
    create: { id: 'risk.createBan', title: '新增封禁', form: async () => (await forms()).banForm() },
    remove: { id: 'risk.deleteBans', title: '解除封禁', endpoint: API.ban.delete, line: (r) => `${BAN_BY[String(r.by)] ?? r.by} ${r.value}（${r.remark}）` },
  }),
  ...crud({
    list: MENU.tags, noun: '会员标签', keywords: ['tag', 'biaoqian'],
    open: { id: 'risk.tagList', view: () => lists().then((m) => ({ default: m.TagsScreen })) },
    create: { id: 'risk.createTag', form: async () => (await forms()).tagForm() },
    edit: { id: 'risk.editTag', form: async (row) => (await forms()).tagForm(row) },
    remove: { id: 'risk.deleteTags', endpoint: API.tag.delete, line: (r) => `${r.name}（${RISK_LEVEL[String(r.risk_level)]}，${r.member_count} 个会员）`, notes: ['有会员持有的标签不能删除'] },
  }),
])
