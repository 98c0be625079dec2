// /api/sysmenu: the tree, create/edit/delete with their rules, sibling resort, permission and the operation log.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'

let t: TestApp
let admin: string
beforeEach(async () => {
  t = await makeApp()
  admin = await t.login()
})
afterEach(async () => { await t.close() })

const menuId = async (where: string, value: string) =>
  (await t.db.query<{ id: number }>(`select id from menus where ${where} = $1`, [value])).rows[0].id
const count = async (sql: string, params: unknown[] = []) => (await t.db.query<{ n: number }>(`select count(*)::int as n ${sql}`, params)).rows[0].n

describe('sysmenu index', () => {
  it('answers the whole tree with children, web_uri, label, path, hidden and sort', async () => {
    const r = await t.get('/api/sysmenu/index', admin)
    expect(r.code).toBe(200)
    const system = r.data.items.find((m: any) => m.label === '系统管理')
    expect(system.web_uri).toBeNull()
    const menu = system.children.find((m: any) => m.web_uri === '/layout/admin/menu')
    expect(menu).toMatchObject({ label: '菜单管理', path: '/layout/admin/menu', hidden: false, children: [] })
    expect(system.children.find((m: any) => m.web_uri === '/layout/admin/admins/edit').hidden).toBe(true)
    const sorts = system.children.map((m: any) => m.sort)
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b))
  })

  it('refuses a caller without the menu', async () => {
    const kefu = await t.login('kefu')
    expect((await t.get('/api/sysmenu/index', kefu)).status).toBe(403)
    expect((await t.post('/api/sysmenu/create', kefu, { parent_id: null, label: 'x' })).status).toBe(403)
    expect((await t.post('/api/sysmenu/resort', kefu, { ids: [1] })).status).toBe(403)
  })
})

describe('sysmenu create', () => {
  it('creates a page under a directory, last among its siblings, and logs it', async () => {
    const dir = await menuId('label', '系统管理')
    const r = await t.post('/api/sysmenu/create', admin, { parent_id: dir, label: ' 测试页 ', web_uri: '/layout/admin/test' })
    expect(r.code).toBe(200)
    expect(r.data).toMatchObject({ parent_id: dir, label: '测试页', web_uri: '/layout/admin/test', hidden: false })
    const max = (await t.db.query('select max(sort)::int as m from menus where parent_id = $1 and id <> $2', [dir, r.data.id])).rows[0].m
    expect(r.data.sort).toBe(max + 10)
    const tree = (await t.get('/api/sysmenu/index', admin)).data.items
    expect(tree.find((m: any) => m.id === dir).children.map((m: any) => m.id)).toContain(r.data.id)
    const [log] = await opRows(t, '/api/sysmenu/create')
    expect(log).toMatchObject({ admin_name: 'admin', action: 'C', target_ids: [String(r.data.id)], product: 'alpha' })
    expect(log.after.web_uri).toBe('/layout/admin/test')
  })

  it('creates a top-level directory without a path', async () => {
    const r = await t.post('/api/sysmenu/create', admin, { parent_id: null, label: '新目录', web_uri: '' })
    expect(r.code).toBe(200)
    expect(r.data).toMatchObject({ parent_id: null, web_uri: null })
  })

  it('answers 400 naming the field for missing and malformed input, and writes nothing', async () => {
    const before = await count('from menus')
    const cases: [unknown, string][] = [
      [{ parent_id: null }, '菜单名称不能为空'],
      [{ label: 'x' }, '上级菜单不能为空'],
      [{ parent_id: null, label: '' }, '菜单名称不能为空'],
      [{ parent_id: null, label: '   ' }, '菜单名称不能为空'],
      [{ parent_id: null, label: 'x'.repeat(33) }, '菜单名称长度不能超过 32 个字符'],
      [{ parent_id: 'abc', label: 'x' }, '上级菜单格式不正确'],
      [{ parent_id: null, label: 'x', web_uri: '/member/x' }, '菜单路径格式不正确'],
      [{ parent_id: null, label: 'x', web_uri: '/layoutx' }, '菜单路径格式不正确'],
      [{ parent_id: null, label: 'x', sort: -1 }, '排序不能小于 0'],
      [{ parent_id: null, label: 'x', hidden: 'maybe' }, '是否隐藏格式不正确'],
    ]
    for (const [body, msg] of cases) {
      const r = await t.post('/api/sysmenu/create', admin, body)
      expect({ status: r.status, msg: r.msg }).toEqual({ status: 400, msg })
    }
    expect(await count('from menus')).toBe(before)
    expect(await opRows(t, '/api/sysmenu/create')).toHaveLength(0)
  })

  it('answers 404 for an unknown parent and 409 for a path in use', async () => {
    expect((await t.post('/api/sysmenu/create', admin, { parent_id: 999999, label: 'x' })).status).toBe(404)
    const dup = await t.post('/api/sysmenu/create', admin, { parent_id: null, label: 'x', web_uri: '/layout/member' })
    expect({ status: dup.status, msg: dup.msg }).toEqual({ status: 409, msg: '菜单路径已存在' })
  })
})

