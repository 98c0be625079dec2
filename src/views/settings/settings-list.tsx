// One setting category as a list (the screen of 基础设置, 余额宝设置 and 财务设置): each row's name, key, value shown by its
// type (开启/关闭, money, %), bounds and whether it is built in; Enter edits the value in place by its type, t flips a switch.
import type { ComponentType } from 'react'
import { openWith } from '../kit/list-screen'
import { DataTable, type ListSpec } from '../kit/data-table'
import { Tag } from '../kit/cells'
import { CommandButton, ScreenHead } from '../kit/screen'
import { formatMoney } from '../../contract/format'
import { SETTING_TYPE, SWITCH_LABEL } from '../../contract/settings'
import type { Row } from '../kit/types'
import { CATEGORIES, type Category } from './categories'

function shown(r: Row): string {
  const v = String(r.value)
  switch (r.value_type) {
    case 'switch': return SWITCH_LABEL[v] ?? v
    case 'money': return `${formatMoney(v)} 元`
    case 'percent': return `${v}%`
    default: return v
  }
}

const bounds = (r: Row) => (r.min != null || r.max != null ? `${r.min ?? ''} ~ ${r.max ?? ''}` : '')

function SettingsScreen({ c }: { c: Category }) {
  const { edit, add } = c.ids
  const spec: ListSpec = {
    list: c.path, title: c.title, endpoint: c.index, noExport: true,
    columns: [
      { key: 'name', title: '名称', width: 150 },
      { key: 'value', title: '设置值', width: 220, render: (r) => (r.value_type === 'switch'
        ? <Tag tone={r.value === '1' ? 'ok' : 'off'}>{shown(r)}</Tag> : shown(r) || <span className="kit-muted">（空）</span>), text: shown },
      { key: 'value_type', title: '类型', width: 80, format: SETTING_TYPE },
      { key: 'key', title: '键名', width: 170 },
      { key: 'bounds', title: '范围', width: 120, text: bounds, render: bounds },
      { key: 'builtin', title: '内置', width: 70, format: 'bool' },
      { key: 'remark', title: '说明', width: 260 },
      { key: 'updated_at', title: '更新时间', width: 165, format: 'datetime', hidden: true },
    ],
    onOpen: openWith(edit),
  }
  return (
    <section className="kit-screen">
      <ScreenHead title={c.title} hint="Enter 修改 · t 切换开关 · Shift+D 删除自定义项（内置项不能删除）" />
      <DataTable spec={spec} actions={<CommandButton id={add} />} />
    </section>
  )
}

/** Each category's screen, by its key (the categories' commands load them). */
export const SCREENS: Record<string, ComponentType> = Object.fromEntries(CATEGORIES.map((c) => [c.key, () => <SettingsScreen c={c} />]))
