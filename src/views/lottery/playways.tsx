// 玩法管理: the product's play ways with their rule, group, default odds and switch; Enter edits.
import { useEffect, useMemo, useState } from 'react'
import { DataTable, type ListSpec } from '../kit/data-table'
import { Tag } from '../kit/cells'
import { canRun, CommandButton, ScreenHead } from '../kit/screen'
import { runRowCommand } from '../kit/run-rows'
import type { Choice } from '../kit/types'
import { ENABLED, LOTTERY_API, LOTTERY_PATHS, PLAYWAY_CODE } from '../../contract/lottery'
import { groupChoices } from './choices'

function spec(groups: Choice[]): ListSpec {
  return {
    list: LOTTERY_PATHS.playway,
    title: '玩法管理',
    endpoint: `${LOTTERY_API.playway}/index`,
    filters: [
      { name: 'name', title: '玩法名称', type: 'text' },
      { name: 'group_id', title: '玩法分组', type: 'select', options: groups },
      { name: 'status', title: '状态', type: 'select', options: ENABLED },
    ],
    columns: [
      { key: 'id', title: 'ID', width: 60 },
      { key: 'name', title: '玩法', width: 100 },
      { key: 'code', title: '开奖规则', width: 120, format: PLAYWAY_CODE, text: (r) => `${PLAYWAY_CODE[String(r.code)]}（${r.code}）` },
      { key: 'group_name', title: '玩法分组', width: 110 },
      { key: 'rate', title: '默认赔率', width: 100, align: 'right' },
      { key: 'status', title: '状态', width: 70, format: ENABLED, render: (r) => <Tag tone={r.status === 1 ? 'ok' : 'off'}>{ENABLED[String(r.status)]}</Tag> },
      { key: 'sort', title: '排序', width: 60, align: 'right' },
      { key: 'remark', title: '备注', width: 200 },
    ],
    onOpen: (row) => {
      if (!canRun('lottery.editPlayway')) return false
      void runRowCommand('lottery.editPlayway', undefined, { rows: [row] })
    },
  }
}

export default function PlaywaysScreen() {
  const [groups, setGroups] = useState<Choice[]>([])
  useEffect(() => { groupChoices().then(setGroups, () => undefined) }, [])
  const s = useMemo(() => spec(groups), [groups])
  return (
    <section className="kit-screen">
      <ScreenHead title="玩法管理" hint="Enter 编辑 · Shift+D 删除 · 有投注的玩法只能停用" />
      <DataTable spec={s} actions={<CommandButton id="lottery.createPlayway" primary />} />
    </section>
  )
}
