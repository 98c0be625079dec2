// Draw exposure, 限红 and big wins (RISK.md §6): the routes.
import type { RouteSpec } from '../http/route'
import { route } from '../http/route'
import { exposure } from '../../contract/api/exposure'
import { exposureOf, exposureRooms } from './exposure'
import limits from './limits'
import bigwins from './bigwins'

const routes: RouteSpec[] = [
  route(exposure.show, (ctx, q) => exposureOf(ctx.db, ctx.caller.product, q.id)),
  route(exposure.rooms, async (ctx) => ({ items: await exposureRooms(ctx.db, ctx.caller.product) })),
  ...limits, ...bigwins,
]
export default routes
