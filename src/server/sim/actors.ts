// Every activity the simulator runs, in the order their first-start bootstrap fills a demo product.
import type { SimActor } from './actor'
import { memberActor } from './member-actor'
import { financeActor } from './finance-actor'
import { lotteryActor } from './lottery-actor'
import { investActor } from './invest-actor'

export const ACTORS: SimActor[] = [memberActor, financeActor, lotteryActor, investActor]
