// The merchant area's routes: merchants with their quota, and the quota bills (额度记录).
import type { RouteSpec } from '../http/route'
import merchant from './merchant'
import bills from './bills'

const routes: RouteSpec[] = [...merchant, ...bills]
export default routes
