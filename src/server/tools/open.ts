// How a command-line tool reaches the server's database: DATABASE_URL, else the PGlite in DATA_DIR (which must exist).
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { readConfig } from '../config'
import { openDb } from '../db/open'
import type { Db } from '../db/db'

/** `create`: a tool that fills a database may start from nothing (PGlite's directory is created). */
export async function openToolDb(create = false): Promise<{ db: Db; source: string } | null> {
  const config = readConfig()
  let source: string
  if (config.databaseUrl) {
    const u = new URL(config.databaseUrl)
    u.password = ''
    source = `PostgreSQL ${u.host}${u.pathname}`
  } else {
    source = `PGlite ${config.dataDir}`
    // Opening a missing directory would create an empty database instead of reading one.
    if (!create && !existsSync(join(config.dataDir, 'PG_VERSION'))) {
      console.error(`没有数据库：${config.dataDir}（设置 DATA_DIR 或 DATABASE_URL）`)
      return null
    }
  }
  if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true })
  return { db: await openDb(config), source }
}
