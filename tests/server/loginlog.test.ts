// 登录日志: every admin login attempt leaves a row (success and each failure reason), committed although the failed
// login answers an error; an unknown user is answered like a wrong password but logged as such; the filters; who may read it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, TEST_PASSWORD, type TestApp } from './helpers'
import { newSecret, currentCode } from '../../src/server/auth/totp'
import { THROTTLE } from '../../src/server/auth/throttle'

const URL = '/api/loginlog/index'
let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp({ TRUST_PROXY: '1' }) ; token = await t.login() })
afterEach(async () => { await t.close() })

const from = (ip: string) => ({ 'x-forwarded-for': ip, 'user-agent': `agent-${ip}` })
const attempt = (username: string, password: string, ip: string, extra: Record<string, unknown> = {}) =>
  t.post('/api/login', undefined, { username, password: t.encrypt(password), ...extra }, from(ip))
/** The log's newest row for an IP, as the list answers it. */
const latest = async (ip: string) => (await t.get(URL, token, { ip })).data.items[0]

describe('login attempts', () => {
  it('logs a success and each failure with its reason, IP, user agent and time', async () => {
    expect((await attempt('caiwu', TEST_PASSWORD, '10.9.0.1')).code).toBe(200)
    expect(await latest('10.9.0.1')).toMatchObject({ username: 'caiwu', ok: true, reason: '', ip: '10.9.0.1', user_agent: 'agent-10.9.0.1' })
    expect((await latest('10.9.0.1')).at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)

    const wrong = await attempt('caiwu', 'not-the-password', '10.9.0.2')
    expect(wrong.status).toBe(400)
    expect(await latest('10.9.0.2')).toMatchObject({ username: 'caiwu', ok: false, reason: 'password' })

    // An unknown user gets the wrong password's answer; only the log tells them apart.
    const unknown = await attempt('nobody_here', 'not-the-password', '10.9.0.3')
    expect([unknown.status, unknown.msg]).toEqual([wrong.status, wrong.msg])
    expect(await latest('10.9.0.3')).toMatchObject({ username: 'nobody_here', admin_id: null, ok: false, reason: 'unknown_user' })

    await t.db.query(`update admins set status = 0 where username = 'yunying'`)
    expect((await attempt('yunying', TEST_PASSWORD, '10.9.0.4')).status).toBe(403)
    expect(await latest('10.9.0.4')).toMatchObject({ username: 'yunying', ok: false, reason: 'disabled' })
  })

  it('logs a missing and a wrong Google code, then the success with the right one', async () => {
    const secret = newSecret()
    await t.db.query(`update admins set google_secret = $1, google_enabled = true where username = 'kefu'`, [secret])
    expect((await attempt('kefu', TEST_PASSWORD, '10.9.1.1')).data).toMatchObject({ need_google: true })
    expect(await latest('10.9.1.1')).toMatchObject({ username: 'kefu', ok: false, reason: 'need_google' })
    expect((await attempt('kefu', TEST_PASSWORD, '10.9.1.2', { google_code: currentCode(secret) === '000000' ? '111111' : '000000' })).msg).toBe('谷歌验证码错误')
    expect(await latest('10.9.1.2')).toMatchObject({ ok: false, reason: 'google' })
    expect((await attempt('kefu', TEST_PASSWORD, '10.9.1.3', { google_code: currentCode(secret) })).code).toBe(200)
    expect(await latest('10.9.1.3')).toMatchObject({ ok: true, reason: '' })
  })

  it('logs the attempts refused past the throttle, each one, and keeps the throttle as it was', async () => {
    for (let i = 0; i < THROTTLE.perAccountIp; i++) expect((await attempt('caiwu', 'wrong', '10.9.2.1')).status).toBe(400)
    const locked = await attempt('caiwu', TEST_PASSWORD, '10.9.2.1')
    expect(locked.status).toBe(429)
    const rows = (await t.get(URL, token, { ip: '10.9.2.1', per_page: 50 })).data.items
    expect(rows.map((r: any) => r.reason)).toEqual(['throttled', ...Array(THROTTLE.perAccountIp).fill('password')])
    // The same account from another address is not locked out.
    expect((await attempt('caiwu', TEST_PASSWORD, '10.9.2.2')).code).toBe(200)
  })

  it('logs an attempt the master whitelist refuses, with the name it carried, still 403 whatever the body', async () => {
    expect((await t.post('/api/syswhitelist/create', token, { ip: '127.0.0.1' })).code).toBe(200)
    expect((await t.post('/api/syswhitelist/switch', token, { enabled: true })).code).toBe(200)
    const r = await attempt('caiwu', TEST_PASSWORD, '10.9.3.1')
    expect([r.status, r.msg]).toEqual([403, '当前IP不在白名单内'])
    const odd = await t.post('/api/login', undefined, { username: 'x\u0000y', password: 5, extra: true }, from('10.9.3.2'))
    expect(odd.status).toBe(403)
    const rows = await t.db.query<any>(`select username, ok, reason, admin_id from login_log where ip like '10.9.3.%' order by id`)
    const caiwu = await t.db.query<any>(`select id from admins where username = 'caiwu'`)
    expect(rows.rows).toEqual([
      { username: 'caiwu', ok: false, reason: 'whitelist', admin_id: caiwu.rows[0].id },
      { username: 'xy', ok: false, reason: 'whitelist', admin_id: null },
    ])
  })
})

describe('list', () => {
  it('filters by username (any case), result, reason, IP and time, newest first, pages by cursor', async () => {
    for (let i = 0; i < 3; i++) await attempt('caiwu', 'wrong', `10.8.0.${i + 1}`)
    await attempt('caiwu', TEST_PASSWORD, '10.8.0.9')
    const all = (await t.get(URL, token, { username: 'CAIWU' })).data
    expect(all.items.map((r: any) => r.ip)).toEqual(['10.8.0.9', '10.8.0.3', '10.8.0.2', '10.8.0.1'])
    expect(all.total).toBe(4)
    expect((await t.get(URL, token, { username: 'caiwu', ok: 0 })).data.items).toHaveLength(3)
    expect((await t.get(URL, token, { username: 'caiwu', ok: 1 })).data.items.map((r: any) => r.ip)).toEqual(['10.8.0.9'])
    expect((await t.get(URL, token, { reason: 'password', ip: '10.8.0.2' })).data.items).toHaveLength(1)
    const page1 = (await t.get(URL, token, { username: 'caiwu', per_page: 2 })).data
    const page2 = (await t.get(URL, token, { username: 'caiwu', per_page: 2, after: page1.cursor_next })).data
    expect([...page1.items, ...page2.items].map((r: any) => r.ip)).toEqual(all.items.map((r: any) => r.ip))
    const future = (await t.get(URL, token, { username: 'caiwu', start_time: '2099-01-01 00:00:00' })).data
    expect(future.items).toEqual([])
    const today = (await t.get(URL, token, { username: 'caiwu', start_time: '2000-01-01 00:00:00', end_time: '2099-01-01 00:00:00' })).data
    expect(today.items).toHaveLength(4)
  })

  it('refuses a malformed filter and an admin without the menu', async () => {
    expect((await t.get(URL, token, { ok: 2 })).status).toBe(400)
    expect((await t.get(URL, token, { reason: 'nope' })).status).toBe(400)
    expect((await t.get(URL, token, { colour: 'x' })).status).toBe(400)
    expect((await t.get(URL, await t.login('kefu'))).status).toBe(403)
    expect((await t.get(URL)).status).toBe(401)
  })
})
