// 试玩账变记录: trial members' play-money balance changes (never in the real lists or the reports).
import { BalanceScreen, balanceSpec } from './balance-list'
import { FINANCE_API, FINANCE_PATHS } from '../../contract/finance'

const spec = balanceSpec(FINANCE_PATHS.balanceDemo, `${FINANCE_API.balance}/demo`, '试玩账变记录')

export default function BalanceDemoScreen() {
  return <BalanceScreen spec={spec} hint="只含试玩会员（试玩资金，不计入财务统计）" />
}
