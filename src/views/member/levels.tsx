// 会员等级: the product's levels in order with their member counts; Enter edits.
import { DataTable, type ListSpec } from '../kit/data-table'
import { canRun, CommandButton, ScreenHead } from '../kit/screen'
import { runRowCommand } from '../kit/run-rows'
import { MEMBER_API } from '../../contract/member'
import { formatMoney } from '../kit/format'

const spec: ListSpec = {
  list: '/layout/member/levels',
  title: '会员等级',
  endpoint: `${MEMBER_API.level}/index`,
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
  onOpen: (row) => {
    if (!canRun('member.editLevel')) return false
    void runRowCommand('member.editLevel', undefined, { rows: [row] })
  },
}

export default function LevelsScreen() {
  return (
    <section className="kit-screen">
      <ScreenHead title="会员等级" hint="Enter 编辑 · Shift+D 删除 · 累计充值达到门槛自动升级，从不降级" />
      <DataTable spec={spec} actions={<CommandButton id="member.createLevel" primary />} />
    </section>
  )
}
