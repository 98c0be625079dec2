// 系统管理: admin accounts (list, routed create/edit, delete, enable/disable), the generic row keys (e, Shift+D), and the other admin screens' files.
import { defineCommands, execute, rowKeyCommand } from '../core/registry'
import { api } from '../core/api'
import { refreshList } from '../core/context'
import { toast, toastState } from '../core/toast'
import { ROW_KEYS, type Command, type Row, type RowKey } from '../core/command'
import { MENU } from '../contract/menus'
import { cancelled, eachRow, ids, lines, one, reportBulk } from '../core/ops'
import './admin-access'
import './admin-whitelist'
import './admin-google'
import './admin-audit'
import './admin-sessions'

const A = MENU.admins
const adminName = (r: Row) => `${r.username}（${r.nickname || '无昵称'}）`

/** Enable/disable keeps every other field: edit carries the row's own values. */
function setStatus(rows: Row[], status: 0 | 1, title: string) {
  const target = rows.filter((r) => r.status !== status)
  return eachRow(target, (r) =>
    api.sysadmin.edit({
      id: Number(r.id), username: String(r.username), nickname: String(r.nickname), role_ids: (r.role_ids as number[] | undefined) ?? [], status,
    }),
  ).then((res) => {
    refreshList(A)
    return reportBulk(title, res, (id) => String(target.find((r) => r.id === id)?.username ?? id))
  })
}

/** A generic row key: runs the command the focused list declares for it (`rowKey`), named in the feedback. */
function rowKeyRunner(kind: RowKey): Command {
  const { hotkey, title } = ROW_KEYS[kind]
  return {
    id: kind === 'edit' ? 'admin.editRow' : 'admin.deleteRows', title, hotkey,
    keywords: kind === 'edit' ? ['edit', 'bianji'] : ['delete', 'shanchu'],
    when: (ctx) => rowKeyCommand(kind, ctx) !== undefined,
    run: async (ctx) => {
      const cmd = rowKeyCommand(kind, ctx)!
      const seq = toastState.seq
      const { ran, result } = await execute(cmd.id, ctx.args)
      if (!ran) throw cancelled()
      // Name the real operation in the feedback, not the generic key.
      if (cmd.action && cmd.action !== 'R' && toastState.seq === seq) toast.success(`${cmd.title}：操作成功`)
      return result
    },
  }
}

export default defineCommands([
  { id: 'admin.adminList', title: '管理员列表', keywords: ['admin', 'guanliyuan'], menu: A, path: A, view: () => import('../views/admin/admins') },
  {
    id: 'admin.createAdmin', title: '新增管理员', keywords: ['admin', 'add'], menu: MENU.adminCreate, action: 'C',
    path: MENU.adminCreate, view: () => import('../views/admin/admin-form'),
  },
  {
    // The edit page itself: reached with ?id=N from 编辑管理员, never listed on its own.
    id: 'admin.adminEditor', title: '编辑管理员', menu: MENU.adminEdit, path: MENU.adminEdit, sidebar: false,
    view: () => import('../views/admin/admin-form'), when: () => false,
  },
  {
    id: 'admin.editAdmin', title: '编辑管理员', keywords: ['edit'], menu: MENU.adminEdit, on: 'rows', list: A, rowKey: 'edit',
    when: (ctx) => one(ctx.rows),
    run: (ctx) => ctx.navigate(`${MENU.adminEdit}?id=${ctx.rows[0].id}&back=${encodeURIComponent(window.location.pathname + window.location.search)}`),
  },
  {
    // From anywhere: type part of a username, pick the admin, its edit page opens.
    id: 'admin.findAdmin', title: '查找管理员', keywords: ['find', 'search', 'admin', 'chazhao'], menu: MENU.adminEdit,
    args: [{
      name: 'id', title: '管理员', placeholder: '输入用户名或昵称搜索',
      search: async (q) => {
        const page = await api.sysadmin.index({ per_page: 20, ...(q ? { username: q } : {}) }, { silent: true, spinner: true })
        return page.items.map((a) => ({ value: String(a.id), label: a.username, hint: a.nickname }))
      },
    }],
    run: (ctx) => ctx.navigate(`${MENU.adminEdit}?id=${encodeURIComponent(String(ctx.args.id))}&back=${encodeURIComponent(A)}`),
  },
  {
    id: 'admin.deleteAdmin', title: '删除管理员', keywords: ['delete', 'remove'], menu: A, action: 'D', on: 'rows', list: A, rowKey: 'delete',
    confirm: (ctx) => ({ title: `删除 ${ctx.rows.length} 个管理员`, lines: lines(ctx.rows, adminName), danger: true, okText: '删除' }),
    run: async (ctx) => {
      await api.sysadmin.delete({ ids: ids(ctx.rows) })
      refreshList(A)
      return { ok: ctx.rows.length, failed: [] }
    },
  },
  {
    id: 'admin.disableAdmin', title: '禁用管理员', keywords: ['disable', 'jinyong'], menu: A, action: 'U', on: 'rows', list: A,
    when: (ctx) => ctx.rows.some((r) => r.status === 1),
    confirm: (ctx) => ({
      title: '禁用管理员', danger: true, okText: '禁用',
      lines: [...lines(ctx.rows.filter((r) => r.status === 1), adminName), '被禁用的账号会立即退出登录'],
    }),
    run: (ctx) => setStatus(ctx.rows, 0, '禁用管理员'),
  },
  {
    id: 'admin.enableAdmin', title: '启用管理员', keywords: ['enable', 'qiyong'], menu: A, action: 'U', on: 'rows', list: A,
    when: (ctx) => ctx.rows.some((r) => r.status === 0),
    confirm: (ctx) => ({ title: '启用管理员', lines: lines(ctx.rows.filter((r) => r.status === 0), adminName), okText: '启用' }),
    run: (ctx) => setStatus(ctx.rows, 1, '启用管理员'),
  },
  rowKeyRunner('edit'),
  rowKeyRunner('delete'),
  { id: 'admin.operationLog', title: '操作日志', keywords: ['log', 'rizhi', 'operation'], menu: MENU.log, path: MENU.log, view: () => import('../views/admin/log') },
])
