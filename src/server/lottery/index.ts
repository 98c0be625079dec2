// The lottery area's routes: play groups, play ways, trade rooms, draws and bets.
import type { RouteSpec } from '../http/route'
import playgroup from './playgroup'
import playway from './playway'
import room from './room'
import draws from './draw-routes'
import bets from './bet-routes'

const routes: RouteSpec[] = [...playgroup, ...playway, ...room, ...draws, ...bets]
export default routes
