// One setting category as a list: each row's name, key, value shown by its type (开启/关闭, money, %), bounds and
// whether it is built in; Enter edits the value in place by its type, t flips a switch.
import { DataTable, type ListSpec } from '../kit/data-table'
import { Tag } from '../kit/cells'
import { canRun, CommandButton, ScreenHead } from '../kit/screen'
import { runRowCommand } from '../kit/run-rows'
import { formatMoney } from '../kit/format'
import { SETTING_TYPE, SWITCH_LABEL } from '../../contract/settings'
import type { Row } from '../kit/types'

function shown(r: Row): string {
  const v = String(r.value)
  switch (r.value_type) {
    case 'switch': return SWITCH_LABEL[v] ?? v
    case 'money': return `${formatMoney(v)} 元`
    case 'percent': return `${v}%`
    default: return v
  }
}

export function SettingsScreen({ path, api, title, edit, add }: { path: string; api: string; title: string; edit: string; add: string }) {
  const spec: ListSpec = {
    list: path, title, endpoint: api, noExport: true,
    columns: [
      { key: 'name', title: '名称', width: 150 },
      { key: 'value', title: '设置值', width: 220, render: (r) => (r.value_type === 'switch'
        ? <Tag tone={r.value === '1' ? 'ok' : 'off'}>{shown(r)}</Tag> : shown(r) || <span className="kit-muted">（空）</span>), text: shown },
      { key: 'value_type', title: '类型', width: 80, format: SETTING_TYPE },
      { key: 'key', title: '键名', width: 170 },
      { key: 'bounds', title: '范围', width: 120, text: (r) => (r.min != null || r.max != null ? `${r.min ?? ''} ~ ${r.max ?? ''}` : ''),
        render: (r) => (r.min != null || r.max != null ? `${r.min ?? ''} ~ ${r.max ?? ''}` : '') },
      { key: 'builtin', title: '内置', width: 70, format: 'bool' },
      { key: 'remark', title: '说明', width: 260 },
      { key: 'updated_at', title: '更新时间', width: 165, format: 'datetime', hidden: true },
    ],
    onOpen: (row) => {
      if (!canRun(edit)) return false
      void runRowCommand(edit, undefined, { rows: [row] })
    },
  }
  return (
    <section className="kit-screen">
      <ScreenHead title={title} hint="Enter 修改 · t 切换开关 · Shift+D 删除自定义项（内置项不能删除）" />
      <DataTable spec={spec} actions={<CommandButton id={add} />} />
    </section>
  )
}
