// `npm run audit:verify`: verifies the audit chains of the server's database (DATABASE_URL, else the PGlite in DATA_DIR),
// prints every chain's head and each break; exits 0 when all hold, 1 on any break, 2 when it could not verify.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { readConfig } from '../config'
import { openDb } from '../db/open'
import { verifyAudit } from './verify'
import { formatReport } from './print'

const config = readConfig()
let source: string
if (config.databaseUrl) {
  const u = new URL(config.databaseUrl)
  u.password = ''
  source = `PostgreSQL ${u.host}${u.pathname}`
} else {
  source = `PGlite ${config.dataDir}`
  // Opening a missing directory would create an empty database instead of verifying one.
  if (!existsSync(join(config.dataDir, 'PG_VERSION'))) {
    console.error(`没有数据库：${config.dataDir}（设置 DATA_DIR 或 DATABASE_URL）`)
    process.exit(2)
  }
}

const db = await openDb(config)
try {
  const report = await verifyAudit(db)
  console.log(formatReport(report, source))
  process.exitCode = report.ok ? 0 : 1
} catch (e) {
  console.error(`无法校验：${e instanceof Error ? e.message : String(e)}`)
  process.exitCode = 2
} finally {
  await db.close()
}
