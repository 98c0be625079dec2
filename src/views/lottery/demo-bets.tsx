// 试玩投注记录: trial members' bets in play money, never in the real lists or reports.
import { LOTTERY_API, LOTTERY_PATHS } from '../../contract/lottery'
import { BetList } from './bet-list'

export default function DemoBetsScreen() {
  return <BetList list={LOTTERY_PATHS.demo} endpoint={`${LOTTERY_API.order}/demo`} title="试玩投注记录" demo hint="试玩会员的投注（试玩资金，不计入任何财务统计）" />
}
