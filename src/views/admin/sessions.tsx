// 登录日志 (every admin login attempt, filters from its query) and 在线用户 (the sessions alive now; Shift+D forces the
// focused or selected ones out, the caller's own current session marked and never forced out).
import { ListScreen } from '../kit/list-screen'
import { columnsOf } from '../kit/from-endpoint'
import { Tag } from '../kit/cells'
import type { ListSpec, Row } from '../kit/types'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import { LOGIN_LOG_REASON } from '../../contract/sessions'

const loginlog: ListSpec = {
  list: MENU.loginlog, title: '登录日志', endpoint: API.loginlog.index,
  columns: columnsOf(API.loginlog.index, {
    ok: { render: (r: Row) => <Tag tone={r.ok ? 'ok' : 'off'}>{r.ok ? '成功' : '失败'}</Tag> },
    reason: { render: (r: Row) => (r.reason ? <span data-reason={String(r.reason)}>{LOGIN_LOG_REASON[String(r.reason)] ?? String(r.reason)}</span> : '') },
  }),
}

const online: ListSpec = {
  list: MENU.online, title: '在线用户', endpoint: API.session.index, noExport: true,
  columns: columnsOf(API.session.index, {
    username: { render: (r: Row) => <>{String(r.username)}{r.current ? <> <Tag tone="info">当前会话</Tag></> : null}</> },
  }),
}

export const LoginLogScreen = () =>
  <ListScreen spec={loginlog} hint="每次登录尝试：成功与失败原因（未知用户与密码错误对登录者的回答相同）· j/k 移动 · Enter 详情 · / 筛选" />
export const OnlineScreen = () =>
  <ListScreen spec={online} hint="当前有效的会话（仅超级管理员）· x 选择 · Shift+D 强制下线（立即失效，实时推送断开）· 自己当前的会话不能强制下线" buttons={['admin.forceLogout']} />
