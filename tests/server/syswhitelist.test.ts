// 总控白名单: entries as IPs or CIDR ranges, the master switch, the self-lockout refusal, and enforcement end to end.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, TEST_PASSWORD, type TestApp } from './helpers'
import { normaliseIp } from '../../src/server/admin/syswhitelist-store'

const URL = '/api/syswhitelist'
let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

const count = async () => (await t.db.query<any>('select count(*)::int as n from sys_whitelist')).rows[0].n as number
const enabled = async () => (await t.db.query<any>(`select (value #>> '{}')::boolean as on from sys_settings where key = 'whitelist_enabled'`)).rows[0]?.on ?? false

describe('addresses', () => {
  it('accepts IPv4/IPv6 addresses and ranges and normalises them', () => {
    expect(normaliseIp(' 192.168.1.9 ')).toBe('192.168.1.9')
    expect(normaliseIp('10.0.0.5/24')).toBe('10.0.0.0/24')
    expect(normaliseIp('10.0.0.0/8')).toBe('10.0.0.0/8')
    expect(normaliseIp('1.2.3.4/32')).toBe('1.2.3.4')
    expect(normaliseIp('2001:DB8::1/32')).toBe('2001:db8::/32')
    expect(normaliseIp('::1')).toBe('::1')
    expect(normaliseIp('::ffff:1.2.3.4')).toBe('1.2.3.4')
    expect(normaliseIp('::ffff:1.2.3.4/120')).toBe('1.2.3.0/24')
    for (const bad of ['', 'abc', '1.2.3', '010.1.1.1', '256.1.1.1', '1.2.3.4/33', '1.2.3.4/x', '1.2.3.4/24/1', 'fe80::1%eth0', '::1/129', '0x7f.1.1.1'])
      expect(normaliseIp(bad), bad).toBeNull()
  })
})

