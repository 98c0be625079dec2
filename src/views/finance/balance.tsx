// 账变记录: real members' balance changes (Alt+B opens a member's history from anywhere).
import { BalanceScreen, balanceSpec } from './balance-list'
import { FINANCE_API, FINANCE_PATHS } from '../../contract/finance'

const spec = balanceSpec(FINANCE_PATHS.balance, `${FINANCE_API.balance}/index`, '账变记录')

export default function BalanceListScreen() {
  return <BalanceScreen spec={spec} hint="Alt+B 查看某会员的账变 · 只含真实会员 · 记录只增不改" />
}
