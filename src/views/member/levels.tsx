// 会员等级: the product's levels in order with their member counts; Enter edits.
import type { ListSpec } from '../kit/data-table'
import { formatMoney } from '../../contract/format'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import { ListScreen, openWith } from '../kit/list-screen'

const spec: ListSpec = {
  list: MENU.levels,
  title: '会员等级',
  endpoint: API.level.index,
  columns: [
    { key: 'level', title: '序号', width: 60 },
    { key: 'name', title: '等级名称', width: 120 },
    { key: 'upgrade_recharge', title: '升级累计充值', width: 140, format: 'money' },
    { key: 'withdraw_times_daily', title: '每日提现次数', width: 110, align: 'right', text: (r) => (r.withdraw_times_daily ? String(r.withdraw_times_daily) : '不限') },
    { key: 'withdraw_max_daily', title: '每日提现上限', width: 140, format: 'money', render: (r) => (r.withdraw_max_daily === '0.00' ? '不限' : formatMoney(r.withdraw_max_daily)) },
    { key: 'withdraw_fee_rate', title: '手续费率(%)', width: 110, align: 'right' },
    { key: 'member_count', title: '会员数', width: 90, align: 'right' },
    { key: 'remark', title: '备注', width: 200 },
  ],
  onOpen: openWith('member.editLevel'),
}

export default function LevelsScreen() {
  return <ListScreen spec={spec} hint="Enter 编辑 · Shift+D 删除 · 累计充值达到门槛自动升级，从不降级" buttons={['member.createLevel']} />
}
