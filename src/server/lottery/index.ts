// The lottery area's routes: play groups, play ways, trade rooms, draws and bets.
import type { RouteSpec } from '../http/route'
import playgroup from './playgroup'
import playway from './playway'
import room from './room'
import issue from './issue'
import order from './order'

const routes: RouteSpec[] = [...playgroup, ...playway, ...room, ...issue, ...order]
export default routes
