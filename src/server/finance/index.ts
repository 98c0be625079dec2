// The finance area's routes: recharges, withdrawals, manual adjustments and gift money, balance changes.
import type { RouteSpec } from '../http/route'
import recharge from './recharge'
import withdraw from './withdraw'
import giftmoney from './giftmoney'
import balance from './balance'

const routes: RouteSpec[] = [...recharge, ...withdraw, ...giftmoney, ...balance]
export default routes
