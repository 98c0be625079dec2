// The admin area's routes: menus, roles, admins, permissions, master whitelist, operation log, Google authenticator.
import type { RouteSpec } from '../http/route'

const routes: RouteSpec[] = []
export default routes
