// The member area's routes: members, levels, virtual accounts, bank cards, digital wallets and agents.
import type { RouteSpec } from '../http/route'
import member from './member'
import level from './level'
import virtuals from './virtuals'
import card from './card'
import wallet from './wallet'
import agent from './agent'

const routes: RouteSpec[] = [...member, ...level, ...virtuals, ...card, ...wallet, ...agent]
export default routes
