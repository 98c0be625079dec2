// /api/sysadmin: scoped admin list without secrets, create/edit with RSA passwords, delete, super-admin guards, the log.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, TEST_PASSWORD, type TestApp } from './helpers'

let t: TestApp
let admin: string
beforeEach(async () => {
  t = await makeApp()
  admin = await t.login()
})
afterEach(async () => { await t.close() })

const idOf = async (table: 'roles' | 'admins', col: string, value: string) =>
  (await t.db.query<{ id: number }>(`select id from ${table} where ${col} = $1`, [value])).rows[0].id
const roleId = (name: string) => idOf('roles', 'name', name)
const adminId = (username: string) => idOf('admins', 'username', username)
const count = async (sql: string, params: unknown[] = []) => (await t.db.query<{ n: number }>(`select count(*)::int as n ${sql}`, params)).rows[0].n

/** Gives a demo role the admin-list menu (all its permissions) and answers a token of that role's admin. */
async function adminManager(): Promise<string> {
  const ops = await roleId('运营')
  const menus = (await t.get('/api/sysrole/menu', admin, { role_id: ops })).data.menu_ids
  const m = (await t.db.query<{ id: number }>(`select id from menus where web_uri = '/layout/admin/admins'`)).rows[0].id
  await t.post('/api/sysrole/assign', admin, { role_id: ops, menu_ids: [...menus, m] })
  return t.login('yunying')
}

const body = async (over: Record<string, unknown> = {}) => ({
  username: 'newbie', nickname: '新人', password: t.encrypt('Passw0rd!'), role_ids: [await roleId('财务')], status: 1, ...over,
})

describe('sysadmin index', () => {
  it('lists the platform admins with their roles, never secrets or another scope\'s admins', async () => {
    const r = await t.get('/api/sysadmin/index', admin)
    expect(r.code).toBe(200)
    expect(r.data).toMatchObject({ total: 4, per_page: 15, current_page: 1 })
    expect(r.data.items.map((a: any) => a.username)).toEqual(['admin', 'caiwu', 'kefu', 'yunying'])
    const caiwu = r.data.items[1]
    expect(caiwu).toMatchObject({ nickname: '财务小王', status: 1, google_auth: false, product: null, roles: [{ name: '财务' }] })
    expect(caiwu.role_ids).toEqual([caiwu.roles[0].id])
    expect(Object.keys(caiwu).sort()).toEqual(
      ['created_at', 'google_auth', 'id', 'last_login_at', 'last_login_ip', 'nickname', 'product', 'role_ids', 'roles', 'status', 'username'])
    expect(JSON.stringify(r.body)).not.toMatch(/scrypt|password|secret/)
  })

  it('filters by username (contains, any case) and status, and pages', async () => {
    expect((await t.get('/api/sysadmin/index', admin, { username: 'KE' })).data.items.map((a: any) => a.username)).toEqual(['kefu'])
    await t.db.query(`update admins set status = 0 where username = 'kefu'`)
    expect((await t.get('/api/sysadmin/index', admin, { status: 0 })).data.items.map((a: any) => a.username)).toEqual(['kefu'])
    const p = await t.get('/api/sysadmin/index', admin, { per_page: 3, page: 2 })
    expect(p.data).toMatchObject({ total: 4, per_page: 3, current_page: 2 })
    expect(p.data.items).toHaveLength(1)
  })

  it('refuses a caller without the menu', async () => {
    const kefu = await t.login('kefu')
    expect((await t.get('/api/sysadmin/index', kefu)).status).toBe(403)
    expect((await t.post('/api/sysadmin/create', kefu, await body())).status).toBe(403)
    expect((await t.post('/api/sysadmin/edit', kefu, await body({ id: 2 }))).status).toBe(403)
    expect((await t.post('/api/sysadmin/delete', kefu, { ids: [2] })).status).toBe(403)
  })
})

