// 余额宝列表: real members' plans (and the house's virtual accounts, labelled, not in the sums).
import { PlanScreen, planSpec } from './plan-list'
import { INVEST_API, INVEST_PATHS } from '../../contract/invest'

const spec = planSpec(INVEST_PATHS.index, `${INVEST_API.invest}/index`, '余额宝列表', false)

export default function PlanListScreen() {
  return <PlanScreen spec={spec} hint="到期自动转出本金与利息（每笔只付一次）· 合计只含真实会员" />
}
