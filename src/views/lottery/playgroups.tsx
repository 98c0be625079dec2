// 玩法分组: the groups that order play ways and that rooms offer, with their play way counts; Enter edits.
import type { ListSpec } from '../kit/data-table'
import { CommandButton } from '../kit/screen'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import { ENABLED } from '../../contract/lottery'
import { ListScreen, openWith, statusColumn } from '../kit/list-screen'

const spec: ListSpec = {
  list: MENU.playgroups,
  title: '玩法分组',
  endpoint: API.playgroup.index,
  filters: [{ name: 'status', title: '状态', type: 'select', options: ENABLED }],
  columns: [
    { key: 'id', title: 'ID', width: 60 },
    { key: 'name', title: '分组名称', width: 140 },
    { key: 'playway_count', title: '玩法数', width: 80, align: 'right' },
    { key: 'sort', title: '排序', width: 70, align: 'right' },
    statusColumn(ENABLED),
    { key: 'remark', title: '备注', width: 240 },
  ],
  onOpen: openWith('lottery.editPlaygroup'),
}

export default function PlaygroupsScreen() {
  return <ListScreen spec={spec} hint="Enter 编辑 · Shift+D 删除 · 分组内还有玩法的不能删除" actions={<CommandButton id="lottery.createPlaygroup" primary />} />
}
