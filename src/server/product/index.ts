// The product area's routes: products and the switcher, product administrators.
import type { RouteSpec } from '../http/route'

const routes: RouteSpec[] = []
export default routes
