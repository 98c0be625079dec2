// Saved views and column settings (/api/view/*): per admin and list, the list's menu held, another admin's view 404,
// every change in the operation log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'
import { secondAdmin } from './finance-fixtures'
import { MENU } from '../../src/contract/menus'

let t: TestApp
let su: string
let caiwu: string
let kefu: string
beforeAll(async () => {
  t = await makeApp()
  su = await t.login()
  caiwu = await t.login('caiwu')
  kefu = await t.login('kefu')
})
afterAll(async () => { await t?.close() })

const W = MENU.withdraw
const state = { filters: { status: '3', username: 'abc' }, sort: null, columns: ['order_no', 'username', 'amount'], per_page: 50 }

describe('saved views', () => {
  it('saves, lists, renames and deletes a view of the caller, each logged', async () => {
    const made = await t.post('/api/view/create', caiwu, { list: W, name: ' 待审核 ', state })
    expect(made.code).toBe(200)
    expect(made.data).toMatchObject({ list: W, name: '待审核', state })
    expect((await t.post('/api/view/create', caiwu, { list: W, name: '待审核', state })).code).toBe(409)
    await t.post('/api/view/create', caiwu, { list: MENU.balance, name: '账变', state: { ...state, filters: {} } })
    expect((await t.get('/api/view/index', caiwu, { list: W })).data.items.map((v: any) => v.name)).toEqual(['待审核'])
    expect((await t.get('/api/view/index', caiwu)).data.items.map((v: any) => v.list).sort()).toEqual([MENU.balance, W].sort())
    const log = (await opRows(t, '/api/view/create'))
    expect(log.length).toBe(2)
    expect(log[1]).toMatchObject({ action: 'C', admin_name: 'caiwu', target_ids: [String(made.data.id)] })

    const edited = await t.post('/api/view/edit', caiwu, { id: made.data.id, name: '大额待审', state: { ...state, per_page: 100 } })
    expect(edited.data).toMatchObject({ name: '大额待审', state: { per_page: 100 } })
    const editLog = (await opRows(t, '/api/view/edit'))[0]
    expect([editLog.before.name, editLog.after.name]).toEqual(['待审核', '大额待审'])

    expect((await t.post('/api/view/delete', caiwu, { id: made.data.id })).data).toEqual({ id: made.data.id })
    expect((await opRows(t, '/api/view/delete'))[0].before.name).toBe('大额待审')
    expect((await t.get('/api/view/index', caiwu, { list: W })).data.items).toEqual([])
  })

  it("answers 404 for another admin's view and shows him none of them", async () => {
    const mine = (await t.post('/api/view/create', caiwu, { list: W, name: '我的', state })).data
    const other = await secondAdmin(t, su, 'viewer2')
    expect((await t.get('/api/view/index', other, { list: W })).data.items).toEqual([])
    expect((await t.post('/api/view/edit', other, { id: mine.id, name: '偷改' })).code).toBe(404)
    expect((await t.post('/api/view/delete', other, { id: mine.id })).code).toBe(404)
    expect((await t.post('/api/view/delete', su, { id: mine.id })).code).toBe(404)
    expect((await t.get('/api/view/index', caiwu, { list: W })).data.items.map((v: any) => v.name)).toContain('我的')
  })

  it('refuses a list whose menu the admin does not hold (403), an unknown list (404) and no session (401)', async () => {
    expect((await t.post('/api/view/create', kefu, { list: W, name: 'x', state })).code).toBe(403)
    expect((await t.get('/api/view/index', kefu, { list: W })).code).toBe(403)
    expect((await t.get('/api/view/columns', kefu, { list: W })).code).toBe(403)
    expect((await t.post('/api/view/columns', kefu, { list: W, columns: [] })).code).toBe(403)
    expect((await t.post('/api/view/create', kefu, { list: MENU.member, name: '会员', state })).code).toBe(200)
    expect((await t.post('/api/view/create', su, { list: '/layout/nothing', name: 'x', state })).code).toBe(404)
    expect((await t.get('/api/view/index', undefined, { list: W })).code).toBe(401)
  })

  it('refuses malformed input with 400 naming the field', async () => {
    const bad = async (body: object) => t.post('/api/view/create', caiwu, body)
    expect((await bad({ list: W, name: 'x' })).msg).toBe('视图内容不能为空')
    expect((await bad({ list: W, name: '', state })).code).toBe(400)
    expect((await bad({ list: W, name: '   ', state })).msg).toBe('请填写视图名称')
    expect((await bad({ list: 'finance', name: 'x', state })).msg).toBe('列表格式不正确')
    expect((await bad({ list: W, name: 'x', state: { ...state, per_page: 0 } })).msg).toBe('每页条数不能小于 1')
    expect((await bad({ list: W, name: 'x', state: { ...state, extra: 1 } })).msg).toBe('不支持的字段：state.extra')
    expect((await bad({ list: W, name: 'x', state: { ...state, filters: { status: 3 } } })).code).toBe(400)
    expect((await t.post('/api/view/edit', caiwu, { id: 'x' })).code).toBe(400)
    expect((await t.get('/api/view/columns', caiwu, {})).code).toBe(400)
  })
})

describe('column settings', () => {
  it('keeps widths and visibility per admin and list on the server, logged', async () => {
    expect((await t.get('/api/view/columns', caiwu, { list: W })).data).toEqual({ list: W, columns: [] })
    const columns = [{ key: 'fee', width: null, hidden: true }, { key: 'amount', width: 160, hidden: false }]
    expect((await t.post('/api/view/columns', caiwu, { list: W, columns })).code).toBe(200)
    expect((await t.get('/api/view/columns', caiwu, { list: W })).data.columns).toEqual(columns)
    expect((await t.get('/api/view/columns', su, { list: W })).data.columns).toEqual([])
    await t.post('/api/view/columns', caiwu, { list: W, columns: [columns[0]] })
    expect((await t.get('/api/view/columns', caiwu, { list: W })).data.columns).toEqual([columns[0]])
    expect((await opRows(t, '/api/view/columns'))[0]).toMatchObject({ action: 'U', admin_name: 'caiwu', target_ids: [W] })
    expect((await t.post('/api/view/columns', caiwu, { list: W, columns: [{ key: 'fee', width: 5, hidden: true }] })).msg).toBe('列宽不能小于 30')
  })
})
