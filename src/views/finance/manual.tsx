// 人工充值扣款: manual top-ups (Alt+J) and deductions (Alt+K) as palette flows, and their records.
import { ManualScreen, manualSpec } from './manual-list'
import { FINANCE_PATHS } from '../../contract/finance'

const spec = manualSpec(FINANCE_PATHS.manual, '人工充值扣款', '6,8', [
  { key: 'money_stat.manual_add', title: '人工加款', format: 'money' },
  { key: 'money_stat.manual_sub', title: '人工扣款', format: 'money' },
])

export default function ManualRechargeScreen() {
  return <ManualScreen spec={spec} actions={['finance.manualAdd', 'finance.manualSub']}
    hint="Alt+J 人工加款 · Alt+K 人工扣款：选会员 → 金额 → 备注 → 预览确认" />
}
