// 余额宝列表 (real members' plans, the house's virtual accounts labelled and left out of the sums) and 试玩余额宝列表
// (trial members' plans with play money, never in the real lists or the reports). Members buy and redeem on the
// member site; the console reads.
import type { ListSpec } from '../kit/data-table'
import { Tag } from '../kit/cells'
import type { Choice } from '../kit/types'
import type { Endpoint } from '../../contract/endpoint'
import { INVEST_PLAN, INVEST_STATE } from '../../contract/enums'
import { API } from '../../contract/api'
import { MENU } from '../../contract/menus'
import { dateRange, listScreen, USERNAME } from '../finance/screen'

const VIRTUAL: Choice[] = [{ value: '0', label: '真实会员' }, { value: '1', label: '虚拟账号' }]

const spec = (list: string, endpoint: Endpoint, title: string, demo: boolean): ListSpec => ({
  list, title, endpoint,
  filters: [
    USERNAME,
    { name: 'plan', title: '期限', type: 'select', options: INVEST_PLAN },
    { name: 'state', title: '状态', type: 'select', options: INVEST_STATE },
    ...(demo ? [] : [{ name: 'is_virtual', title: '账号类型', type: 'select' as const, options: VIRTUAL }]),
    ...dateRange('转入开始', '转入结束'),
  ],
  columns: [
    { key: 'id', title: 'ID', width: 80 },
    {
      key: 'username', title: '会员', width: 150, text: (r) => `${r.username}${r.member_kind === 1 ? '（虚拟）' : demo ? '（试玩）' : ''}`,
      render: (r) => <>{String(r.username)}{r.member_kind === 1 ? <Tag tone="warn">虚拟</Tag> : demo ? <Tag tone="info">试玩</Tag> : null}</>,
    },
    { key: 'plan', title: '期限', width: 90, format: INVEST_PLAN },
    { key: 'principal', title: '本金', width: 130, format: 'money' },
    { key: 'rate', title: '收益率(%)', width: 100, align: 'right' },
    { key: 'interest', title: '利息', width: 110, format: 'money' },
    { key: 'state', title: '状态', width: 90, format: INVEST_STATE },
    { key: 'start_at', title: '转入时间', width: 165, format: 'datetime' },
    { key: 'mature_at', title: '到期时间', width: 165, format: 'datetime' },
    { key: 'ended_at', title: '结束时间', width: 165, format: 'datetime' },
  ],
  stats: [
    { key: 'balance_stat.principal', title: '本金合计', format: 'money' },
    { key: 'balance_stat.interest_paid', title: '已付利息', format: 'money' },
  ],
})

export default listScreen(spec(MENU.invest, API.invest.index, '余额宝列表', false), '到期自动转出本金与利息（每笔只付一次）· 合计只含真实会员')
export const DemoPlanListScreen = listScreen(spec(MENU.investDemo, API.invest.demo, '试玩余额宝列表', true), '只含试玩会员（试玩资金，不计入财务统计）')
