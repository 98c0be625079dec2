// Every activity the simulator runs, in the order their first-start bootstrap sets a demo product up (their history is
// then replayed together in time order).
import type { SimActor } from './actor'
import { memberActor } from './member-actor'
import { financeActor } from './finance-actor'
import { lotteryActor } from './lottery-actor'
import { investActor } from './invest-actor'
import { riskActor } from './risk-actor'

export const ACTORS: SimActor[] = [memberActor, financeActor, lotteryActor, investActor, riskActor]
