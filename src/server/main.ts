// Starts the server: opens the database (PGlite in DATA_DIR, or DATABASE_URL), migrates, seeds on first start, listens.
import { mkdirSync } from 'node:fs'
import { readConfig } from './config'
import { openDb } from './db/open'
import { migrate } from './db/migrate'
import { seed } from './seed/seed'
import { ALL_ROUTES } from './routes'
import { loadRsaKeys } from './auth/rsa'
import { buildApp } from './app'
import { startSimulator } from './sim/simulator'
import { startScheduler } from './lottery/scheduler'
import { startInvestJob } from './invest/job'
import { startFoldJob } from './report/fold'
import { startExportUpkeep } from './view/exports'

const started = Date.now()
const config = readConfig()
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true })
const db = await openDb(config)
await migrate(db)
const seeded = await seed(db, ALL_ROUTES, { adminPassword: config.adminPassword, demo: process.env.SEED_DEMO !== '0' })
const keys = await loadRsaKeys(db)
const app = await buildApp({ db, config, keys }, { logger: { level: config.logLevel } })

if (seeded.firstStart) {
  const pw = seeded.generated ? `${seeded.adminPassword}（自动生成，只显示这一次）` : '（ADMIN_PASSWORD 所设）'
  console.log(`\n首次启动：超级管理员 admin 密码 ${pw}\n演示账号 caiwu / kefu / yunying / alpha_admin 使用相同密码。\n`)
}

await app.listen({ port: config.port, host: config.host })
// PORT=0 takes any free port (the browser suite does); the line names the one taken.
const address = app.server.address()
const port = typeof address === 'object' && address ? address.port : config.port
console.log(`后台管理系统 listening on http://localhost:${port} (${db.kind}, ready in ${Date.now() - started} ms)`)

// The activity simulator stands in for the member site while demo data is on (SIMULATE=0 turns it off).
const simulator = process.env.SEED_DEMO !== '0' && process.env.SIMULATE !== '0'
  ? startSimulator(db, { seed: process.env.SIMULATE_SEED ? Number(process.env.SIMULATE_SEED) : undefined, log: app.log })
  : null

// Every instance runs the draw scheduler (issues exactly once by their rows; LOTTERY_SCHEDULER=0 turns it off).
const scheduler = process.env.LOTTERY_SCHEDULER !== '0' ? startScheduler(db, { log: app.log }) : null
// Every instance runs the 余额宝 maturity job; the lease holder pays (each plan exactly once by its row; INVEST_JOB=0 turns it off).
const investJob = process.env.INVEST_JOB !== '0' ? startInvestJob(db, { log: app.log, tickMs: Number(process.env.INVEST_TICK_MS) || undefined }) : null
// Every instance folds the report queue every second (readers fold before reading, so this only keeps it short).
const foldJob = startFoldJob(db, { log: app.log })
// Exports: jobs of a server that stopped are marked failed, files past their 24 hours deleted (at start, then hourly).
const stopExportUpkeep = startExportUpkeep(db, config, app.log)

let closing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    await simulator?.stop()
    await scheduler?.stop()
    await investJob?.stop()
    await foldJob.stop()
    stopExportUpkeep()
    await app.close()
    await db.close()
    process.exit(0)
  })
}
