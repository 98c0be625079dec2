// Lockout under parallel tries: the failure count and the check are one step (an attempt is reserved under a lock
// before the password is checked), so twenty wrong passwords at once for one account get five password checks and
// fifteen 429s, on PGlite (serialised) and on PostgreSQL (a pool of five connections, really in parallel).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeApp, TEST_PASSWORD, type TestApp } from './helpers'
import { THROTTLE } from '../../src/server/auth/throttle'
import { MSG } from '../../src/contract/messages'
import { currentCode } from '../../src/server/auth/totp'

// Every password check the server makes, counted (the real check still runs).
const checks = vi.hoisted(() => ({ n: 0 }))
vi.mock('../../src/server/auth/password', async (original) => {
  const real = await original<typeof import('../../src/server/auth/password')>()
  return { ...real, verifyPassword: async (pw: string, stored: string | undefined) => { checks.n++; return real.verifyPassword(pw, stored) } }
})

let t: TestApp
beforeEach(async () => { t = await makeApp({ TRUST_PROXY: '1' }) })
afterEach(async () => { await t.close() })

const from = (ip: string) => ({ 'x-forwarded-for': ip })
const login = (username: string, password: string, ip: string) =>
  t.post('/api/login', undefined, { username, password: t.encrypt(password) }, from(ip))
const failures = async (ip: string, username?: string) =>
  Number((await t.db.query<{ n: number }>(`select count(*)::int as n from login_failures where ip = $1 and ($2::text is null or username = $2)`,
    [ip, username ?? null])).rows[0].n)

describe('parallel wrong passwords for one account', () => {
  it('check the password five times at most; the rest, and then the right password, are 429', async () => {
    const ip = '10.20.0.1'
    const before = checks.n
    const answers = await Promise.all(Array.from({ length: 20 }, () => login('admin', 'wrong-password', ip)))
    const bad = answers.filter((a) => a.status === 400)
    const many = answers.filter((a) => a.status === 429)
    expect(bad.length + many.length).toBe(20)
    expect(bad.length).toBeLessThanOrEqual(THROTTLE.perAccountIp)
    expect(bad.length).toBe(THROTTLE.perAccountIp)
    for (const a of bad) expect([a.msg, a.data]).toEqual([MSG.badLogin, null])
    for (const a of many) expect(a.msg).toBe(MSG.tooMany)
    // The 429s never reached the password check.
    expect(checks.n - before).toBe(bad.length)
    expect(await failures(ip, 'admin')).toBe(THROTTLE.perAccountIp)

    // Within the window the right password is refused too, still without a password check.
    const right = await login('admin', TEST_PASSWORD, ip)
    expect(right.status).toBe(429)
    expect(checks.n - before).toBe(bad.length)
    expect(await failures(ip, 'admin')).toBe(THROTTLE.perAccountIp)
    // Another address is not locked out.
    expect((await login('admin', TEST_PASSWORD, '10.20.0.2')).status).toBe(200)
  })

  it('holds with a right password among the wrong ones: no more than five wrong ones are checked', async () => {
    const ip = '10.20.0.3'
    const before = checks.n
    const tries = Array.from({ length: 20 }, (_, i) => (i === 10 ? TEST_PASSWORD : `wrong-${i}`))
    const answers = await Promise.all(tries.map((pw) => login('admin', pw, ip)))
    const bad = answers.filter((a) => a.status === 400).length
    const ok = answers.filter((a) => a.status === 200).length
    expect(bad + ok + answers.filter((a) => a.status === 429).length).toBe(20)
    expect(ok).toBeLessThanOrEqual(1)
    // A success clears the account's failures, so at most five before it and five after it.
    expect(bad).toBeLessThanOrEqual(2 * THROTTLE.perAccountIp)
    expect(checks.n - before).toBe(bad + ok)
    expect(await failures(ip, 'admin')).toBeLessThanOrEqual(THROTTLE.perAccountIp)
  })

  it('the same for unknown users and undecryptable passwords: one answer, counted alike', async () => {
    const ip = '10.20.0.4'
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) =>
      t.post('/api/login', undefined, { username: 'nobody', password: i % 2 ? t.encrypt('x') : 'bm90IHJzYQ==' }, from(ip))))
    expect(answers.filter((a) => a.status === 400).map((a) => a.msg)).toEqual(Array(THROTTLE.perAccountIp).fill(MSG.badLogin))
    expect(answers.filter((a) => a.status === 429)).toHaveLength(12 - THROTTLE.perAccountIp)
  })
})

describe('the per-IP window', () => {
  it('lets one address check at most thirty passwords however many accounts it tries at once', async () => {
    const ip = '10.20.1.1'
    const before = checks.n
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login(`u${i}`, 'x', ip)))
    const bad = answers.filter((a) => a.status === 400).length
    expect(bad).toBe(THROTTLE.perIp)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(40 - THROTTLE.perIp)
    expect(checks.n - before).toBe(bad)
    expect(await failures(ip)).toBe(THROTTLE.perIp)
  })
})

describe('what is no failure', () => {
  it('a success clears the account and IP; the reservations of right answers leave nothing behind', async () => {
    const ip = '10.20.2.1'
    for (let i = 0; i < THROTTLE.perAccountIp - 1; i++) expect((await login('admin', 'bad', ip)).status).toBe(400)
    expect((await login('admin', TEST_PASSWORD, ip)).status).toBe(200)
    expect(await failures(ip)).toBe(0)
    // Five more wrong tries are checked again after the success, then the sixth is 429.
    for (let i = 0; i < THROTTLE.perAccountIp; i++) expect((await login('admin', 'bad', ip)).status).toBe(400)
    expect((await login('admin', 'bad', ip)).status).toBe(429)
  })

  it('a disabled admin with the right password is 403 and leaves no failure', async () => {
    const ip = '10.20.2.2'
    await t.db.query(`update admins set status = 0 where username = 'kefu'`)
    const r = await login('kefu', TEST_PASSWORD, ip)
    expect(r.status).toBe(403)
    expect(await failures(ip)).toBe(0)
  })
})

describe('parallel wrong Google codes', () => {
  it('are throttled the same way: five checked, the rest 429, a right code then 429 too', async () => {
    const ip = '10.20.3.1'
    const token = (await t.post('/api/login', undefined, { username: 'kefu', password: t.encrypt(TEST_PASSWORD) }, from(ip))).data.token as string
    const secret = (await t.get('/api/google/index', token, undefined, from(ip))).data.secret as string
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.post('/api/google/test', token, { code: '000000' }, from(ip))))
    expect(answers.filter((a) => a.status === 400)).toHaveLength(THROTTLE.perAccountIp)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20 - THROTTLE.perAccountIp)
    expect(await failures(ip, 'google:kefu')).toBe(THROTTLE.perAccountIp)
    expect((await t.post('/api/google/test', token, { code: currentCode(secret) }, from(ip))).status).toBe(429)
  })
})
