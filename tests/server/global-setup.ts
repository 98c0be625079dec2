// Prepares one migrated and seeded template database per run (PGlite dump, or a PostgreSQL template database),
// so each test gets a fresh copy quickly instead of initialising a database.
import type { TestProject } from 'vitest/node'
import { writeFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { pgliteDb } from '../../src/server/db/pglite'
import { pgDb } from '../../src/server/db/pg'
import { migrate } from '../../src/server/db/migrate'
import { seed } from '../../src/server/seed/seed'
import { ALL_ROUTES } from '../../src/server/routes'
import { loadRsaKeys } from '../../src/server/auth/rsa'
import { TEST_PASSWORD } from './password'

declare module 'vitest' {
  export interface ProvidedContext { pgliteTemplate: string; pgTemplate: string }
}

async function prepare(db: import('../../src/server/db/db').Db) {
  await migrate(db)
  await seed(db, ALL_ROUTES, { adminPassword: TEST_PASSWORD })
  await loadRsaKeys(db, '')
}

export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB_KIND ?? 'pglite'
  if (kind === 'pg') {
    const url = process.env.TEST_DATABASE_URL!
    const name = `houtai_tmpl_${process.pid}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`drop database if exists ${name}`)
    await admin.query(`create database ${name}`)
    const u = new URL(url)
    u.pathname = `/${name}`
    const db = pgDb(u.toString(), 2)
    await prepare(db)
    await db.close()
    project.provide('pgTemplate', name)
    project.provide('pgliteTemplate', '')
    return async () => {
      // Only this run's databases: other runs (another checkout, a parallel npm test) share the server.
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname like $2 or datname = $1`, [name, `houtai_t_${process.pid}_%`])
      const dbs = await admin.query(`select datname from pg_database where datname like 'houtai_t_${process.pid}_%'`)
      for (const r of dbs.rows) await admin.query(`drop database if exists ${r.datname}`)
      await admin.query(`drop database if exists ${name}`)
      await admin.end()
    }
  }
  const lite = await PGlite.create()
  await prepare(pgliteDb(lite))
  const dump = await lite.dumpDataDir('none')
  await lite.close()
  const file = join(tmpdir(), `houtai-template-${process.pid}.tar`)
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteTemplate', file)
  project.provide('pgTemplate', '')
  return () => rmSync(file, { force: true })
}
