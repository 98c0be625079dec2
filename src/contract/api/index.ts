// Every declared endpoint, by resource and name: what the server registers and the console's client (core/api.ts)
// calls. Each area's file exports its resources; they are merged here, so an area adds endpoints in its own file.
import * as admin from './admin'
import * as auth from './auth'
import * as events from './events'
import * as exposure from './exposure'
import * as finance from './finance'
import * as invest from './invest'
import * as ledger from './ledger'
import * as lottery from './lottery'
import * as member from './member'
import * as merchant from './merchant'
import * as product from './product'
import * as report from './report'
import * as risk from './risk'
import * as sessions from './sessions'
import * as settings from './settings'

export const API = {
  ...admin, ...auth, ...events, ...exposure, ...finance, ...invest, ...ledger, ...lottery, ...member, ...merchant, ...product, ...report, ...risk, ...sessions, ...settings,
} as const
