// 余额宝: the two plan lists. Plans are bought and redeemed by members; the console reads them (the rates and limits
// are edited in 余额宝设置).
import { defineCommands } from '../core/registry'
import { MENU } from '../contract/menus'

const plans = () => import('../views/invest/plans')

defineCommands([
  { id: 'invest.planList', title: '余额宝列表', keywords: ['invest', 'yuebao', 'yuebaoliebiao'], menu: MENU.invest, path: MENU.invest, view: plans },
  {
    id: 'invest.demoPlanList', title: '试玩余额宝列表', keywords: ['invest', 'demo', 'shiwan', 'yuebao'], menu: MENU.investDemo, path: MENU.investDemo,
    view: () => plans().then((m) => ({ default: m.DemoPlanListScreen })),
  },
])
