// 产品管理员: admins pinned to the current product (list, create/edit in a dialog, delete, reset their Google authenticator).
import { defineCommands } from '../core/registry'
import { http } from '../core/http'
import { refreshList } from '../core/context'
import type { Row } from '../core/command'
import { API } from '../contract/admin'
import { eachRow, ids, lines, one, orCancel, PATHS, reportBulk } from './admin-shared'

const P = PATHS.proadmin
const forms = () => import('../views/product/proadmin-forms')
const name = (r: Row) => `${r.username}（${r.nickname || '无昵称'}）`

export default defineCommands([
  { id: 'product.proadminList', title: '产品管理员', keywords: ['proadmin', 'chanpin'], menu: P, path: P, view: () => import('../views/product/proadmin') },
  {
    id: 'product.createProadmin', title: '新增产品管理员', keywords: ['proadmin', 'add'], menu: P, action: 'C',
    run: async () => {
      const result = orCancel(await (await forms()).proadminForm())
      refreshList(P)
      return result
    },
  },
  {
    id: 'product.editProadmin', title: '编辑产品管理员', keywords: ['proadmin', 'edit'], menu: P, action: 'U', on: 'rows', list: P, rowKey: 'edit',
    when: (ctx) => one(ctx.rows),
    run: async (ctx) => {
      const result = orCancel(await (await forms()).proadminForm(ctx.rows[0]))
      refreshList(P)
      return result
    },
  },
  {
    id: 'product.deleteProadmin', title: '删除产品管理员', keywords: ['proadmin', 'delete'], menu: P, action: 'D', on: 'rows', list: P, rowKey: 'delete',
    confirm: (ctx) => ({ title: `删除 ${ctx.rows.length} 个产品管理员`, lines: lines(ctx.rows, name), danger: true, okText: '删除' }),
    run: async (ctx) => {
      await http.post(`${API.proadmin}/delete`, { ids: ids(ctx.rows) })
      refreshList(P)
      return { ok: ctx.rows.length, failed: [] }
    },
  },
  {
    id: 'product.resetProadminGoogle', title: '重置谷歌验证', keywords: ['google', 'reset', 'chongzhi'], menu: P, action: 'U',
    on: 'rows', list: P, hotkey: 'shift+g',
    confirm: (ctx) => ({
      title: '重置谷歌验证', danger: true, okText: '重置',
      lines: [...lines(ctx.rows, name), '重置后需重新绑定身份验证器'],
    }),
    run: async (ctx) => {
      const res = await eachRow(ctx.rows, (r) => http.post(`${API.proadmin}/google`, { id: Number(r.id) }))
      refreshList(P)
      return reportBulk('重置谷歌验证', res, (id) => String(ctx.rows.find((r) => r.id === id)?.username ?? id))
    },
  },
])
