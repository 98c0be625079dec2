// Every area's routes, registered explicitly (no directory autoloading: it does not survive bundling).
import type { RouteSpec } from './http/route'
import auth from './auth/routes'
import admin from './admin'
import product from './product'
import member from './member'
import ledger from './ledger/routes'
import finance from './finance'
import merchant from './merchant'
import settings from './settings'
import lottery from './lottery'
import invest from './invest/routes'
import report from './report/routes'
import risk from './risk'
import events from './events/routes'
import exposure from './exposure'

export const ALL_ROUTES: RouteSpec[] = [...auth, ...admin, ...product, ...member, ...ledger, ...finance, ...merchant, ...settings, ...lottery, ...invest, ...report, ...risk, ...events, ...exposure]
