// Builds the real app on a fresh copy of the template database and calls it through app.inject, as an admin would.
import { inject } from 'vitest'
import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../src/server/db/db'
import { openPglite } from '../../src/server/db/pglite'
import { pgDb } from '../../src/server/db/pg'
import { loadRsaKeys, encryptForLogin, type RsaKeys } from '../../src/server/auth/rsa'
import { buildApp } from '../../src/server/app'
import { readConfig } from '../../src/server/config'
import { TEST_PASSWORD } from './password'
import { checkAnswerShape } from './answer-shapes'

export { TEST_PASSWORD }

export interface Answer<T = any> { status: number; code: number; msg: string; data: T; body: any }

export interface TestApp {
  app: FastifyInstance
  db: Db
  keys: RsaKeys
  /** The database's URL on PostgreSQL (another server process may open it); undefined on PGlite. */
  url?: string
  /** Logs in and answers the token (throws when login fails). */
  login(username?: string, password?: string, extra?: Record<string, unknown>): Promise<string>
  get<T = any>(url: string, token?: string, query?: Record<string, unknown>, headers?: Record<string, string>): Promise<Answer<T>>
  post<T = any>(url: string, token?: string, body?: unknown, headers?: Record<string, string>): Promise<Answer<T>>
  /** Encrypts a password as the console does. */
  encrypt(plain: string): string
  close(): Promise<void>
}

let templateBlob: Blob | undefined

async function freshDb(): Promise<{ db: Db; url?: string; drop: () => Promise<void> }> {
  const pgTemplate = inject('pgTemplate')
  if (pgTemplate) {
    const url = process.env.TEST_DATABASE_URL!
    const name = `houtai_t_${inject('pgTemplate').split('_').pop()}_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create database ${name} template ${pgTemplate}`)
    await admin.end()
    const u = new URL(url)
    u.pathname = `/${name}`
    const db = pgDb(u.toString(), 5)
    return {
      db,
      url: u.toString(),
      drop: async () => {
        const c = new pg.Client({ connectionString: url })
        await c.connect()
        await c.query(`drop database if exists ${name} with (force)`)
        await c.end()
      },
    }
  }
  templateBlob ??= new Blob([readFileSync(inject('pgliteTemplate'))])
  return { db: await openPglite({ loadDataDir: templateBlob }), drop: async () => undefined }
}

function answer(res: { statusCode: number; body: string }): Answer {
  let body: any
  try { body = JSON.parse(res.body) } catch { body = res.body }
  return { status: res.statusCode, code: body?.code, msg: body?.msg, data: body?.data, body }
}

export async function makeApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { db, url, drop } = await freshDb()
  const config = { ...readConfig({ ...env }), publicDir: '/nonexistent' }
  const keys = await loadRsaKeys(db, '')
  const app = await buildApp({ db, config, keys })
  const t: TestApp = {
    app, db, keys, url,
    encrypt: (plain) => encryptForLogin(keys.publicPem, plain),
    async login(username = 'admin', password = TEST_PASSWORD, extra = {}) {
      const r = await t.post('/api/login', undefined, { username, password: t.encrypt(password), ...extra })
      if (r.code !== 200) throw new Error(`login ${username} failed: ${r.status} ${r.msg}`)
      return r.data.token as string
    },
    async get(url, token, query, headers = {}) {
      const a = answer(await app.inject({ method: 'GET', url, query: query as any, headers: { ...(token ? { token } : {}), ...headers } }))
      checkAnswerShape('GET', url, a.status, a.body)
      return a
    },
    async post(url, token, body, headers = {}) {
      const a = answer(await app.inject({
        method: 'POST', url, payload: body as any,
        headers: { ...(token ? { token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      }))
      checkAnswerShape('POST', url, a.status, a.body)
      return a
    },
    async close() {
      await app.close()
      await db.close()
      await drop()
    },
  }
  return t
}

/** Rows of the operation log for a path, newest first. */
export async function opRows(t: TestApp, path: string) {
  return (await t.db.query<any>('select * from operation_logs where path = $1 order by id desc', [path])).rows
}
