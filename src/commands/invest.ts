// 余额宝: the two plan lists. Plans are bought and redeemed by members; the console reads them (the rates and limits
// are edited in 余额宝设置).
import { defineCommands } from '../core/registry'
import { INVEST_PATHS as I } from '../contract/invest'

defineCommands([
  { id: 'invest.planList', title: '余额宝列表', keywords: ['invest', 'yuebao', 'yuebaoliebiao'], menu: I.index, path: I.index, view: () => import('../views/invest/plans') },
  { id: 'invest.demoPlanList', title: '试玩余额宝列表', keywords: ['invest', 'demo', 'shiwan', 'yuebao'], menu: I.demo, path: I.demo, view: () => import('../views/invest/demo-plans') },
])