describe('sysadmin create', () => {
  it('creates an admin who can log in with the decrypted password, and logs it without secrets', async () => {
    const b = await body()
    const r = await t.post('/api/sysadmin/create', admin, b)
    expect(r.code).toBe(200)
    expect(r.data).toMatchObject({ username: 'newbie', nickname: '新人', status: 1, product: null, roles: [{ name: '财务' }] })
    expect(await t.login('newbie', 'Passw0rd!')).toBeTruthy()
    const [log] = await opRows(t, '/api/sysadmin/create')
    expect(log).toMatchObject({ admin_name: 'admin', action: 'C', target_ids: [String(r.data.id)] })
    expect(log.after.username).toBe('newbie')
    expect(JSON.stringify(log)).not.toMatch(/scrypt|Passw0rd/)
    expect(JSON.stringify(log)).not.toContain(b.password)
  })

  it('answers 400 naming the field for missing and malformed input, and writes nothing', async () => {
    const before = await count('from admins')
    const cases: [Record<string, unknown>, string][] = [
      [{ username: undefined }, '用户名不能为空'],
      [{ username: 'ab' }, '用户名长度不能少于 3 个字符'],
      [{ username: 'bad name' }, '用户名格式不正确'],
      [{ username: 'x'.repeat(33) }, '用户名长度不能超过 32 个字符'],
      [{ nickname: ' ' }, '昵称不能为空'],
      [{ password: undefined }, '密码不能为空'],
      [{ password: 'bm90IHJzYQ==' }, '密码格式不正确'],
      [{ password: t.encrypt('short') }, '密码长度需为 8-64 位'],
      [{ password: t.encrypt('x'.repeat(65)) }, '密码长度需为 8-64 位'],
      [{ role_ids: [] }, '角色至少选择一项'],
      [{ role_ids: [999999] }, '角色不存在'],
      [{ role_ids: [await roleId('产品运营')] }, '角色不存在'],
      [{ status: 2 }, '状态不能大于 1'],
      [{ status: 'on' }, '状态格式不正确'],
    ]
    for (const [over, msg] of cases) {
      const r = await t.post('/api/sysadmin/create', admin, await body(over))
      expect({ status: r.status, msg: r.msg }).toEqual({ status: 400, msg })
    }
    expect(await count('from admins')).toBe(before)
    expect(await opRows(t, '/api/sysadmin/create')).toHaveLength(0)
  })

  it('answers 409 for a username in use in any scope and any case', async () => {
    for (const username of ['Kefu', 'alpha_admin']) {
      const r = await t.post('/api/sysadmin/create', admin, await body({ username }))
      expect({ status: r.status, msg: r.msg }).toEqual({ status: 409, msg: '用户名已存在' })
    }
  })

  it('lets only a super admin grant the super role', async () => {
    const manager = await adminManager()
    const sup = await roleId('超级管理员')
    expect((await t.post('/api/sysadmin/create', manager, await body({ role_ids: [sup] }))).status).toBe(403)
    // Only roles within the manager's own rights (运营 + admin list); 财务 is beyond them.
    expect((await t.post('/api/sysadmin/create', manager, await body())).status).toBe(403)
    expect((await t.post('/api/sysadmin/create', manager, await body({ role_ids: [await roleId('运营')] }))).code).toBe(200)
    expect((await t.post('/api/sysadmin/create', admin, await body({ username: 'super2', role_ids: [sup] }))).code).toBe(200)
  })
})

