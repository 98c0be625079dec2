// 产品管理员: admins of the current product — list, create, edit, delete, assignable roles and permissions,
// authenticator reset — scoped so another product's or a platform admin's id is a 404.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, TEST_PASSWORD, type TestApp } from './helpers'

const URL = '/api/proadmin'
const NEW_PASSWORD = 'N3w-password!'
let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

const q = async (sql: string, params: unknown[] = []) => (await t.db.query<any>(sql, params)).rows
const roleId = async (name: string) => (await q('select id from roles where name = $1', [name]))[0].id as number
const adminId = async (username: string) => (await q('select id from admins where username = $1', [username]))[0].id as number
const openSessions = async (username: string) =>
  (await q('select count(*)::int as n from sessions s join admins a on a.id = s.admin_id where a.username = $1 and s.ended_at is null', [username]))[0].n as number
const logsText = async () => JSON.stringify(await q('select * from operation_logs'))

/** A beta product admin and a beta role, made directly (the console would do it from product beta). */
async function betaAdmin() {
  const [role] = await q(`insert into roles (product, name) values ('beta', '银河运营') returning id`)
  const [a] = await q(`insert into admins (product, username, nickname, password_hash) values ('beta', 'beta_admin', '银河', 'x') returning id`)
  await q('insert into admin_roles (admin_id, role_id) values ($1, $2)', [a.id, role.id])
  return { id: a.id as number, roleId: role.id as number }
}

/** Lets the alpha product role manage product admins (so alpha_admin can call /api/proadmin). */
async function grantProadminToAlphaRole() {
  const role = await roleId('产品运营')
  await q(`insert into role_menus (role_id, menu_id) select $1, id from menus where web_uri = '/layout/proadmin'`, [role])
  await q(`insert into role_permissions (role_id, permission_id)
           select $1, p.id from permissions p join menus m on m.id = p.menu_id where m.web_uri = '/layout/proadmin'`, [role])
}

const body = async (over: Record<string, unknown> = {}) => ({
  username: 'alpha_ops', nickname: '金沙运营', password: t.encrypt(NEW_PASSWORD), role_ids: [await roleId('产品运营')], status: 1, ...over,
})

