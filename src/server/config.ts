// Server settings from the environment, read once at start-up.
import { resolve } from 'node:path'
import { HEARTBEAT_MS } from '../contract/events'

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl?: string
  adminPassword?: string
  trustProxy: boolean
  /** Session idle and absolute lifetimes, in seconds. */
  sessionIdle: number
  sessionMax: number
  publicDir: string
  logLevel: string
  /** The live events' heartbeat (and session re-check) interval, in milliseconds. */
  eventsHeartbeatMs: number
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    sessionIdle: Number(env.SESSION_IDLE_SECONDS ?? 2 * 3600),
    sessionMax: Number(env.SESSION_MAX_SECONDS ?? 12 * 3600),
    publicDir: resolve(env.PUBLIC_DIR ?? 'dist/public'),
    logLevel: env.LOG_LEVEL ?? 'info',
    eventsHeartbeatMs: Number(env.EVENTS_HEARTBEAT_MS) || HEARTBEAT_MS,
  }
}
