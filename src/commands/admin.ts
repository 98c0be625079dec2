// 系统管理: admin accounts (list, routed create/edit, delete, enable/disable), the generic row hotkeys, and the other admin screens' files.
import { defineCommands, execute, getCommand, isApplicable, isPermitted } from '../core/registry'
import { http } from '../core/http'
import { refreshList } from '../core/context'
import { menuList } from '../core/session'
import { toast, toastState } from '../core/toast'
import type { Command, CommandContext, Row } from '../core/command'
import { API } from '../contract/admin'
import { cancelled, eachRow, ids, lines, one, PATHS, reportBulk } from './admin-shared'
import './admin-access'
import './admin-whitelist'
import './admin-google'
import './admin-audit'

const A = PATHS.admins
const adminName = (r: Row) => `${r.username}（${r.nickname || '无昵称'}）`

/** Enable/disable keeps every other field: edit carries the row's own values. */
function setStatus(rows: Row[], status: 0 | 1, title: string) {
  const target = rows.filter((r) => r.status !== status)
  return eachRow(target, (r) =>
    http.post(`${API.sysadmin}/edit`, {
      id: r.id, username: r.username, nickname: r.nickname, role_ids: r.role_ids ?? [], status,
    }),
  ).then((res) => {
    refreshList(A)
    return reportBulk(title, res, (id) => String(target.find((r) => r.id === id)?.username ?? id))
  })
}

/** The list-specific command a generic row hotkey stands for. */
const EDIT_BY_LIST: Record<string, string> = {
  [A]: 'admin.editAdmin', [PATHS.role]: 'admin.editRole', [PATHS.menu]: 'admin.editMenu',
  [PATHS.whitelist]: 'admin.editWhitelist', [PATHS.proadmin]: 'product.editProadmin',
}
const DELETE_BY_LIST: Record<string, string> = {
  [A]: 'admin.deleteAdmin', [PATHS.role]: 'admin.deleteRole', [PATHS.menu]: 'admin.deleteMenu',
  [PATHS.whitelist]: 'admin.deleteWhitelist', [PATHS.proadmin]: 'product.deleteProadmin',
}

function delegate(map: Record<string, string>): Pick<Command, 'when' | 'run'> {
  const target = (ctx: CommandContext) => {
    const cmd = ctx.list ? getCommand(map[ctx.list] ?? '') : undefined
    return cmd && isPermitted(cmd, menuList()) && isApplicable(cmd, ctx) ? cmd : undefined
  }
  return {
    when: (ctx) => target(ctx) !== undefined,
    run: async (ctx) => {
      const cmd = target(ctx)!
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
    id: 'admin.createAdmin', title: '新增管理员', keywords: ['admin', 'add'], menu: `${A}/create`, action: 'C',
    path: `${A}/create`, view: () => import('../views/admin/admin-form'),
  },
  {
    // The edit page itself: reached with ?id=N from 编辑管理员, never listed on its own.
    id: 'admin.adminEditor', title: '编辑管理员', menu: `${A}/edit`, path: `${A}/edit`, sidebar: false,
    view: () => import('../views/admin/admin-form'), when: () => false,
  },
  {
    id: 'admin.editAdmin', title: '编辑管理员', keywords: ['edit'], menu: `${A}/edit`, on: 'rows', list: A,
    when: (ctx) => one(ctx.rows),
    run: (ctx) => ctx.navigate(`${A}/edit?id=${ctx.rows[0].id}&back=${encodeURIComponent(window.location.pathname + window.location.search)}`),
  },
  {
    id: 'admin.deleteAdmin', title: '删除管理员', keywords: ['delete', 'remove'], menu: A, action: 'D', on: 'rows', list: A,
    confirm: (ctx) => ({ title: `删除 ${ctx.rows.length} 个管理员`, lines: lines(ctx.rows, adminName), danger: true, okText: '删除' }),
    run: async (ctx) => {
      await http.post(`${API.sysadmin}/delete`, { ids: ids(ctx.rows) })
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
  { id: 'admin.editRow', title: '编辑当前行', keywords: ['edit', 'bianji'], hotkey: 'e', ...delegate(EDIT_BY_LIST) },
  { id: 'admin.deleteRows', title: '删除所选行', keywords: ['delete', 'shanchu'], hotkey: 'shift+d', ...delegate(DELETE_BY_LIST) },
  { id: 'admin.operationLog', title: '操作日志', keywords: ['log', 'rizhi', 'operation'], menu: PATHS.log, path: PATHS.log, view: () => import('../views/admin/log') },
])
