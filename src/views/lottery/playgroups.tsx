// 玩法分组: the groups that order play ways and that rooms offer, with their play way counts; Enter edits.
import { DataTable, type ListSpec } from '../kit/data-table'
import { Tag } from '../kit/cells'
import { canRun, CommandButton, ScreenHead } from '../kit/screen'
import { runRowCommand } from '../kit/run-rows'
import { ENABLED, LOTTERY_API, LOTTERY_PATHS } from '../../contract/lottery'

const spec: ListSpec = {
  list: LOTTERY_PATHS.playgroup,
  title: '玩法分组',
  endpoint: `${LOTTERY_API.playgroup}/index`,
  filters: [{ name: 'status', title: '状态', type: 'select', options: ENABLED }],
  columns: [
    { key: 'id', title: 'ID', width: 60 },
    { key: 'name', title: '分组名称', width: 140 },
    { key: 'playway_count', title: '玩法数', width: 80, align: 'right' },
    { key: 'sort', title: '排序', width: 70, align: 'right' },
    { key: 'status', title: '状态', width: 70, format: ENABLED, render: (r) => <Tag tone={r.status === 1 ? 'ok' : 'off'}>{ENABLED[String(r.status)]}</Tag> },
    { key: 'remark', title: '备注', width: 240 },
  ],
  onOpen: (row) => {
    if (!canRun('lottery.editPlaygroup')) return false
    void runRowCommand('lottery.editPlaygroup', undefined, { rows: [row] })
  },
}

export default function PlaygroupsScreen() {
  return (
    <section className="kit-screen">
      <ScreenHead title="玩法分组" hint="Enter 编辑 · Shift+D 删除 · 分组内还有玩法的不能删除" />
      <DataTable spec={spec} actions={<CommandButton id="lottery.createPlaygroup" primary />} />
    </section>
  )
}