describe('sysmenu edit', () => {
  it('edits a menu and logs before and after', async () => {
    const created = (await t.post('/api/sysmenu/create', admin, { parent_id: null, label: '甲', web_uri: '/layout/a' })).data
    const r = await t.post('/api/sysmenu/edit', admin, { id: created.id, parent_id: null, label: '乙', web_uri: '/layout/b', hidden: true })
    expect(r.data).toMatchObject({ label: '乙', web_uri: '/layout/b', hidden: true, sort: created.sort })
    const [log] = await opRows(t, '/api/sysmenu/edit')
    expect(log).toMatchObject({ action: 'U', target_ids: [String(created.id)] })
    expect(log.before.label).toBe('甲')
    expect(log.after.label).toBe('乙')
  })

  it('refuses to make a menu its own ancestor', async () => {
    const dir = await menuId('label', '系统管理')
    const child = await menuId('web_uri', '/layout/admin/role')
    for (const parent of [dir, child]) {
      const r = await t.post('/api/sysmenu/edit', admin, { id: dir, parent_id: parent, label: '系统管理' })
      expect({ status: r.status, msg: r.msg }).toEqual({ status: 400, msg: '不能把菜单移到它自己或它的下级菜单下' })
    }
  })

  it('keeps the paths the console and the server depend on', async () => {
    const role = await menuId('web_uri', '/layout/admin/role')
    const r = await t.post('/api/sysmenu/edit', admin, { id: role, parent_id: null, label: '角色', web_uri: '/layout/roles' })
    expect(r.status).toBe(409)
    // Moving and renaming a system page is fine.
    const ok = await t.post('/api/sysmenu/edit', admin, { id: role, parent_id: null, label: '角色' })
    expect(ok.data).toMatchObject({ parent_id: null, label: '角色', web_uri: '/layout/admin/role' })
  })

  it('answers 404 for an unknown id or parent, 409 for a path in use', async () => {
    expect((await t.post('/api/sysmenu/edit', admin, { id: 999999, parent_id: null, label: 'x' })).status).toBe(404)
    const m = (await t.post('/api/sysmenu/create', admin, { parent_id: null, label: 'x', web_uri: '/layout/x' })).data
    expect((await t.post('/api/sysmenu/edit', admin, { id: m.id, parent_id: 999999, label: 'x' })).status).toBe(404)
    expect((await t.post('/api/sysmenu/edit', admin, { id: m.id, parent_id: null, label: 'x', web_uri: '/layout/report' })).status).toBe(409)
  })
})

