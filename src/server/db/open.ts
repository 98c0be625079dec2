// Chooses the database: a PostgreSQL server when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR.
import type { Config } from '../config'
import type { Db } from './db'
import { pgDb } from './pg'
import { openPglite } from './pglite'

export async function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  return config.databaseUrl ? pgDb(config.databaseUrl) : openPglite({ dataDir: config.dataDir })
}
