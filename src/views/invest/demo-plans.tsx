// 试玩余额宝列表: trial members' plans with play money (never in the real lists or the reports).
import { PlanScreen, planSpec } from './plan-list'
import { INVEST_API, INVEST_PATHS } from '../../contract/invest'

const spec = planSpec(INVEST_PATHS.demo, `${INVEST_API.invest}/demo`, '试玩余额宝列表', true)

export default function DemoPlanListScreen() {
  return <PlanScreen spec={spec} hint="只含试玩会员（试玩资金，不计入财务统计）" />
}
