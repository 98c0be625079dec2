// The product area's routes: products and the switcher, product administrators.
import type { RouteSpec } from '../http/route'
import product from './product'
import proadmin from './proadmin'

const routes: RouteSpec[] = [...product, ...proadmin]
export default routes
