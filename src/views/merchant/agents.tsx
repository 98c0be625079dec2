// 代理列表 (13 a page): agents with their direct and whole-team counts and the team's money for the chosen range
// (this month unless a range is given); Enter edits the rebate.
import { DataTable, type ListSpec } from '../kit/data-table'
import { ScreenHead } from '../kit/screen'
import { openWith, statusColumn } from '../kit/list-screen'
import { MEMBER_STATUS } from '../../contract/member'
import { PAGE_SIZES } from '../../contract/common'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'

const spec: ListSpec = {
  list: MENU.agents,
  title: '代理列表',
  endpoint: API.agent.index,
  perPage: PAGE_SIZES.agent,
  filters: [
    { name: 'username', title: '用户名', type: 'text' },
    { name: 'status', title: '状态', type: 'select', options: MEMBER_STATUS },
    { name: 'start_time', title: '统计起', type: 'date' },
    { name: 'end_time', title: '统计止', type: 'date', endOfDay: true },
  ],
  columns: [
    { key: 'id', title: 'ID', width: 70 },
    { key: 'username', title: '代理', width: 130 },
    { key: 'nickname', title: '昵称', width: 100 },
    { key: 'level_name', title: '等级', width: 90 },
    { key: 'rebate_rate', title: '返点(%)', width: 80, align: 'right' },
    statusColumn(MEMBER_STATUS, 70),
    { key: 'direct_count', title: '直属人数', width: 90, align: 'right' },
    { key: 'team_count', title: '团队人数', width: 90, align: 'right' },
    { key: 'team_recharge', title: '团队充值', width: 120, format: 'money' },
    { key: 'team_withdraw', title: '团队提现', width: 120, format: 'money' },
    { key: 'team_bet', title: '团队投注', width: 120, format: 'money' },
    { key: 'team_win_loss', title: '团队输赢', width: 120, format: 'money' },
    { key: 'remark', title: '备注', width: 160, hidden: true },
  ],
  onOpen: openWith('merchant.editAgent'),
}

export default function AgentsScreen() {
  return (
    <section className="kit-screen">
      <ScreenHead title="代理列表" hint="Enter 编辑返点 · 团队 = 代理本人及其所有下级 · 未选日期时统计本月" />
      <DataTable spec={spec} />
    </section>
  )
}
