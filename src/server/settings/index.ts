// The website settings area's routes: the three setting categories and the website whitelist.
import type { RouteSpec } from '../http/route'
import system from './system'
import whitelist from './whitelist'

const routes: RouteSpec[] = [...system, ...whitelist]
export default routes
