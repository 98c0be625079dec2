// `npm run bench`: builds, then measures the server (start-up, login, lists, operation-log writes) and the console (bundle, palette, scrolling);
// `npm run bench <members|finance|lottery|report|desk|exposure|export|scale>` one volume benchmark.
import { build } from '../build.mjs'
import { benchServer } from './bench/server.mjs'
import { benchBundle } from './bench/bundle.mjs'
import { benchBrowser } from './bench/browser.mjs'
import { benchOplog } from './bench/oplog.mjs'
import { benchMembers } from './bench/members.mjs'
import { benchFinance } from './bench/finance.mjs'
import { benchLottery } from './bench/lottery.mjs'
import { benchReport } from './bench/report.mjs'
import { benchDesk } from './bench/desk.mjs'
import { benchScale } from './bench/scale.mjs'
import { benchExposure } from './bench/exposure.mjs'
import { benchExport } from './bench/export.mjs'

await build()
const only = process.argv[2]
if (!only || only === 'bundle') console.log('\n== bundle ==\n', benchBundle())
if (!only || only === 'server') console.table(await benchServer())
if (!only || only === 'oplog') { console.log('\n== operation log writes (PostgreSQL) =='); console.table(await benchOplog()) }
if (only === 'members') { console.log('\n== members at volume =='); for (const r of await benchMembers()) console.log(r) }
if (only === 'finance') { console.log('\n== finance at volume =='); for (const r of await benchFinance()) console.log(r) }
if (only === 'lottery') { console.log('\n== lottery: settlement, bets per second, bet list at volume =='); for (const r of await benchLottery()) console.log(r) }
if (only === 'report') { console.log('\n== reports and home at volume =='); for (const r of await benchReport()) console.log(r) }
if (only === 'export') { console.log('\n== exports at volume (1,000,000 balance changes) =='); for (const r of await benchExport()) console.log(r) }
if (only === 'desk') { console.log('\n== withdrawal review desk at volume =='); for (const r of await benchDesk()) console.log(r) }
if (only === 'scale') { console.log('\n== scale: the full data set =='); console.table(await benchScale()) }
if (only === 'exposure') { console.log('\n== exposure: GET /api/issue/exposure p95, bets per second with the payout cap against without =='); for (const r of await benchExposure()) console.log(r) }
if (!only || only === 'browser') console.log('\n== console ==\n', await benchBrowser())
