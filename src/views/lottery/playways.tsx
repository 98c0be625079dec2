// 玩法管理: the product's play ways with their rule, group, default odds and switch; Enter edits.
import { useMemo } from 'react'
import type { ListSpec } from '../kit/data-table'
import { CommandButton } from '../kit/screen'
import type { Choice } from '../kit/types'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import { ENABLED, PLAYWAY_CODE } from '../../contract/lottery'
import { groupChoices, useChoices } from './choices'
import { ListScreen, openWith, statusColumn } from '../kit/list-screen'

const spec = (groups: Choice[]): ListSpec => ({
  list: MENU.playways,
  title: '玩法管理',
  endpoint: API.playway.index,
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
    statusColumn(ENABLED),
    { key: 'sort', title: '排序', width: 60, align: 'right' },
    { key: 'remark', title: '备注', width: 200 },
  ],
  onOpen: openWith('lottery.editPlayway'),
})

export default function PlaywaysScreen() {
  const groups = useChoices(groupChoices)
  const s = useMemo(() => spec(groups), [groups])
  return <ListScreen spec={s} hint="Enter 编辑 · Shift+D 删除 · 有投注的玩法只能停用" actions={<CommandButton id="lottery.createPlayway" primary />} />
}
