// 投注记录: real members' bets (the house's virtual accounts when 账号类型 asks for them, labelled 虚拟).
import { LOTTERY_API, LOTTERY_PATHS } from '../../contract/lottery'
import { BetList } from './bet-list'

export default function BetsScreen() {
  return <BetList list={LOTTERY_PATHS.bets} endpoint={`${LOTTERY_API.order}/index`} title="投注记录" demo={false}
    hint="合计为筛选结果的投注金额与会员输赢（派彩 − 投注，仅已结算）· 虚拟账号不计入真实会员合计" />
}
