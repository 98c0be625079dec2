// Security headers and HEAD: the content policy and friends on the console's HTML, a static file and API answers,
// no-store on the API, HSTS only behind a trusted proxy that saw HTTPS, and HEAD answering like GET without a body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { makeApp, type TestApp } from './helpers'
import { buildApp } from '../../src/server/app'
import { readConfig } from '../../src/server/config'

const POLICY = {
  'default-src': "'self'", 'script-src': "'self'", 'style-src': "'self'", 'img-src': "'self' data:", 'connect-src': "'self'",
  'frame-ancestors': "'none'", 'base-uri': "'none'", 'form-action': "'self'", 'object-src': "'none'",
}
const INDEX = '<!doctype html><html lang="zh-CN"><head><title>后台管理系统</title></head><body><div id="root"></div></body></html>'
const JS = 'console.log("main")\n'

let t: TestApp
let dir: string
let app: FastifyInstance
let proxied: FastifyInstance
let token: string

/** The real app over a public dir holding an index.html, a favicon and a hashed script, as the build leaves them. */
const consoleApp = (env: Record<string, string>) =>
  buildApp({ db: t.db, keys: t.keys, config: { ...readConfig(env), publicDir: dir } })

beforeAll(async () => {
  t = await makeApp()
  token = await t.login()
  dir = mkdtempSync(join(tmpdir(), 'houtai-public-'))
  mkdirSync(join(dir, 'static/js'), { recursive: true })
  writeFileSync(join(dir, 'index.html'), INDEX)
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  writeFileSync(join(dir, 'static/js/main-ABC123.js'), JS)
  app = await consoleApp({})
  proxied = await consoleApp({ TRUST_PROXY: '1' })
})
afterAll(async () => {
  await app.close()
  await proxied.close()
  await t.close()
  rmSync(dir, { recursive: true, force: true })
})

const policyOf = (header: unknown) =>
  Object.fromEntries(String(header).split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
    const [name, ...values] = d.split(/\s+/)
    return [name, values.join(' ')]
  }))

function expectHardened(headers: Record<string, unknown>) {
  expect(policyOf(headers['content-security-policy'])).toEqual(POLICY)
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('no-referrer')
  expect(headers['x-frame-options']).toBe('DENY')
  expect(headers).not.toHaveProperty('strict-transport-security')
}

describe('headers', () => {
  it('puts the strict content policy and the rest on the console’s HTML', async () => {
    for (const url of ['/login', '/layout/home', '/', '/no-such-page']) {
      const r = await app.inject({ url })
      expect(r.statusCode, url).toBe(url === '/no-such-page' ? 404 : 200)
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(r.body).toBe(INDEX)
      expectHardened(r.headers)
    }
  })

  it('puts them on static files too, which stay cacheable', async () => {
    const r = await app.inject({ url: '/static/js/main-ABC123.js' })
    expect(r.statusCode).toBe(200)
    expect(r.body).toBe(JS)
    expectHardened(r.headers)
    expect(r.headers['cache-control']).toContain('immutable')
  })

  it('answers every /api and /common call with no-store, errors included', async () => {
    const calls = [
      await app.inject({ url: '/api/userinfo', headers: { token } }),
      await app.inject({ url: '/common/configs' }),
      await app.inject({ url: '/api/userinfo' }),
      await app.inject({ url: '/api/no-such-call' }),
      await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: 'x' } }),
    ]
    expect(calls.map((r) => r.statusCode)).toEqual([200, 200, 401, 404, 400])
    for (const r of calls) {
      expect(r.headers['cache-control']).toBe('no-store')
      expectHardened(r.headers)
    }
  })

  it('sends HSTS only when a trusted proxy says the request came over HTTPS', async () => {
    const https = { 'x-forwarded-proto': 'https' }
    const hsts = await proxied.inject({ url: '/login', headers: https })
    expect(hsts.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    expect(policyOf(hsts.headers['content-security-policy'])).toEqual(POLICY)
    expect((await proxied.inject({ url: '/api/userinfo', headers: { ...https, token } })).headers['strict-transport-security']).toBeDefined()
    expect((await proxied.inject({ url: '/login' })).headers).not.toHaveProperty('strict-transport-security')
    expect((await proxied.inject({ url: '/login', headers: { 'x-forwarded-proto': 'http' } })).headers).not.toHaveProperty('strict-transport-security')
    // Without TRUST_PROXY the header is anyone's word.
    expect((await app.inject({ url: '/login', headers: https })).headers).not.toHaveProperty('strict-transport-security')
  })
})

describe('HEAD', () => {
  it('answers like GET without a body for the app’s routes and static files', async () => {
    for (const url of ['/login', '/layout/home', '/', '/403', '/layout/admin/log', '/static/js/main-ABC123.js', '/favicon.svg', '/no-such-page']) {
      const get = await app.inject({ url })
      const head = await app.inject({ method: 'HEAD', url })
      expect(head.statusCode, url).toBe(get.statusCode)
      expect(head.body, url).toBe('')
      expect(head.headers['content-type'], url).toBe(get.headers['content-type'])
      expect(head.headers['content-length'], url).toBe(get.headers['content-length'])
      expect(policyOf(head.headers['content-security-policy'])).toEqual(POLICY)
    }
    expect((await app.inject({ method: 'HEAD', url: '/login' })).statusCode).toBe(200)
    expect((await app.inject({ method: 'HEAD', url: '/layout/home' })).statusCode).toBe(200)
  })
})
