// 操作日志: the operation log as a declared list with admin, action, path and time filters; Enter shows before/after.
import { DataTable, type ListSpec } from '../kit/data-table'
import { Tag } from '../kit/cells'
import { ScreenHead } from '../kit/screen'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import { ACTION_KEY } from '../../contract/enums'
import { LogDetail } from './log-detail'

const TONE = { C: 'ok', R: 'info', U: 'warn', D: 'off' } as const

const spec: ListSpec = {
  list: MENU.log,
  title: '操作日志',
  endpoint: API.operation.index,
  filters: [
    { name: 'admin', title: '管理员', type: 'text' },
    { name: 'action', title: '操作类型', type: 'select', options: ACTION_KEY },
    { name: 'path', title: '接口路径', type: 'text' },
    { name: 'start_time', title: '开始日期', type: 'date' },
    { name: 'end_time', title: '结束日期', type: 'date', endOfDay: true },
  ],
  columns: [
    { key: 'id', title: 'ID', width: 80, hidden: true },
    { key: 'admin_name', title: '管理员', width: 120 },
    {
      key: 'action', title: '操作类型', width: 90, format: ACTION_KEY,
      render: (r) => <Tag tone={TONE[r.action as keyof typeof TONE]}>{ACTION_KEY[String(r.action)] ?? String(r.action)}</Tag>,
    },
    { key: 'path', title: '接口路径', width: 220 },
    { key: 'target_ids', title: '对象 ID', width: 120, format: 'list' },
    { key: 'product', title: '产品', width: 90, hidden: true },
    { key: 'ip', title: 'IP', width: 130 },
    { key: 'user_agent', title: '浏览器', width: 200, hidden: true },
    { key: 'created_at', title: '时间', width: 170, format: 'datetime' },
  ],
  detail: (row) => <LogDetail id={Number(row.id)} />,
}

export default function LogScreen() {
  return (
    <section className="kit-screen">
      <ScreenHead title="操作日志" hint="j/k 移动 · Enter 查看前后对比 · / 筛选" />
      <DataTable spec={spec} />
    </section>
  )
}
