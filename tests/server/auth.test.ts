// Login and session: RSA passwords, the same answer for every kind of bad login, throttling, userinfo, logout.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, TEST_PASSWORD, type TestApp } from './helpers'
import { THROTTLE } from '../../src/server/auth/throttle'

let t: TestApp
beforeEach(async () => { t = await makeApp() })
afterEach(async () => { await t.close() })

describe('login', () => {
  it('gives the RSA public key on /common/configs without a token', async () => {
    const r = await t.get('/common/configs')
    expect(r.code).toBe(200)
    expect(r.data.public_key).toContain('BEGIN PUBLIC KEY')
  })

  it('logs in with an RSA-encrypted password and answers the token and userinfo', async () => {
    const r = await t.post('/api/login', undefined, { username: 'admin', password: t.encrypt(TEST_PASSWORD) })
    expect(r.code).toBe(200)
    expect(r.data.token.length).toBeGreaterThanOrEqual(22)
    expect(r.data.userinfo.username).toBe('admin')
    expect(r.data.userinfo.menu_list).toContain('/layout/admin/admins')
    const stored = await t.db.query<any>('select token_hash from sessions')
    expect(stored.rows[0].token_hash).not.toBe(r.data.token)
    expect((await opRows(t, '/api/login'))[0].admin_name).toBe('admin')
  })

  it('answers a wrong user, a wrong password and an undecryptable password the same way', async () => {
    const answers = await Promise.all([
      t.post('/api/login', undefined, { username: 'nobody', password: t.encrypt(TEST_PASSWORD) }),
      t.post('/api/login', undefined, { username: 'admin', password: t.encrypt('wrong-password') }),
      t.post('/api/login', undefined, { username: 'admin', password: 'bm90IHJzYQ==' }),
      t.post('/api/login', undefined, { username: 'admin', password: TEST_PASSWORD }),
    ])
    for (const a of answers) expect({ status: a.status, msg: a.msg, data: a.data }).toEqual({ status: 400, msg: '用户名或密码错误', data: null })
  })

  it('names the missing field in Chinese and writes nothing', async () => {
    const r = await t.post('/api/login', undefined, { username: 'admin' })
    expect(r.status).toBe(400)
    expect(r.msg).toBe('密码不能为空')
    expect((await t.db.query('select 1 from sessions')).rows).toHaveLength(0)
  })

  it('throttles an account per IP without locking it from another address', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip })
    const t2 = await makeApp({ TRUST_PROXY: '1' })
    try {
      for (let i = 0; i < THROTTLE.perAccountIp; i++) {
        const r = await t2.post('/api/login', undefined, { username: 'admin', password: t2.encrypt('bad') }, from('10.9.9.9'))
        expect(r.status).toBe(400)
      }
      const locked = await t2.post('/api/login', undefined, { username: 'admin', password: t2.encrypt(TEST_PASSWORD) }, from('10.9.9.9'))
      expect(locked.status).toBe(429)
      const elsewhere = await t2.post('/api/login', undefined, { username: 'admin', password: t2.encrypt(TEST_PASSWORD) }, from('10.1.1.1'))
      expect(elsewhere.status).toBe(200)
    } finally {
      await t2.close()
    }
  })

  it('throttles an IP that tries many accounts', async () => {
    const t2 = await makeApp({ TRUST_PROXY: '1' })
    try {
      const h = { 'x-forwarded-for': '10.7.7.7' }
      for (let i = 0; i < THROTTLE.perIp; i++) await t2.post('/api/login', undefined, { username: `u${i}`, password: t2.encrypt('x') }, h)
      const r = await t2.post('/api/login', undefined, { username: 'kefu', password: t2.encrypt(TEST_PASSWORD) }, h)
      expect(r.status).toBe(429)
    } finally {
      await t2.close()
    }
  })
})

describe('session', () => {
  it('requires a token, accepts the token header and Bearer, and ends on logout', async () => {
    expect((await t.get('/api/userinfo')).status).toBe(401)
    const token = await t.login()
    expect((await t.get('/api/userinfo', token)).data.username).toBe('admin')
    expect((await t.get('/api/userinfo', undefined, undefined, { authorization: `Bearer ${token}` })).code).toBe(200)
    expect((await t.post('/api/logout', token)).code).toBe(200)
    expect((await t.get('/api/userinfo', token)).status).toBe(401)
  })

  it('ends a session that has been idle too long', async () => {
    const token = await t.login()
    await t.db.query(`update sessions set last_seen_at = now() - interval '3 hours'`)
    expect((await t.get('/api/userinfo', token)).status).toBe(401)
  })

  it('gives a limited role only its menus', async () => {
    const token = await t.login('caiwu')
    const info = (await t.get('/api/userinfo', token)).data
    expect(info.menu_list).toContain('/layout/finance/withdraw')
    expect(info.menu_list).not.toContain('/layout/admin/admins')
    expect(info.menus.map((m: any) => m.label)).toContain('财务管理')
  })

  it('never shows internals on a server error', async () => {
    t.app.get('/api/boom', async () => { throw new Error('secret internals: select * from admins') })
    const r = await t.get('/api/boom')
    expect(r.status).toBe(500)
    expect(r.msg).toMatch(/^服务器内部错误（请求编号 [0-9a-f-]+）$/)
  })
})

describe('platform', () => {
  it('answers /healthz and the OpenAPI document', async () => {
    expect((await t.get('/healthz')).code).toBe(200)
    expect((await t.get('/api/openapi.json')).status).toBe(401)
    const doc = (await t.get('/api/openapi.json', await t.login())).body
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.paths)).toContain('/api/login')
  })
})

describe('forwarded addresses', () => {
  it('falls back to the socket address when X-Forwarded-For is not an address', async () => {
    const t2 = await makeApp({ TRUST_PROXY: '1' })
    try {
      const r = await t2.post('/api/login', undefined, { username: 'admin', password: t2.encrypt(TEST_PASSWORD) }, { 'x-forwarded-for': 'garbage' })
      expect(r.status).toBe(200)
      expect((await t2.get('/api/userinfo', r.data.token, undefined, { 'x-forwarded-for': '<script>' })).status).toBe(200)
    } finally {
      await t2.close()
    }
  })
})
