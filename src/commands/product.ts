// 产品管理员: admins pinned to the current product (list, create/edit in a dialog, delete, reset their Google authenticator).
import { defineCommands } from '../core/registry'
import { api } from '../core/api'
import { refreshList } from '../core/context'
import { eachRow, lines, reportBulk } from '../core/ops'
import type { Row } from '../core/command'
import { API } from '../contract/api'
import { MENU } from '../contract/menus'
import { crud } from './crud'

const P = MENU.proadmin
const forms = () => import('../views/product/proadmin-forms')
const name = (r: Row) => `${r.username}（${r.nickname || '无昵称'}）`

export default defineCommands([
  ...crud({
    list: P, noun: '产品管理员', keywords: ['proadmin', 'chanpin'],
    open: { id: 'product.proadminList', view: () => import('../views/product/proadmin') },
    create: { id: 'product.createProadmin', form: async () => (await forms()).proadminForm() },
    edit: { id: 'product.editProadmin', form: async (row) => (await forms()).proadminForm(row) },
    remove: { id: 'product.deleteProadmin', endpoint: API.proadmin.delete, line: name },
  }),
  {
    id: 'product.resetProadminGoogle', title: '重置谷歌验证', keywords: ['google', 'reset', 'chongzhi'], menu: P, action: 'U',
    on: 'rows', list: P, hotkey: 'shift+g',
    confirm: (ctx) => ({
      title: '重置谷歌验证', danger: true, okText: '重置',
      lines: [...lines(ctx.rows, name), '重置后需重新绑定身份验证器'],
    }),
    run: async (ctx) => {
      const res = await eachRow(ctx.rows, (r) => api.proadmin.google({ id: Number(r.id) }))
      refreshList(P)
      return reportBulk('重置谷歌验证', res, (id) => String(ctx.rows.find((r) => r.id === id)?.username ?? id))
    },
  },
])
