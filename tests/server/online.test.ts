// 在线用户: the sessions alive now (never a token), super admins only and not grantable; forcing one out ends it at
// once (its next call 401, its event stream closed), one log row per session; one's own current session stays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'
import { openEvents } from './sse'
import { MENU } from '../../src/contract/menus'

const URL = '/api/session'
let t: TestApp
let admin: string
let base: string

beforeAll(async () => {
  t = await makeApp({ EVENTS_HEARTBEAT_MS: '600000' })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const addr = t.app.server.address()
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`
  admin = await t.login()
})
afterAll(async () => { await t?.close() })

const online = async (query: Record<string, unknown> = {}) => (await t.get(`${URL}/index`, admin, { per_page: 100, ...query })).data.items as any[]

describe('online sessions', () => {
  it('lists the sessions alive now with admin, IP, login time and last seen, the caller’s own marked, never a token', async () => {
    const kefu = await t.login('kefu')
    const ended = await t.login('caiwu')
    await t.post('/api/logout', ended)
    const rows = await online()
    const mine = rows.filter((r) => r.current)
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({ username: 'admin', ip: '127.0.0.1', product: 'alpha' })
    const kefuRow = (await online({ username: 'KEFU' }))
    expect(kefuRow.length).toBeGreaterThan(0)
    expect(kefuRow[0]).toMatchObject({ username: 'kefu', current: false })
    expect(kefuRow[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(kefuRow[0].last_seen_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(await online({ username: 'caiwu' })).toEqual([])
    const text = JSON.stringify(rows)
    expect(text).not.toContain(kefu)
    const hashes = (await t.db.query<{ token_hash: string }>('select token_hash from sessions')).rows.map((r) => r.token_hash)
    for (const h of hashes) expect(text).not.toContain(h)
  })

  it('is refused to every admin but a super admin, and no role can be given it', async () => {
    const kefu = await t.login('kefu')
    expect((await t.get(`${URL}/index`, kefu)).status).toBe(403)
    const target = (await online({ username: 'admin' }))[0].id
    expect((await t.post(`${URL}/delete`, kefu, { ids: [target] })).status).toBe(403)
    expect((await t.get(`${URL}/index`)).status).toBe(401)
    // The page is in no menu row, so no role can hold it; the super admin's menu_list names it, nobody else's.
    expect((await t.db.query('select 1 from menus where web_uri = $1', [MENU.online])).rows).toEqual([])
    expect((await t.get('/api/userinfo', admin)).data.menu_list).toContain(MENU.online)
    expect((await t.get('/api/userinfo', kefu)).data.menu_list).not.toContain(MENU.online)
  })

  it('forces sessions out at once: the next call is 401, the event stream closes, one log row each', async () => {
    const kefu = await t.login('kefu')
    const caiwu = await t.login('caiwu')
    const stream = await openEvents(base, '/api/events', kefu)
    expect(stream.status).toBe(200)
    await stream.take((e) => e.event === 'counts')
    const ids = [...(await online({ username: 'kefu' })), ...(await online({ username: 'caiwu' }))].map((r) => r.id)
    const r = await t.post(`${URL}/delete`, admin, { ids })
    expect(r.code).toBe(200)
    expect([...r.data.ids].sort()).toEqual([...ids].sort())
    await stream.ended
    expect((await t.get('/api/userinfo', kefu)).status).toBe(401)
    expect((await t.get('/api/userinfo', caiwu)).status).toBe(401)
    expect((await openEvents(base, '/api/events', kefu)).status).toBe(401)
    expect(await online({ username: 'kefu' })).toEqual([])
    const logs = await opRows(t, `${URL}/delete`)
    expect(logs.map((l) => l.target_ids[0]).sort()).toEqual(ids.map(String).sort())
    for (const l of logs) expect(l).toMatchObject({ action: 'D', admin_name: 'admin' })
    // Already gone: nothing to end.
    expect((await t.post(`${URL}/delete`, admin, { ids })).status).toBe(404)
  })

  it('refuses to force out the caller’s own current session, and malformed ids', async () => {
    const mine = (await online()).find((r) => r.current).id
    const r = await t.post(`${URL}/delete`, admin, { ids: [mine] })
    expect([r.status, r.msg]).toEqual([400, '不能强制下线自己当前的会话，请使用退出登录'])
    expect((await t.get('/api/userinfo', admin)).code).toBe(200)
    for (const body of [{}, { ids: [] }, { ids: ['1'] }, { ids: [0] }, { ids: [1], x: 1 }]) {
      expect((await t.post(`${URL}/delete`, admin, body)).status, JSON.stringify(body)).toBe(400)
    }
    // Another session of the same admin may be forced out.
    const other = await t.login()
    const otherId = (await online({ username: 'admin' })).find((s) => !s.current && s.id > mine)!.id
    expect((await t.post(`${URL}/delete`, admin, { ids: [otherId] })).code).toBe(200)
    expect((await t.get('/api/userinfo', other)).status).toBe(401)
  })
})
