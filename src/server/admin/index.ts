// The admin area's routes: menus, roles, admins, permissions, master whitelist, operation log, Google authenticator, audit verification, login log and online sessions.
import type { RouteSpec } from '../http/route'
import sysmenu from './sysmenu'
import sysrole from './sysrole'
import sysadmin from './sysadmin'
import syspermission from './syspermission'
import syswhitelist from './syswhitelist'
import operation from './operation'
import google from './google'
import audit from './audit'
import sessions from './sessions'

const routes: RouteSpec[] = [...sysmenu, ...sysrole, ...sysadmin, ...syspermission, ...syswhitelist, ...operation, ...google, ...audit, ...sessions]
export default routes
