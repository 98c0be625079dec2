// 谷歌验证: each admin's own authenticator — the pending secret and QR, code checks that work once, switching on and off,
// and login with a code once it is on.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, TEST_PASSWORD, type TestApp } from './helpers'
import { currentCode } from '../../src/server/auth/totp'

const URL = '/api/google'
const STEP = 30_000
let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login('kefu') })
afterEach(async () => { await t.close() })

const row = async (username = 'kefu') =>
  (await t.db.query<any>('select google_secret, google_enabled from admins where username = $1', [username])).rows[0]
const code = (secret: string, steps = 0) => currentCode(secret, Date.now() + steps * STEP)
const logsText = async () => JSON.stringify((await t.db.query('select * from operation_logs')).rows)

async function switchOn(): Promise<string> {
  const secret = (await t.get(`${URL}/index`, token)).data.secret as string
  const r = await t.post(`${URL}/set_google_auth`, token, { is_open_google_auth: 1, code: code(secret) })
  expect(r.code).toBe(200)
  return secret
}

describe('status', () => {
  it('shows a pending secret with its otpauth URI and QR code while off, the same one each time', async () => {
    const r = await t.get(`${URL}/index`, token)
    expect(r.data).toMatchObject({ is_open_google_auth: false, bound: false })
    expect(r.data.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(r.data.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*kefu\?.*secret=/)
    expect(r.data.otpauth_uri).toContain(`secret=${r.data.secret}`)
    expect(r.data.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>$/)
    expect(await row()).toEqual({ google_secret: r.data.secret, google_enabled: false })
    expect((await t.get(`${URL}/index`, token)).data.secret).toBe(r.data.secret)
  })

  it('needs a session (401), but no menu', async () => {
    expect((await t.get(`${URL}/index`)).status).toBe(401)
    expect((await t.post(`${URL}/test`, undefined, { code: '123456' })).status).toBe(401)
  })
})

describe('test a code', () => {
  it('accepts a valid code once, logging the check without the code', async () => {
    const secret = (await t.get(`${URL}/index`, token)).data.secret
    const c = code(secret)
    expect((await t.post(`${URL}/test`, token, { code: c })).data).toEqual({ ok: true })
    const again = await t.post(`${URL}/test`, token, { code: c })
    expect([again.status, again.msg]).toEqual([400, '谷歌验证码错误'])
    const [log] = await opRows(t, `${URL}/test`)
    expect(log).toMatchObject({ admin_name: 'kefu', action: 'R' })
    expect(await logsText()).not.toContain(secret)
  })

  it('refuses missing and malformed codes with the field named', async () => {
    await t.get(`${URL}/index`, token)
    const cases: [unknown, string][] = [
      [{}, '谷歌验证码不能为空'], [{ code: '' }, '谷歌验证码不能为空'], [{ code: 'x'.repeat(17) }, '谷歌验证码长度不能超过 16 个字符'],
      [{ code: '12ab56' }, '谷歌验证码错误'], [{ code: '000000' }, '谷歌验证码错误'], [{ code: { a: 1 } }, '谷歌验证码格式不正确'],
    ]
    for (const [body, msg] of cases) {
      const r = await t.post(`${URL}/test`, token, body)
      expect([r.status, r.msg], JSON.stringify(body)).toEqual([400, msg])
    }
  })
})

describe('switch', () => {
  it('switches on with a valid code, never shows the secret again, and logs no secret', async () => {
    const secret = (await t.get(`${URL}/index`, token)).data.secret
    const r = await t.post(`${URL}/set_google_auth`, token, { is_open_google_auth: true, code: code(secret) })
    expect(r.data).toEqual({ is_open_google_auth: true, bound: true })
    expect(await row()).toEqual({ google_secret: secret, google_enabled: true })
    expect((await t.get(`${URL}/index`, token)).data).toEqual({ is_open_google_auth: true, bound: true })
    expect((await t.get('/api/userinfo', token)).data.google_auth).toBe(true)
    const [log] = await opRows(t, `${URL}/set_google_auth`)
    expect(log).toMatchObject({ action: 'U', target_ids: [String(log.admin_id)], before: { is_open_google_auth: false }, after: { is_open_google_auth: true } })
    expect(await logsText()).not.toContain(secret)
  })

  it('refuses a wrong, replayed or missing code and a malformed switch, changing nothing', async () => {
    const secret = (await t.get(`${URL}/index`, token)).data.secret
    const c = code(secret)
    await t.post(`${URL}/test`, token, { code: c })
    const cases: [unknown, number, string][] = [
      [{ is_open_google_auth: 1, code: c }, 400, '谷歌验证码错误'],
      [{ is_open_google_auth: 1, code: '000000' }, 400, '谷歌验证码错误'],
      [{ is_open_google_auth: 1 }, 400, '谷歌验证码不能为空'],
      [{ code: code(secret, 1) }, 400, '谷歌验证开关不能为空'],
      [{ is_open_google_auth: 'yes', code: code(secret, 1) }, 400, '谷歌验证开关取值无效'],
      [{ is_open_google_auth: null, code: code(secret, 1) }, 400, '谷歌验证开关取值无效'],
      [{ is_open_google_auth: 2, code: code(secret, 1) }, 400, '谷歌验证开关取值无效'],
      [{ is_open_google_auth: 0, code: code(secret, 1) }, 409, '谷歌验证未开启'],
    ]
    for (const [body, status, msg] of cases) {
      const r = await t.post(`${URL}/set_google_auth`, token, body)
      expect([r.status, r.msg], JSON.stringify(body)).toEqual([status, msg])
    }
    expect(await row()).toEqual({ google_secret: secret, google_enabled: false })
    expect(await opRows(t, `${URL}/set_google_auth`)).toHaveLength(0)
  })

  it('switches off with a valid code, forgetting the secret; a new one is made next time', async () => {
    const secret = await switchOn()
    expect((await t.post(`${URL}/set_google_auth`, token, { is_open_google_auth: 1, code: code(secret, 1) })).status).toBe(409)
    expect((await t.post(`${URL}/set_google_auth`, token, { is_open_google_auth: false, code: '000000' })).status).toBe(400)
    const off = await t.post(`${URL}/set_google_auth`, token, { is_open_google_auth: 0, code: code(secret, 1) })
    expect(off.data).toMatchObject({ is_open_google_auth: false, bound: false })
    expect(await row()).toEqual({ google_secret: null, google_enabled: false })
    const next = (await t.get(`${URL}/index`, token)).data.secret
    expect(next).toMatch(/^[A-Z2-7]{32}$/)
    expect(next).not.toBe(secret)
  })
})

describe('login with the authenticator on', () => {
  it('needs a code, accepts a fresh one once and refuses its replay', async () => {
    const secret = await switchOn()
    const none = await t.post('/api/login', undefined, { username: 'kefu', password: t.encrypt(TEST_PASSWORD) })
    expect([none.status, none.msg, none.data]).toEqual([400, '请输入谷歌验证码', { need_google: true, field: 'google_code' }])
    const c = code(secret, 1)
    const ok = await t.post('/api/login', undefined, { username: 'kefu', password: t.encrypt(TEST_PASSWORD), google_code: c })
    expect(ok.code).toBe(200)
    expect(ok.data.userinfo.google_auth).toBe(true)
    const replay = await t.post('/api/login', undefined, { username: 'kefu', password: t.encrypt(TEST_PASSWORD), google_code: c })
    expect([replay.status, replay.msg]).toEqual([400, '谷歌验证码错误'])
  })
})

describe('wrong codes are throttled', () => {
  it('refuses further tries after repeated wrong codes, even a right one, and keeps the failures recorded', async () => {
    const t = await makeApp()
    try {
      const token = await t.login('kefu')
      const { data } = await t.get(`${URL}/index`, token)
      for (let i = 0; i < 5; i++) {
        expect((await t.post(`${URL}/test`, token, { code: '000000' })).status).toBe(400)
      }
      const r = await t.post(`${URL}/test`, token, { code: currentCode(data.secret) })
      expect(r.status).toBe(429)
      expect((await t.db.query(`select 1 from login_failures where username = 'google:kefu'`)).rows.length).toBe(5)
    } finally {
      await t.close()
    }
  })
})
