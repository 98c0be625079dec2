// 彩金赠送: gift money to one member (Alt+G) or to many at once, and the records.
import { ManualScreen, manualSpec } from './manual-list'
import { FINANCE_PATHS } from '../../contract/finance'

const spec = manualSpec(FINANCE_PATHS.gift, '彩金赠送', '7', [{ key: 'money_stat.gift', title: '彩金合计', format: 'money' }])

export default function GiftScreen() {
  return <ManualScreen spec={spec} actions={['finance.giftMoney', 'finance.giftMany']}
    hint="Alt+G 赠送彩金：选会员 → 金额 → 备注 → 预览确认 · 批量赠送最多 1000 个会员" />
}
