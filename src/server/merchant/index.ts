// The merchant area's routes: merchants with their quota, and the quota bills (额度记录).
import type { RouteSpec } from '../http/route'
import merchant from './merchant'
import merchantbill from './merchantbill'

const routes: RouteSpec[] = [...merchant, ...merchantbill]
export default routes