describe('list', () => {
  it('lists the current product’s admins only, 12 a page, with a username filter', async () => {
    await betaAdmin()
    const r = await t.get(`${URL}/index`, token)
    expect(r.data).toMatchObject({ total: 1, per_page: 12, current_page: 1 })
    const role = await roleId('产品运营')
    expect(r.data.items[0]).toMatchObject({
      username: 'alpha_admin', nickname: '金沙产品管理员', status: 1, roles: [{ id: role, name: '产品运营' }], role_ids: [role],
      google_auth: false, product: 'alpha', last_login_at: null, last_login_ip: null,
    })
    expect(r.data.items[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(JSON.stringify(r.data)).not.toMatch(/password|secret/)
    expect((await t.get(`${URL}/index`, token, { username: 'ALPHA' })).data.total).toBe(1)
    expect((await t.get(`${URL}/index`, token, { username: 'nobody' })).data.total).toBe(0)
    await t.post('/api/product/switch', token, { pro: 'beta' })
    expect((await t.get(`${URL}/index`, token)).data.items.map((a: any) => a.username)).toEqual(['beta_admin'])
  })

  it('offers the roles a product admin may hold: this product’s and platform ones, never super, another product’s or the system area’s', async () => {
    await betaAdmin()
    const [sys] = await q(`insert into roles (name) values ('系统运维') returning id`)
    await q(`insert into role_menus (role_id, menu_id) select $1, id from menus where web_uri = '/layout/admin/whitelist'`, [sys.id])
    const r = await t.get(`${URL}/role/index`, token)
    expect(r.data.items.map((x: any) => x.name).sort()).toEqual(['产品运营', '客服', '财务', '运营'].sort())
    expect(r.data).toMatchObject({ total: 4, per_page: 15, current_page: 1 })
    expect(r.data.items.find((x: any) => x.name === '产品运营')).toMatchObject({ is_super: false, admin_count: 1 })
    expect((await t.get(`${URL}/role/index`, token, { name: '运营' })).data.total).toBe(2)
  })

  it('offers the permissions of every screen outside the system area', async () => {
    // Permissions exist for the menus some route needs; make sure a business screen has one whatever is registered.
    await q(`insert into permissions (menu_id, key, name) select id, 'R', '会员列表-查看' from menus where web_uri = '/layout/member' on conflict do nothing`)
    const r = await t.get(`${URL}/permission/index`, token, { per_page: 1000 })
    expect(r.data).toMatchObject({ per_page: 1000, current_page: 1 })
    expect(r.data.total).toBe(r.data.data.length)
    const paths = r.data.data.map((p: any) => p.menu_path)
    for (const p of paths) expect(p.startsWith('/layout/admin') || p === '/layout/proadmin', p).toBe(false)
    expect(paths).toContain('/layout/member')
    expect(r.data.data[0]).toEqual(expect.objectContaining({ id: expect.any(Number), menu_id: expect.any(Number), key: expect.stringMatching(/^[CRUD]$/), api_paths: expect.any(Array) }))
    expect((await t.get(`${URL}/permission/index`, token)).data.per_page).toBe(15)
  })

  it('refuses a caller without the menu (403)', async () => {
    const kefu = await t.login('kefu')
    const id = await adminId('alpha_admin')
    for (const r of [
      await t.get(`${URL}/index`, kefu), await t.get(`${URL}/role/index`, kefu), await t.get(`${URL}/permission/index`, kefu),
      await t.post(`${URL}/create`, kefu, await body()), await t.post(`${URL}/edit`, kefu, { id, ...(await body()) }),
      await t.post(`${URL}/delete`, kefu, { ids: [id] }), await t.post(`${URL}/google`, kefu, { id }),
    ]) expect(r.status).toBe(403)
    expect(await q(`select 1 from admins where username = 'alpha_ops'`)).toHaveLength(0)
  })
})

describe('create', () => {
  it('creates an admin of the current product who can log in; the log keeps no password', async () => {
    const r = await t.post(`${URL}/create`, token, await body({ role_ids: [await roleId('产品运营'), await roleId('财务')] }))
    expect(r.code).toBe(200)
    expect(r.data).toMatchObject({ username: 'alpha_ops', product: 'alpha', status: 1, role_ids: [await roleId('财务'), await roleId('产品运营')].sort((a, b) => a - b) })
    const login = await t.post('/api/login', undefined, { username: 'alpha_ops', password: t.encrypt(NEW_PASSWORD) })
    expect(login.data.userinfo).toMatchObject({ product: 'alpha', pinned_product: 'alpha' })
    const [log] = await opRows(t, `${URL}/create`)
    expect(log).toMatchObject({ admin_name: 'admin', action: 'C', target_ids: [String(r.data.id)], product: 'alpha', before: null })
    expect(log.after).toMatchObject({ username: 'alpha_ops', status: 1 })
    const all = await logsText()
    expect(all).not.toContain(NEW_PASSWORD)
    expect(all).not.toContain('scrypt$')
  })

  it('refuses an undecryptable or badly sized password, writing nothing', async () => {
    const cases: [unknown, string][] = [
      [NEW_PASSWORD, '密码无法解密，请刷新页面后重试'],
      ['bm90IHJzYQ==', '密码无法解密，请刷新页面后重试'],
      [t.encrypt('short12'), '密码长度须为 8–64 个字符'],
      [t.encrypt('x'.repeat(65)), '密码长度须为 8–64 个字符'],
      ['', '密码不能为空'],
    ]
    for (const [password, msg] of cases) {
      const r = await t.post(`${URL}/create`, token, await body({ password }))
      expect([r.status, r.msg, r.data]).toEqual([400, msg, { field: 'password' }])
    }
    expect(await q(`select 1 from admins where username = 'alpha_ops'`)).toHaveLength(0)
    expect(await opRows(t, `${URL}/create`)).toHaveLength(0)
  })

  it('refuses bad usernames, a taken one (also a platform admin’s) and roles it may not give', async () => {
    const beta = await betaAdmin()
    const cases: [Record<string, unknown>, number, string][] = [
      [{ username: 'ab' }, 400, '用户名须为 3–32 位字母、数字或下划线'],
      [{ username: 'bad name' }, 400, '用户名须为 3–32 位字母、数字或下划线'],
      [{ username: '管理员甲' }, 400, '用户名须为 3–32 位字母、数字或下划线'],
      [{ username: 'kefu' }, 409, '用户名已存在'],
      [{ username: 'KeFu' }, 409, '用户名已存在'],
      [{ username: 'beta_admin' }, 409, '用户名已存在'],
      [{ role_ids: [await roleId('超级管理员')] }, 400, '所选角色不存在或不能分配给产品管理员'],
      [{ role_ids: [beta.roleId] }, 400, '所选角色不存在或不能分配给产品管理员'],
      [{ role_ids: [999999] }, 400, '所选角色不存在或不能分配给产品管理员'],
      [{ role_ids: 'x' }, 400, '角色格式不正确'],
      [{ status: 2 }, 400, '状态不能大于 1'],
      [{ nickname: '' }, 400, '昵称不能为空'],
      [{ nickname: undefined }, 400, '昵称不能为空'],
      [{ username: undefined }, 400, '用户名不能为空'],
    ]
    for (const [over, status, msg] of cases) {
      const r = await t.post(`${URL}/create`, token, await body(over))
      expect([r.status, r.msg], JSON.stringify(over)).toEqual([status, msg])
    }
    expect(await q(`select 1 from admins where product = 'alpha' and username <> 'alpha_admin'`)).toHaveLength(0)
  })
})

describe('edit', () => {
  it('changes the nickname without ending sessions; roles or password end them; the log keeps no password', async () => {
    const id = await adminId('alpha_admin')
    const role = await roleId('产品运营')
    await t.login('alpha_admin')
    const nick = await t.post(`${URL}/edit`, token, { id, username: 'alpha_admin', nickname: '新昵称', role_ids: [role], status: 1 })
    expect(nick.data).toMatchObject({ nickname: '新昵称' })
    expect(await openSessions('alpha_admin')).toBe(1)
    const [log] = await opRows(t, `${URL}/edit`)
    expect(log).toMatchObject({ action: 'U', target_ids: [String(id)], before: { nickname: '金沙产品管理员' }, after: { nickname: '新昵称', changed_fields: [] } })

    await t.post(`${URL}/edit`, token, { id, username: 'alpha_admin', nickname: '新昵称', role_ids: [role, await roleId('财务')], status: 1 })
    expect(await openSessions('alpha_admin')).toBe(0)

    const pa = await t.login('alpha_admin')
    const pw = await t.post(`${URL}/edit`, token, { id, username: 'alpha_admin', nickname: '新昵称', role_ids: [role], status: 1, password: t.encrypt(NEW_PASSWORD) })
    expect(pw.code).toBe(200)
    expect((await t.get('/api/userinfo', pa)).status).toBe(401)
    expect((await t.post('/api/login', undefined, { username: 'alpha_admin', password: t.encrypt(TEST_PASSWORD) })).status).toBe(400)
    await t.login('alpha_admin', NEW_PASSWORD)
    const [pwLog] = await opRows(t, `${URL}/edit`)
    expect(pwLog.after.changed_fields).toEqual(['password'])
    expect(await logsText()).not.toContain(NEW_PASSWORD)
  })

  it('disabling ends the sessions and bars login; a blank password leaves it unchanged', async () => {
    const id = await adminId('alpha_admin')
    const role = await roleId('产品运营')
    await t.login('alpha_admin')
    await t.post(`${URL}/edit`, token, { id, username: 'alpha_admin', nickname: 'x', role_ids: [role], status: 0, password: '' })
    expect(await openSessions('alpha_admin')).toBe(0)
    const r = await t.post('/api/login', undefined, { username: 'alpha_admin', password: t.encrypt(TEST_PASSWORD) })
    expect([r.status, r.msg]).toEqual([403, '账号已被禁用'])
  })

  it('answers 404 for a platform admin, another product’s admin or an unknown id; refuses taken names and bad fields', async () => {
    const beta = await betaAdmin()
    const base = { username: 'someone', nickname: 'x', role_ids: [], status: 1 }
    for (const id of [await adminId('kefu'), await adminId('admin'), beta.id, 999999]) {
      expect((await t.post(`${URL}/edit`, token, { ...base, id })).status).toBe(404)
    }
    const id = await adminId('alpha_admin')
    expect((await t.post(`${URL}/edit`, token, { ...base, id, username: 'caiwu' })).status).toBe(409)
    expect((await t.post(`${URL}/edit`, token, { ...base, id, password: 'plain-text' })).msg).toBe('密码无法解密，请刷新页面后重试')
    expect((await t.post(`${URL}/edit`, token, { ...base })).msg).toBe('ID不能为空')
    expect((await t.post(`${URL}/edit`, token, { ...base, id: 'abc' })).msg).toBe('ID格式不正确')
    expect((await q(`select username, nickname from admins where id = $1`, [id]))[0]).toEqual({ username: 'alpha_admin', nickname: '金沙产品管理员' })
    expect(await opRows(t, `${URL}/edit`)).toHaveLength(0)
  })
})

describe('delete', () => {
  it('deletes admins of the product, ending their sessions; any id outside it deletes nothing', async () => {
    const beta = await betaAdmin()
    const created = (await t.post(`${URL}/create`, token, await body())).data
    const id = await adminId('alpha_admin')
    await t.login('alpha_admin')
    for (const ids of [[id, beta.id], [id, await adminId('kefu')], [id, 999999]]) {
      expect((await t.post(`${URL}/delete`, token, { ids })).status).toBe(404)
    }
    expect(await q(`select 1 from admins where id = $1`, [id])).toHaveLength(1)
    expect((await t.post(`${URL}/delete`, token, { ids: [id, created.id] })).code).toBe(200)
    expect(await q('select 1 from admins where id = any($1::int[])', [[id, created.id]])).toHaveLength(0)
    expect(await openSessions('alpha_admin')).toBe(0)
    const [log] = await opRows(t, `${URL}/delete`)
    expect(log).toMatchObject({ action: 'D', target_ids: [String(id), String(created.id)] })
    expect(log.before.map((a: any) => a.username)).toEqual(['alpha_admin', 'alpha_ops'])
  })

  it('lets a product admin manage its own product only, never delete or disable itself', async () => {
    await grantProadminToAlphaRole()
    await betaAdmin()
    const pa = await t.login('alpha_admin')
    const self = await adminId('alpha_admin')
    expect((await t.get(`${URL}/index`, pa)).data.items.map((a: any) => a.username)).toEqual(['alpha_admin'])
    expect((await t.post(`${URL}/delete`, pa, { ids: [self] })).msg).toBe('不能删除当前登录的账号')
    const r = await t.post(`${URL}/edit`, pa, { id: self, username: 'alpha_admin', nickname: 'x', role_ids: [await roleId('产品运营')], status: 0 })
    expect([r.status, r.msg]).toEqual([409, '不能禁用当前登录的账号'])
    expect((await t.post('/api/product/switch', pa, { pro: 'beta' })).status).toBe(403)
    expect((await t.post(`${URL}/create`, pa, await body())).data.product).toBe('alpha')
  })

  it('refuses malformed ids', async () => {
    for (const [b, msg] of [[{}, 'ID列表不能为空'], [{ ids: [] }, 'ID列表至少选择一项'], [{ ids: ['x'] }, 'ID格式不正确']] as const) {
      const r = await t.post(`${URL}/delete`, token, b)
      expect([r.status, r.msg]).toEqual([400, msg])
    }
  })
})

describe('authenticator reset', () => {
  it('forgets the authenticator, keeps the last used step, ends the sessions and logs it', async () => {
    const id = await adminId('alpha_admin')
    await t.login('alpha_admin')
    await q(`update admins set google_enabled = true, google_secret = 'JBSWY3DPEHPK3PXP', google_last_step = 123 where id = $1`, [id])
    const r = await t.post(`${URL}/google`, token, { id })
    expect(r.code).toBe(200)
    expect((await q('select google_enabled, google_secret, google_last_step from admins where id = $1', [id]))[0])
      .toEqual({ google_enabled: false, google_secret: null, google_last_step: 123 })
    expect(await openSessions('alpha_admin')).toBe(0)
    const [log] = await opRows(t, `${URL}/google`)
    expect(log).toMatchObject({ action: 'U', target_ids: [String(id)], before: { google_auth: true }, after: { google_auth: false } })
    expect(await logsText()).not.toContain('JBSWY3DPEHPK3PXP')
    await t.login('alpha_admin')
  })

  it('answers 404 outside the product and 400 for a malformed id', async () => {
    const beta = await betaAdmin()
    for (const id of [beta.id, await adminId('kefu'), 999999]) expect((await t.post(`${URL}/google`, token, { id })).status).toBe(404)
    expect((await t.post(`${URL}/google`, token, { id: -1 })).msg).toBe('ID不能小于 1')
    expect(await opRows(t, `${URL}/google`)).toHaveLength(0)
  })
})
