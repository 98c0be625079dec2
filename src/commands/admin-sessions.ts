// 登录日志 and 在线用户: the login log's screen; the sessions alive now (super admins only: the page is in no menu row,
// the server adds it to a super admin's menu_list) and 强制下线 of the focused or selected sessions (Shift+D).
import { defineCommands } from '../core/registry'
import { api } from '../core/api'
import { refreshList } from '../core/context'
import { ids, lines } from '../core/ops'
import type { Row } from '../core/command'
import { MENU } from '../contract/menus'

const screens = () => import('../views/admin/sessions')
const others = (rows: Row[]) => rows.filter((r) => !r.current)
const sessionLine = (r: Row) => `${r.username}（${r.nickname || '无昵称'}）${r.ip} · 登录于 ${r.created_at}`

defineCommands([
  {
    id: 'admin.loginLog', title: '登录日志', keywords: ['login', 'log', 'denglu', 'rizhi'], menu: MENU.loginlog, path: MENU.loginlog,
    view: () => screens().then((m) => ({ default: m.LoginLogScreen })),
  },
  {
    id: 'admin.online', title: '在线用户', keywords: ['online', 'session', 'zaixian', 'huihua'], menu: MENU.online, path: MENU.online,
    view: () => screens().then((m) => ({ default: m.OnlineScreen })),
  },
  {
    id: 'admin.forceLogout', title: '强制下线', keywords: ['kick', 'logout', 'force', 'xiaxian'], menu: MENU.online, action: 'D',
    on: 'rows', list: MENU.online, rowKey: 'delete',
    when: (ctx) => others(ctx.rows).length > 0,
    confirm: (ctx) => ({
      title: `强制下线 ${others(ctx.rows).length} 个会话`, danger: true, okText: '强制下线',
      lines: [
        ...lines(others(ctx.rows), sessionLine),
        ...(others(ctx.rows).length < ctx.rows.length ? ['自己当前的会话不会被强制下线（请使用退出登录）'] : []),
        '被强制下线的会话立即失效，其下一次操作将回到登录页',
      ],
    }),
    run: async (ctx) => {
      const target = others(ctx.rows)
      const r = await api.session.delete({ ids: ids(target) })
      refreshList(MENU.online)
      return { ok: r.ids.length, failed: [] }
    },
  },
])