describe('entries', () => {
  it('lists page by page (12 by default) with the switch and the caller IP', async () => {
    for (let i = 1; i <= 13; i++) expect((await t.post(`${URL}/create`, token, { ip: `10.0.${i}.1` })).code).toBe(200)
    const first = await t.get(`${URL}/index`, token)
    expect(first.data).toMatchObject({ total: 13, per_page: 12, current_page: 1, enabled: false, your_ip: '127.0.0.1' })
    expect(first.data.items).toHaveLength(12)
    expect(first.data.items[0]).toMatchObject({ ip: '10.0.13.1', remark: '', created_by: 'admin' })
    expect(first.data.items[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    const second = await t.get(`${URL}/index`, token, { page: 2 })
    expect(second.data.items.map((e: any) => e.ip)).toEqual(['10.0.1.1'])
  })

  it('creates an entry, normalising a host given with a prefix to its network, and logs it', async () => {
    const r = await t.post(`${URL}/create`, token, { ip: '10.0.0.5/24', remark: '办公室' })
    expect(r.code).toBe(200)
    expect(r.data).toMatchObject({ ip: '10.0.0.0/24', remark: '办公室', created_by: 'admin' })
    const [row] = await opRows(t, `${URL}/create`)
    expect(row).toMatchObject({ admin_name: 'admin', action: 'C', target_ids: [String(r.data.id)], before: null, product: 'alpha' })
    expect(row.after).toMatchObject({ ip: '10.0.0.0/24', remark: '办公室' })
  })

  it('refuses a duplicate, also when written differently (409)', async () => {
    await t.post(`${URL}/create`, token, { ip: '10.0.0.0/24' })
    const r = await t.post(`${URL}/create`, token, { ip: '10.0.0.77/24' })
    expect(r.status).toBe(409)
    expect(r.msg).toContain('10.0.0.0/24')
    expect(await count()).toBe(1)
  })

  it('refuses missing and malformed fields with the field named, writing nothing', async () => {
    const cases: [unknown, string][] = [
      [{}, 'IP地址不能为空'],
      [{ ip: '' }, 'IP地址不能为空'],
      [{ ip: 'not-an-ip' }, 'IP地址格式不正确'],
      [{ ip: '1.2.3.4/40' }, 'IP地址格式不正确'],
      [{ ip: { a: 1 } }, 'IP地址格式不正确'],
      [{ ip: '1.2.3.4', remark: 'x'.repeat(101) }, '备注长度不能超过 100 个字符'],
    ]
    for (const [body, msg] of cases) {
      const r = await t.post(`${URL}/create`, token, body)
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(r.msg).toContain(msg)
    }
    expect(await count()).toBe(0)
    expect(await opRows(t, `${URL}/create`)).toHaveLength(0)
  })

  it('edits an entry with before and after in the log; unknown ids and duplicates are refused', async () => {
    const a = (await t.post(`${URL}/create`, token, { ip: '10.1.0.0/16' })).data
    const b = (await t.post(`${URL}/create`, token, { ip: '10.2.0.1' })).data
    const r = await t.post(`${URL}/edit`, token, { id: b.id, ip: '10.3.0.1', remark: '新' })
    expect(r.data).toMatchObject({ id: b.id, ip: '10.3.0.1', remark: '新' })
    const [row] = await opRows(t, `${URL}/edit`)
    expect(row).toMatchObject({ action: 'U', target_ids: [String(b.id)] })
    expect(row.before).toMatchObject({ ip: '10.2.0.1' })
    expect(row.after).toMatchObject({ ip: '10.3.0.1', remark: '新' })
    expect((await t.post(`${URL}/edit`, token, { id: b.id, ip: '10.1.9.9/16' })).status).toBe(409)
    expect((await t.post(`${URL}/edit`, token, { id: 999999, ip: '10.9.9.9' })).status).toBe(404)
    expect((await t.post(`${URL}/edit`, token, { id: a.id, ip: 'x' })).status).toBe(400)
  })

  it('deletes entries, or none when one id is unknown', async () => {
    const a = (await t.post(`${URL}/create`, token, { ip: '10.1.0.1' })).data
    const b = (await t.post(`${URL}/create`, token, { ip: '10.1.0.2' })).data
    expect((await t.post(`${URL}/delete`, token, { ids: [a.id, 999999] })).status).toBe(404)
    expect(await count()).toBe(2)
    expect((await t.post(`${URL}/delete`, token, { ids: [] })).msg).toBe('ID列表至少选择一项')
    expect((await t.post(`${URL}/delete`, token, { ids: [a.id, b.id] })).code).toBe(200)
    expect(await count()).toBe(0)
    const [row] = await opRows(t, `${URL}/delete`)
    expect(row).toMatchObject({ action: 'D', target_ids: [String(a.id), String(b.id)] })
    expect(row.before.map((e: any) => e.ip)).toEqual(['10.1.0.1', '10.1.0.2'])
  })

  it('refuses a caller without the menu (403)', async () => {
    const kefu = await t.login('kefu')
    expect((await t.get(`${URL}/index`, kefu)).status).toBe(403)
    expect((await t.post(`${URL}/create`, kefu, { ip: '1.1.1.1' })).status).toBe(403)
    expect((await t.post(`${URL}/switch`, kefu, { enabled: false })).status).toBe(403)
    expect(await count()).toBe(0)
  })
})

describe('master switch', () => {
  const LOCKOUT = '此操作会使您当前的IP（127.0.0.1）无法访问后台，已拒绝'

  it('refuses switching on while the caller’s own IP is not listed', async () => {
    await t.post(`${URL}/create`, token, { ip: '10.0.0.0/8' })
    const r = await t.post(`${URL}/switch`, token, { enabled: true })
    expect(r.status).toBe(409)
    expect(r.msg).toBe(LOCKOUT)
    expect(await enabled()).toBe(false)
    expect(await opRows(t, `${URL}/switch`)).toHaveLength(0)
  })

  it('switches on and off with the change logged, and refuses edits and deletes that would lock the caller out', async () => {
    const own = (await t.post(`${URL}/create`, token, { ip: '127.0.0.0/8' })).data
    const other = (await t.post(`${URL}/create`, token, { ip: '10.0.0.1' })).data
    expect((await t.post(`${URL}/switch`, token, { enabled: true })).data).toEqual({ enabled: true })
    expect(await enabled()).toBe(true)
    expect((await t.get(`${URL}/index`, token)).data.enabled).toBe(true)
    const [row] = await opRows(t, `${URL}/switch`)
    expect(row).toMatchObject({ action: 'U', before: { enabled: false }, after: { enabled: true } })

    const del = await t.post(`${URL}/delete`, token, { ids: [own.id] })
    expect([del.status, del.msg]).toEqual([409, LOCKOUT])
    const edit = await t.post(`${URL}/edit`, token, { id: own.id, ip: '192.168.0.0/16' })
    expect([edit.status, edit.msg]).toEqual([409, LOCKOUT])
    expect(await count()).toBe(2)
    expect((await t.get(`${URL}/index`, token)).data.items.map((e: any) => e.ip)).toContain('127.0.0.0/8')

    expect((await t.post(`${URL}/edit`, token, { id: own.id, ip: '127.0.0.1', remark: '本机' })).code).toBe(200)
    expect((await t.post(`${URL}/delete`, token, { ids: [other.id] })).code).toBe(200)
    expect((await t.post(`${URL}/switch`, token, { enabled: false })).code).toBe(200)
    expect(await enabled()).toBe(false)
    expect((await t.post(`${URL}/delete`, token, { ids: [own.id] })).code).toBe(200)
  })

  it('refuses a malformed switch value', async () => {
    await t.post(`${URL}/create`, token, { ip: '127.0.0.1' })
    await t.post(`${URL}/switch`, token, { enabled: true })
    const cases: [unknown, string][] = [
      [{}, '白名单开关不能为空'], [{ enabled: 'maybe' }, '白名单开关取值无效'], [{ enabled: [true, false] }, '白名单开关取值无效'],
      [{ enabled: 2 }, '白名单开关取值无效'], [{ enabled: null }, '白名单开关取值无效'], [{ enabled: 0 }, '白名单开关取值无效'],
      [{ enabled: 'false' }, '白名单开关取值无效'],
    ]
    for (const [body, msg] of cases) {
      const r = await t.post(`${URL}/switch`, token, body)
      expect([r.status, r.msg], JSON.stringify(body)).toEqual([400, msg])
    }
    expect(await enabled()).toBe(true)
  })

  it('shuts out login and every call from other addresses while on', async () => {
    const t2 = await makeApp({ TRUST_PROXY: '1' })
    try {
      const from = (ip: string) => ({ 'x-forwarded-for': ip })
      const office = (await t2.post('/api/login', undefined, { username: 'admin', password: t2.encrypt(TEST_PASSWORD) }, from('10.1.1.1'))).data.token
      const elsewhere = (await t2.post('/api/login', undefined, { username: 'caiwu', password: t2.encrypt(TEST_PASSWORD) }, from('10.2.2.2'))).data.token
      expect((await t2.post(`${URL}/create`, office, { ip: '10.1.1.0/24' }, from('10.1.1.1'))).code).toBe(200)
      expect((await t2.get(`${URL}/index`, office, undefined, from('10.1.1.1'))).data.your_ip).toBe('10.1.1.1')
      expect((await t2.post(`${URL}/switch`, office, { enabled: true }, from('10.1.1.1'))).code).toBe(200)

      const login = await t2.post('/api/login', undefined, { username: 'caiwu', password: t2.encrypt(TEST_PASSWORD) }, from('10.2.2.2'))
      expect([login.status, login.msg]).toEqual([403, '当前IP不在白名单内'])
      const call = await t2.get('/api/userinfo', elsewhere, undefined, from('10.2.2.2'))
      expect([call.status, call.msg]).toEqual([403, '当前IP不在白名单内'])
      // The same session from a listed address still works; the login page's configuration is open to all.
      expect((await t2.get('/api/userinfo', elsewhere, undefined, from('10.1.1.200'))).code).toBe(200)
      expect((await t2.get('/common/configs', undefined, undefined, from('10.2.2.2'))).code).toBe(200)
      expect((await t2.post('/api/login', undefined, { username: 'kefu', password: t2.encrypt(TEST_PASSWORD) }, from('10.1.1.9'))).code).toBe(200)
    } finally {
      await t2.close()
    }
  })
})
