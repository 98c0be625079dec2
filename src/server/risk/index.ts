// The risk area's routes: member logins, associations, bans, tags and notes, turnover.
import type { RouteSpec } from '../http/route'
import logins from './logins'
import bans from './bans'
import tags from './tags'
import associations from './associations'
import turnover from './turnover'

const routes: RouteSpec[] = [...logins, ...bans, ...tags, ...associations, ...turnover]
export default routes