describe('sysmenu delete', () => {
  it('refuses a menu with children and the console\'s own pages', async () => {
    const dir = await menuId('label', '系统管理')
    const r = await t.post('/api/sysmenu/delete', admin, { id: dir })
    expect({ status: r.status, msg: r.msg }).toEqual({ status: 409, msg: '该菜单下还有子菜单，不能删除' })
    expect((await t.post('/api/sysmenu/delete', admin, { id: await menuId('web_uri', '/layout/report') })).status).toBe(409)
    expect((await t.post('/api/sysmenu/delete', admin, { id: 999999 })).status).toBe(404)
    expect((await t.post('/api/sysmenu/delete', admin, {})).msg).toBe('ID不能为空')
  })

  it('deletes a leaf with its permissions and role grants, and logs them', async () => {
    const m = (await t.post('/api/sysmenu/create', admin, { parent_id: null, label: '临时', web_uri: '/layout/tmp' })).data
    const p = (await t.post('/api/syspermission/create', admin, { menu_id: m.id, key: 'R', name: '临时-查看', api_paths: ['/api/tmp/index'] })).data
    const role = (await t.db.query<{ id: number }>(`select id from roles where name = '客服'`)).rows[0].id
    await t.db.query('insert into role_menus values ($1, $2)', [role, m.id])
    await t.db.query('insert into role_permissions values ($1, $2)', [role, p.id])
    const r = await t.post('/api/sysmenu/delete', admin, { id: m.id })
    expect(r.code).toBe(200)
    expect(await count('from menus where id = $1', [m.id])).toBe(0)
    expect(await count('from permissions where id = $1', [p.id])).toBe(0)
    expect(await count('from role_menus where menu_id = $1', [m.id])).toBe(0)
    expect(await count('from role_permissions where permission_id = $1', [p.id])).toBe(0)
    const [log] = await opRows(t, '/api/sysmenu/delete')
    expect(log).toMatchObject({ action: 'D', target_ids: [String(m.id)] })
    expect(log.before).toMatchObject({ web_uri: '/layout/tmp', role_ids: [role], permissions: [{ id: p.id, key: 'R' }] })
  })
})

describe('sysmenu resort', () => {
  const children = async (dir: number) =>
    (await t.db.query<{ id: number; sort: number }>('select id, sort from menus where parent_id = $1 order by sort, id', [dir])).rows

  it('orders siblings 10, 20, 30… and logs the old and new order', async () => {
    const dir = await menuId('label', '财务管理')
    const ids = (await children(dir)).map((c) => c.id).reverse()
    const r = await t.post('/api/sysmenu/resort', admin, { ids })
    expect(r.code).toBe(200)
    expect(await children(dir)).toEqual(ids.map((id, i) => ({ id, sort: (i + 1) * 10 })))
    const [log] = await opRows(t, '/api/sysmenu/resort')
    expect(log).toMatchObject({ action: 'U', target_ids: ids.map(String) })
    expect(log.after.order.map((o: any) => o.id)).toEqual(ids)
  })

  it('puts the siblings not named after the named ones', async () => {
    const dir = await menuId('label', '财务管理')
    const all = (await children(dir)).map((c) => c.id)
    await t.post('/api/sysmenu/resort', admin, { ids: [all[2], all[0]] })
    expect((await children(dir)).map((c) => c.id)).toEqual([all[2], all[0], all[1], ...all.slice(3)])
  })

  it('refuses ids of different parents, unknown or repeated ids, and writes nothing', async () => {
    const fin = await menuId('web_uri', '/layout/finance/recharge')
    const mem = await menuId('web_uri', '/layout/member/levels')
    const before = (await t.db.query('select id, sort from menus order by id')).rows
    for (const [ids, msg] of [[[fin, mem], '只能对同一上级下的菜单排序'], [[fin, 999999], '菜单不存在'], [[fin, fin], '排序中有重复的菜单']] as const) {
      const r = await t.post('/api/sysmenu/resort', admin, { ids })
      expect({ status: r.status, msg: r.msg }).toEqual({ status: 400, msg })
    }
    expect((await t.post('/api/sysmenu/resort', admin, { ids: [] })).msg).toBe('菜单至少选择一项')
    expect((await t.db.query('select id, sort from menus order by id')).rows).toEqual(before)
  })
})
