// /api/syspermission routes (placeholder until written).
import type { RouteSpec } from '../http/route'

export default [] as RouteSpec[]
