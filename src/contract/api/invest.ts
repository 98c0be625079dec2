// Endpoints of the invest area (余额宝): the plan lists of real members (and virtual accounts) and of trial members.
import { Type } from '@sinclair/typebox'
import { get } from '../endpoint'
import { MENU } from '../menus'
import { DateTime, IntFilter, KeysetQuery, Nullable, Paged, Text } from '../schema'
import { InvestPlanItem, InvestSums, type InvestIndex } from '../invest'

const Filters = {
  ...KeysetQuery,
  username: Type.Optional(Text('用户名', 16)),
  member_id: IntFilter('会员ID', 1, 2147483647),
  plan: IntFilter('期限', 7, 15),
  state: IntFilter('状态', 1, 3),
  start_time: Type.Optional(DateTime('开始时间')),
  end_time: Type.Optional(DateTime('结束时间')),
}
const Labels = Type.Record(Type.String(), Type.String())
const PlanAnswer = Paged(InvestPlanItem, { balance_stat: Nullable(InvestSums), types: Type.Object({ plan: Labels, state: Labels }) })

export const invest = {
  index: get<InvestIndex>()('/api/invest/index', MENU.invest, '余额宝列表（真实会员与虚拟账号，is_virtual 只看其一；游标翻页，含本金与已付利息合计）',
    Type.Object({ ...Filters, is_virtual: IntFilter('虚拟账号', 0, 1) }), { response: PlanAnswer }),
  demo: get<InvestIndex>()('/api/invest/demo', MENU.investDemo, '试玩余额宝列表（试玩会员）', Type.Object(Filters), { response: PlanAnswer }),
}
