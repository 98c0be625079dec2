// The input defects, written as the attacks that found them: fields a route does not declare (an agent's rebate through
// the member form, a back-dated or trial member), a POST fed from its query string, booleans taken for ids, NUL and
// direction overrides in text, cursors past any column, an anonymous malformed request, the API's map for anyone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { ALL_ROUTES } from '../../src/server/routes'
import { many, one } from '../../src/server/db/db'

let t: TestApp
let su: string
let kefu: string
let memberId: number

const member = async (id: number) => one<{ rebate_rate: string; kind: number; created_at: string; username: string }>(t.db,
  'select rebate_rate::text as rebate_rate, kind, created_at::text as created_at, username from members where id = $1', [id])
const logRows = async () => (await one<{ n: number }>(t.db, 'select count(*)::int as n from operation_logs'))!.n

beforeAll(async () => {
  t = await makeApp()
  su = await t.login()
  kefu = await t.login('kefu')
  const created = await t.post('/api/member/create', su, { username: 'victim01', password: t.encrypt('pass1234'), status: 1 })
  expect(created.code).toBe(200)
  memberId = created.data.id
})
afterAll(async () => { await t.close() })

describe('undeclared fields', () => {
  it('refuses an agent rebate sent by 客服 through the member form, in the body or the query string', async () => {
    const logs = await logRows()
    const body = { id: memberId, username: 'victim01', status: 1, is_agent: true }
    const inBody = await t.post('/api/member/edit', kefu, { ...body, rebate_rate: '9.99' })
    expect(inBody.status).toBe(400)
    expect(inBody.msg).toBe('不支持的字段：rebate_rate')
    expect(inBody.data.field).toBe('rebate_rate')
    const inQuery = await t.app.inject({ method: 'POST', url: '/api/member/edit?rebate_rate=9.99', headers: { token: kefu }, payload: body })
    expect(inQuery.statusCode).toBe(400)
    expect(JSON.parse(inQuery.body).msg).toBe('不支持的字段：rebate_rate')
    expect((await member(memberId))!.rebate_rate).toBe('0.00')
    expect(await logRows()).toBe(logs)
    // The agent screen's own route, which 客服 does not hold, is the only way to a rebate.
    expect((await t.post('/api/agent/edit', kefu, { id: memberId, rebate_rate: '9.99', status: 1 })).status).toBe(403)
  })

  it('refuses a back-dated member and a member of another kind', async () => {
    const before = (await one<{ n: number }>(t.db, 'select count(*)::int as n from members'))!.n
    const at = await t.post('/api/member/create', su, { username: 'backdated', password: t.encrypt('pass1234'), status: 1, at: '2001-01-01' })
    expect(at.status).toBe(400)
    expect(at.msg).toBe('不支持的字段：at')
    const kind = await t.post('/api/member/create', su, { username: 'trialish', password: t.encrypt('pass1234'), status: 1, kind: 2 })
    expect(kind.status).toBe(400)
    expect(kind.msg).toBe('不支持的字段：kind')
    expect((await one<{ n: number }>(t.db, 'select count(*)::int as n from members'))!.n).toBe(before)
  })
})

describe('booleans are never ids', () => {
  const targets: [string, string][] = [
    ['/api/sysrole/delete', 'roles'], ['/api/syspermission/delete', 'permissions'], ['/api/room/delete', 'lottery_rooms'],
    ['/api/playway/delete', 'lottery_playways'], ['/api/tuohao/delete', 'members'], ['/api/level/delete', 'member_levels'],
  ]
  it.each(targets)('%s refuses {"ids": true} and record 1 stays', async (url, table) => {
    const had = await one(t.db, `select id from ${table} where id = 1`)
    for (const ids of [true, [true], false, 'true', '1', [1.5], [null], 1]) {
      const r = await t.post(url, su, { ids })
      expect(r.status, JSON.stringify(ids)).toBe(400)
      expect(r.msg).toMatch(/^ID/)
    }
    expect(await one(t.db, `select id from ${table} where id = 1`)).toEqual(had)
  })
})

describe('text that would reach the database as a 500', () => {
  it('answers NUL, control characters and direction overrides with a 400 naming the field', async () => {
    const list = await t.get('/api/member/index', su, { username: '\u0000' })
    expect(list.status).toBe(400)
    expect(list.msg).toBe('用户名不能包含控制字符或文字方向控制符')
    expect(list.data.field).toBe('username')
    const suggest = await t.post('/api/member/suggest', su, { username: 'ab\u0000' })
    expect(suggest.status).toBe(400)
    for (const name of ['财务\u0000', '财务\u0007', 'abc\u202Egpj.exe', '\u2066名\u2069']) {
      const r = await t.post('/api/sysrole/create', su, { name })
      expect(r.status, JSON.stringify(name)).toBe(400)
      expect(r.msg).toBe('角色名称不能包含控制字符或文字方向控制符')
    }
    expect(await many(t.db, `select id from roles where name like '财务%' and name <> '财务'`)).toEqual([])
    // Line breaks and tabs in a remark are text, not an attack.
    const ok = await t.post('/api/sysrole/create', su, { name: '多行备注', remark: '第一行\n第二行\t缩进' })
    expect(ok.code).toBe(200)
  })

  it('bounds every keyset cursor: past bigint, in exponent form, negative, or a boolean', async () => {
    const lists = ALL_ROUTES.filter((r) => r.method === 'GET' && (r.query as any)?.properties?.after)
    expect(lists.length).toBeGreaterThanOrEqual(8)
    for (const r of lists) {
      for (const q of [{ after: '99999999999999999999' }, { before: '1e30' }, { after: '-1' }, { before: 'true' }, { after: '1', before: '1e300' }]) {
        const a = await t.get(r.url, su, q)
        expect(a.status, `${r.url} ${JSON.stringify(q)}`).toBe(400)
        expect(a.msg).toMatch(/^翻页位置/)
      }
      expect((await t.get(r.url, su, { after: '9007199254740991' })).status, r.url).not.toBe(500)
    }
  })
})

describe('who may ask what', () => {
  it('answers an anonymous malformed POST 401, not a 400 naming fields', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/member/create', headers: { 'content-type': 'application/json' }, payload: '{"username": 1,' })
    expect(r.statusCode).toBe(401)
    expect((await t.post('/api/withdraw/edit', undefined, { id: true, zz: 1 })).status).toBe(401)
    expect((await t.post('/api/withdraw/edit', kefu, { id: true, zz: 1 })).status).toBe(403)
  })

  it('shows the OpenAPI document to a logged-in super admin only', async () => {
    expect((await t.get('/api/openapi.json')).status).toBe(401)
    expect((await t.get('/api/openapi.json', kefu)).status).toBe(403)
    const doc = await t.get('/api/openapi.json', su)
    expect(doc.status).toBe(200)
    expect(doc.body.paths['/api/member/edit'].post.requestBody.content['application/json'].schema.additionalProperties).toBe(false)
  })
})