describe('sysadmin edit', () => {
  it('edits name and nickname keeping the password when blank, logs before and after, keeps the session', async () => {
    const id = await adminId('caiwu')
    const token = await t.login('caiwu')
    const r = await t.post('/api/sysadmin/edit', admin, await body({ id, username: 'caiwu2', nickname: '财务老王', password: '', role_ids: [await roleId('财务')] }))
    expect(r.data).toMatchObject({ id, username: 'caiwu2', nickname: '财务老王' })
    expect(await t.login('caiwu2', TEST_PASSWORD)).toBeTruthy()
    expect((await t.get('/api/userinfo', token)).status).toBe(200)
    const [log] = await opRows(t, '/api/sysadmin/edit')
    expect(log).toMatchObject({ action: 'U', target_ids: [String(id)] })
    expect([log.before.username, log.after.username]).toEqual(['caiwu', 'caiwu2'])
    expect(log.after).toMatchObject({ pwd_changed: false, sessions_ended: false })
    expect(JSON.stringify(log)).not.toMatch(/scrypt/)
  })

  it('answers 404 for another scope\'s admin, 409 for a username in use, 400 for bad input', async () => {
    const alpha = await adminId('alpha_admin')
    expect((await t.post('/api/sysadmin/edit', admin, await body({ id: alpha, username: 'alpha_admin' }))).status).toBe(404)
    expect((await t.post('/api/sysadmin/delete', admin, { ids: [alpha] })).status).toBe(404)
    const id = await adminId('caiwu')
    expect((await t.post('/api/sysadmin/edit', admin, await body({ id, username: 'KEFU' }))).status).toBe(409)
    expect((await t.post('/api/sysadmin/edit', admin, await body({ id, password: t.encrypt('1234') }))).msg).toBe('密码长度需为 8-64 位')
    expect((await t.post('/api/sysadmin/edit', admin, await body({ id: undefined }))).msg).toBe('ID不能为空')
    expect((await t.db.query('select username from admins where id = $1', [id])).rows[0].username).toBe('caiwu')
  })

  it('refuses to disable itself or to remove the last enabled super admin', async () => {
    const me = await adminId('admin')
    const sup = await roleId('超级管理员')
    const off = await t.post('/api/sysadmin/edit', admin, await body({ id: me, username: 'admin', status: 0, role_ids: [sup] }))
    expect({ status: off.status, msg: off.msg }).toEqual({ status: 400, msg: '不能禁用自己' })
    const demote = await t.post('/api/sysadmin/edit', admin, await body({ id: me, username: 'admin', password: '', role_ids: [await roleId('财务')] }))
    // Nobody changes his own roles (the last-super rule is covered by the concurrent demotion below).
    expect({ status: demote.status, msg: demote.msg }).toEqual({ status: 403, msg: '不能修改自己的角色' })
    expect((await t.get('/api/userinfo', admin)).data.roles.map((r: any) => r.name)).toEqual(['超级管理员'])
  })

  it('two super admins demoting each other at once leave exactly one enabled super admin', async () => {
    const sup = await roleId('超级管理员')
    const s2 = (await t.post('/api/sysadmin/create', admin, await body({ username: 'super2', role_ids: [sup] }))).data
    const other = await t.login('super2', 'Passw0rd!')
    const finance = [await roleId('财务')]
    const answers = await Promise.all([
      t.post('/api/sysadmin/edit', admin, await body({ id: s2.id, username: 'super2', password: '', role_ids: finance })),
      t.post('/api/sysadmin/edit', other, await body({ id: await adminId('admin'), username: 'admin', password: '', role_ids: finance })),
    ])
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.map((a) => a.status).sort()).toEqual([200, expect.toSatisfy((s: number) => s === 409 || s === 401)])
    expect(await count(`from admins a join admin_roles ar on ar.admin_id = a.id where ar.role_id = $1 and a.status = 1`, [sup])).toBe(1)
  })

  it('lets only a super admin change a super admin', async () => {
    const manager = await adminManager()
    const me = await adminId('admin')
    const r = await t.post('/api/sysadmin/edit', manager, await body({ id: me, username: 'admin', password: '', role_ids: [await roleId('超级管理员')] }))
    expect(r.status).toBe(403)
    expect((await t.post('/api/sysadmin/delete', manager, { ids: [me] })).status).toBe(403)
  })
})

describe('sysadmin delete', () => {
  it('deletes admins, ends their sessions and logs them without secrets', async () => {
    const [caiwu, kefu] = [await adminId('caiwu'), await adminId('kefu')]
    const token = await t.login('caiwu')
    const r = await t.post('/api/sysadmin/delete', admin, { ids: [caiwu, kefu] })
    expect(r.code).toBe(200)
    expect(await count('from admins where id = any($1::int[])', [[caiwu, kefu]])).toBe(0)
    expect((await t.get('/api/userinfo', token)).status).toBe(401)
    const [log] = await opRows(t, '/api/sysadmin/delete')
    expect(log).toMatchObject({ action: 'D', target_ids: [String(caiwu), String(kefu)] })
    expect(log.before.map((a: any) => a.username)).toEqual(['caiwu', 'kefu'])
    expect(JSON.stringify(log)).not.toMatch(/scrypt/)
  })

  it('refuses to delete itself, all or nothing', async () => {
    const r = await t.post('/api/sysadmin/delete', admin, { ids: [await adminId('caiwu'), await adminId('admin')] })
    expect({ status: r.status, msg: r.msg }).toEqual({ status: 400, msg: '不能删除自己' })
    expect(await count('from admins')).toBe(5)
    expect((await t.post('/api/sysadmin/delete', admin, { ids: [await adminId('caiwu'), 999999] })).status).toBe(404)
    expect(await count('from admins')).toBe(5)
  })
})

describe('sysadmin index by id', () => {
  it('answers exactly the admin asked for (the edit page opens any admin, not only the first page)', async () => {
    const t = await makeApp()
    try {
      const token = await t.login()
      const kefu = (await t.get('/api/sysadmin/index', token, { username: 'kefu' })).data.items[0]
      const r = await t.get('/api/sysadmin/index', token, { id: kefu.id })
      expect(r.data.items.map((a: { username: string }) => a.username)).toEqual(['kefu'])
      expect(r.data.total).toBe(1)
    } finally {
      await t.close()
    }
  })
})

describe('usernames in the database', () => {
  it('refuses a second username differing only in case, whichever route writes it', async () => {
    const t = await makeApp()
    try {
      await expect(t.db.query(`insert into admins (username, password_hash) values ('ADMIN', 'x')`)).rejects.toThrow(/admins_username_ci/)
    } finally {
      await t.close()
    }
  })
})
