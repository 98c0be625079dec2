// /api/sysrole: scoped role list and edits, the super role's guards, menu/permission grants and role holders.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'

let t: TestApp
let admin: string
beforeEach(async () => {
  t = await makeApp()
  admin = await t.login()
})
afterEach(async () => { await t.close() })

const idOf = async (table: 'roles' | 'admins' | 'menus', col: string, value: string) =>
  (await t.db.query<{ id: number }>(`select id from ${table} where ${col} = $1`, [value])).rows[0].id
const roleId = (name: string) => idOf('roles', 'name', name)
const adminId = (username: string) => idOf('admins', 'username', username)
const menuId = (uri: string) => idOf('menus', 'web_uri', uri)
const count = async (sql: string, params: unknown[] = []) => (await t.db.query<{ n: number }>(`select count(*)::int as n ${sql}`, params)).rows[0].n

describe('sysrole index', () => {
  it('lists the platform roles with their admin counts, never another scope\'s', async () => {
    const r = await t.get('/api/sysrole/index', admin)
    expect(r.code).toBe(200)
    expect(r.data).toMatchObject({ total: 4, per_page: 15, current_page: 1 })
    expect(r.data.items.map((x: any) => x.name)).toEqual(['超级管理员', '财务', '客服', '运营'])
    expect(r.data.items[0]).toMatchObject({ is_super: true, admin_count: 1 })
    expect(r.data.items[1].created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
  })

  it('filters by name (contains, any case) and pages', async () => {
    await t.post('/api/sysrole/create', admin, { name: 'QA Team' })
    expect((await t.get('/api/sysrole/index', admin, { name: 'qa' })).data.items.map((x: any) => x.name)).toEqual(['QA Team'])
    expect((await t.get('/api/sysrole/index', admin, { name: '%' })).data.total).toBe(0)
    const p2 = await t.get('/api/sysrole/index', admin, { per_page: 2, page: 2 })
    expect(p2.data).toMatchObject({ total: 5, per_page: 2, current_page: 2 })
    expect(p2.data.items.map((x: any) => x.name)).toEqual(['客服', '运营'])
    expect((await t.get('/api/sysrole/index', admin, { per_page: 0 })).msg).toBe('每页条数不能小于 1')
  })

  it('refuses a caller without the menu', async () => {
    const kefu = await t.login('kefu')
    for (const r of [
      await t.get('/api/sysrole/index', kefu),
      await t.get('/api/sysrole/menu', kefu, { role_id: 1 }),
      await t.post('/api/sysrole/create', kefu, { name: 'x' }),
      await t.post('/api/sysrole/assign', kefu, { role_id: 2, menu_ids: [] }),
      await t.post('/api/sysrole/assign_user', kefu, { role_id: 2, admin_ids: [] }),
    ]) expect(r.status).toBe(403)
  })
})

describe('sysrole create / edit / delete', () => {
  it('creates a role and logs it; is_super cannot be set', async () => {
    const forged = await t.post('/api/sysrole/create', admin, { name: ' 审计 ', remark: '只读', is_super: true })
    expect(forged.status).toBe(400)
    expect(forged.msg).toBe('不支持的字段：is_super')
    const r = await t.post('/api/sysrole/create', admin, { name: ' 审计 ', remark: '只读' })
    expect(r.code).toBe(200)
    expect(r.data).toMatchObject({ name: '审计', remark: '只读', is_super: false, admin_count: 0 })
    expect((await t.db.query('select product from roles where id = $1', [r.data.id])).rows[0].product).toBeNull()
    const [log] = await opRows(t, '/api/sysrole/create')
    expect(log).toMatchObject({ admin_name: 'admin', action: 'C', target_ids: [String(r.data.id)] })
    expect(log.after.name).toBe('审计')
  })

  it('answers 400 naming the field and writes nothing', async () => {
    const before = await count('from roles')
    for (const [body, msg] of [
      [{}, '角色名称不能为空'],
      [{ name: '  ' }, '角色名称不能为空'],
      [{ name: 'x'.repeat(33) }, '角色名称长度不能超过 32 个字符'],
      [{ name: 'x', remark: 'y'.repeat(201) }, '备注长度不能超过 200 个字符'],
      [{ name: { a: 1 } }, '角色名称格式不正确'],
    ] as const) {
      const r = await t.post('/api/sysrole/create', admin, body)
      expect({ status: r.status, msg: r.msg }).toEqual({ status: 400, msg })
    }
    expect(await count('from roles')).toBe(before)
    expect(await opRows(t, '/api/sysrole/create')).toHaveLength(0)
  })

  it('answers 409 for a name in use in the scope or the reserved super name; another scope\'s name is free', async () => {
    for (const name of ['财务', '超级管理员']) {
      const r = await t.post('/api/sysrole/create', admin, { name })
      expect({ status: r.status, msg: r.msg }).toEqual({ status: 409, msg: '角色名称已存在' })
    }
    expect((await t.post('/api/sysrole/create', admin, { name: '产品运营' })).code).toBe(200)
  })

  it('edits a role and logs before and after', async () => {
    const id = await roleId('客服')
    const r = await t.post('/api/sysrole/edit', admin, { id, name: '客服主管', remark: '新备注' })
    expect(r.data).toMatchObject({ id, name: '客服主管', remark: '新备注', admin_count: 1 })
    const [log] = await opRows(t, '/api/sysrole/edit')
    expect(log).toMatchObject({ action: 'U', target_ids: [String(id)] })
    expect([log.before.name, log.after.name]).toEqual(['客服', '客服主管'])
    expect((await t.post('/api/sysrole/edit', admin, { id, name: '财务' })).status).toBe(409)
  })

  it('keeps the super role super and its name; its remark may change', async () => {
    const id = await roleId('超级管理员')
    expect((await t.post('/api/sysrole/edit', admin, { id, name: '管理员' })).status).toBe(409)
    expect((await t.post('/api/sysrole/edit', admin, { id, name: '超级管理员', remark: '全部', is_super: false })).status).toBe(400)
    const r = await t.post('/api/sysrole/edit', admin, { id, name: '超级管理员', remark: '全部' })
    expect(r.data).toMatchObject({ name: '超级管理员', remark: '全部', is_super: true })
    const other = await roleId('财务')
    expect((await t.post('/api/sysrole/edit', admin, { id: other, name: '超级管理员' })).status).toBe(409)
  })

  it('answers 404 for another scope\'s role or an unknown one', async () => {
    const alpha = await roleId('产品运营')
    expect((await t.post('/api/sysrole/edit', admin, { id: alpha, name: 'x' })).status).toBe(404)
    expect((await t.post('/api/sysrole/delete', admin, { ids: [alpha] })).status).toBe(404)
    expect((await t.get('/api/sysrole/menu', admin, { role_id: alpha })).status).toBe(404)
    expect((await t.post('/api/sysrole/assign', admin, { role_id: alpha, menu_ids: [] })).status).toBe(404)
    expect((await t.post('/api/sysrole/assign_user', admin, { role_id: alpha, admin_ids: [] })).status).toBe(404)
    expect((await t.post('/api/sysrole/edit', admin, { id: 999999, name: 'x' })).status).toBe(404)
  })

  it('deletes unused roles and logs them', async () => {
    const a = (await t.post('/api/sysrole/create', admin, { name: '甲' })).data
    const b = (await t.post('/api/sysrole/create', admin, { name: '乙' })).data
    const r = await t.post('/api/sysrole/delete', admin, { ids: [a.id, b.id] })
    expect(r.code).toBe(200)
    expect(await count('from roles where id = any($1::int[])', [[a.id, b.id]])).toBe(0)
    const [log] = await opRows(t, '/api/sysrole/delete')
    expect(log).toMatchObject({ action: 'D', target_ids: [String(a.id), String(b.id)] })
    expect(log.before.map((x: any) => x.name)).toEqual(['甲', '乙'])
  })

  it('refuses the super role and roles still held, naming them, and deletes nothing', async () => {
    const spare = (await t.post('/api/sysrole/create', admin, { name: '备用' })).data
    const held = await t.post('/api/sysrole/delete', admin, { ids: [spare.id, await roleId('客服')] })
    expect({ status: held.status, msg: held.msg }).toEqual({ status: 409, msg: '角色「客服」仍有管理员使用，不能删除' })
    const sup = await t.post('/api/sysrole/delete', admin, { ids: [await roleId('超级管理员')] })
    expect({ status: sup.status, msg: sup.msg }).toEqual({ status: 409, msg: '角色「超级管理员」不能删除' })
    expect(await count('from roles where id = $1', [spare.id])).toBe(1)
    expect((await t.post('/api/sysrole/delete', admin, { ids: [] })).msg).toBe('ID列表至少选择一项')
  })
})

describe('sysrole grants', () => {
  it('answers a role\'s menus and permissions; the super role holds all', async () => {
    const r = await t.get('/api/sysrole/menu', admin, { role_id: await roleId('财务') })
    expect(r.data.menu_ids).toContain(await menuId('/layout/finance/withdraw'))
    expect(r.data.menu_ids).not.toContain(await menuId('/layout/admin/role'))
    const sup = await t.get('/api/sysrole/menu', admin, { role_id: await roleId('超级管理员') })
    expect(sup.data.menu_ids).toHaveLength(await count('from menus'))
    expect(sup.data.permission_ids).toHaveLength(await count('from permissions'))
    expect((await t.get('/api/sysrole/menu', admin)).msg).toBe('角色不能为空')
  })

  it('replaces the grants: every permission of the menus by default, or the given ones; logs before and after', async () => {
    const role = await roleId('客服')
    const menu = await menuId('/layout/admin/role')
    const perms = (await t.db.query<{ id: number }>('select id from permissions where menu_id = $1 order by id', [menu])).rows.map((p) => p.id)
    const all = await t.post('/api/sysrole/assign', admin, { role_id: role, menu_ids: [menu] })
    expect(all.data).toEqual({ role_id: role, menu_ids: [menu], permission_ids: perms })
    const some = await t.post('/api/sysrole/assign', admin, { role_id: role, menu_ids: [menu], permission_ids: [perms[0]] })
    expect(some.data.permission_ids).toEqual([perms[0]])
    const [log] = await opRows(t, '/api/sysrole/assign')
    expect(log).toMatchObject({ action: 'U', target_ids: [String(role)] })
    expect(log.before.permission_ids).toEqual(perms)
    expect(log.after).toEqual({ role_id: role, menu_ids: [menu], permission_ids: [perms[0]] })
  })

  it('refuses unknown menus, foreign permissions and the super role, and writes nothing', async () => {
    const role = await roleId('客服')
    const before = (await t.get('/api/sysrole/menu', admin, { role_id: role })).data
    const foreign = (await t.db.query<{ id: number }>(
      `select p.id from permissions p join menus m on m.id = p.menu_id where m.web_uri = '/layout/admin/admins' limit 1`)).rows[0].id
    const menu = await menuId('/layout/admin/role')
    for (const [body, status, msg] of [
      [{ role_id: role, menu_ids: [999999] }, 400, '菜单不存在'],
      [{ role_id: role, menu_ids: [menu], permission_ids: [foreign] }, 400, '权限不属于所选菜单'],
      [{ role_id: role }, 400, '菜单不能为空'],
      [{ role_id: role, menu_ids: ['x'] }, 400, '菜单格式不正确'],
      [{ role_id: await roleId('超级管理员'), menu_ids: [menu] }, 409, '超级管理员拥有全部权限，无需分配'],
    ] as const) {
      const r = await t.post('/api/sysrole/assign', admin, body)
      expect({ status: r.status, msg: r.msg }).toEqual({ status, msg })
    }
    expect((await t.get('/api/sysrole/menu', admin, { role_id: role })).data).toEqual(before)
    expect(await opRows(t, '/api/sysrole/assign')).toHaveLength(0)
  })

  it('lets a non-super role manager hand out only what it holds itself', async () => {
    const yunying = await t.login('yunying')
    const ops = await roleId('运营')
    const roleMenu = await menuId('/layout/admin/role')
    const held = (await t.get('/api/sysrole/menu', admin, { role_id: ops })).data.menu_ids
    await t.post('/api/sysrole/assign', admin, { role_id: ops, menu_ids: [...held, roleMenu] })
    const kefuRole = await roleId('客服')
    const kefuMenus = (await t.get('/api/sysrole/menu', yunying, { role_id: kefuRole })).data.menu_ids
    const room = await menuId('/layout/lottery/traderoom')
    expect((await t.post('/api/sysrole/assign', yunying, { role_id: kefuRole, menu_ids: [...kefuMenus, room] })).code).toBe(200)
    const denied = await t.post('/api/sysrole/assign', yunying, { role_id: kefuRole, menu_ids: [await menuId('/layout/admin/admins')] })
    expect({ status: denied.status, msg: denied.msg }).toEqual({ status: 403, msg: '不能分配您自己没有的菜单或权限' })
  })
})

describe('sysrole holders', () => {
  it('sets exactly the role\'s admins, ends the sessions of those whose roles changed, and logs before and after', async () => {
    const role = await roleId('财务')
    const [caiwu, kefu] = [await adminId('caiwu'), await adminId('kefu')]
    const caiwuToken = await t.login('caiwu')
    const kefuToken = await t.login('kefu')
    const r = await t.post('/api/sysrole/assign_user', admin, { role_id: role, admin_ids: [kefu, caiwu, kefu] })
    expect(r.data).toEqual({ role_id: role, admin_ids: [caiwu, kefu].sort((a, b) => a - b), sessions_ended: [kefu] })
    expect((await t.get('/api/userinfo', kefuToken)).status).toBe(401)
    expect((await t.get('/api/userinfo', caiwuToken)).status).toBe(200)
    const [log] = await opRows(t, '/api/sysrole/assign_user')
    expect(log).toMatchObject({ action: 'U', target_ids: [String(role)], before: { admin_ids: [caiwu] } })
    expect(log.after.admin_ids).toHaveLength(2)
  })

  it('refuses admins of another scope or unknown ones, and writes nothing', async () => {
    const role = await roleId('财务')
    for (const id of [await adminId('alpha_admin'), 999999]) {
      const r = await t.post('/api/sysrole/assign_user', admin, { role_id: role, admin_ids: [id] })
      expect({ status: r.status, msg: r.msg }).toEqual({ status: 400, msg: '管理员不存在' })
    }
    expect((await t.post('/api/sysrole/assign_user', admin, { role_id: role })).msg).toBe('管理员不能为空')
    expect(await count('from admin_roles where role_id = $1', [role])).toBe(1)
  })

  it('guards the super role: only a super admin changes its holders, and one enabled holder stays', async () => {
    const sup = await roleId('超级管理员')
    const empty = await t.post('/api/sysrole/assign_user', admin, { role_id: sup, admin_ids: [] })
    // The only holder is the caller himself, and nobody changes his own roles.
    expect({ status: empty.status, msg: empty.msg }).toEqual({ status: 403, msg: '不能修改自己的角色' })
    const yunying = await t.login('yunying')
    const ops = await roleId('运营')
    const held = (await t.get('/api/sysrole/menu', admin, { role_id: ops })).data.menu_ids
    await t.post('/api/sysrole/assign', admin, { role_id: ops, menu_ids: [...held, await menuId('/layout/admin/role')] })
    const self = await t.post('/api/sysrole/assign_user', yunying, { role_id: sup, admin_ids: [await adminId('admin'), await adminId('yunying')] })
    expect(self.status).toBe(403)
    expect(await count('from admin_roles where role_id = $1', [sup])).toBe(1)
  })
})
