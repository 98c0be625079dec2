// Privilege escalation, written as the attack: an admin who may manage roles, admins or product admins tries to
// give himself (or an account he controls) rights he does not hold — by holding a role (sysrole/assign_user),
// creating or editing an admin (sysadmin, proadmin) — and every attempt is refused with nothing changed.
// Also: nobody changes his own roles, and assign_user leaves holders of another scope alone.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'

const PASSWORD = 'Passw0rd!'
const CEILING = { status: 403, msg: '不能分配您自己没有的菜单或权限' }
const SELF = { status: 403, msg: '不能修改自己的角色' }

let t: TestApp
let admin: string
beforeEach(async () => {
  t = await makeApp()
  admin = await t.login()
})
afterEach(async () => { await t.close() })

const q = async <T = any>(sql: string, params: unknown[] = []) => (await t.db.query<T>(sql, params)).rows
const roleId = async (name: string) => (await q<{ id: number }>('select id from roles where name = $1', [name]))[0].id
const adminId = async (username: string) => (await q<{ id: number }>('select id from admins where username = $1', [username]))[0].id
const rolesOf = async (id: number) =>
  (await q<{ id: number }>('select role_id as id from admin_roles where admin_id = $1 order by 1', [id])).map((r) => r.id)
const holders = async (role: number) =>
  (await q<{ id: number }>('select admin_id as id from admin_roles where role_id = $1 order by 1', [role])).map((r) => r.id)
const adminCount = async () => (await q<{ n: number }>('select count(*)::int as n from admins'))[0].n
const outcome = (r: { status: number; msg: string }) => ({ status: r.status, msg: r.msg })
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b)

/** A platform role holding the menus under these paths (with every permission of them), made by the super admin. */
async function roleWith(name: string, prefixes: string[]): Promise<number> {
  const role = await t.post('/api/sysrole/create', admin, { name })
  expect(role.code).toBe(200)
  const menus = (await q<{ id: number }>('select id from menus where web_uri like any($1::text[]) order by id',
    [prefixes.flatMap((p) => [p, `${p}/%`])])).map((m) => m.id)
  expect((await t.post('/api/sysrole/assign', admin, { role_id: role.data.id, menu_ids: menus })).code).toBe(200)
  return role.data.id
}

/** A platform admin holding these roles, made by the super admin; answers its id and a fresh token. */
async function adminWith(username: string, roleIds: number[]) {
  const r = await t.post('/api/sysadmin/create', admin, { username, nickname: username, password: t.encrypt(PASSWORD), role_ids: roleIds, status: 1 })
  expect(r.code).toBe(200)
  return { id: r.data.id as number, token: await t.login(username, PASSWORD) }
}

/** After the attempts: logged in anew (a changed role ends sessions), the attacker still may not see withdrawals. */
async function stillNoFinance(username: string) {
  const fresh = await t.login(username, PASSWORD)
  expect((await t.get('/api/withdraw/index', fresh)).status).toBe(403)
}

describe('a role manager holding only 角色管理', () => {
  let mgrRole: number
  let mgr: { id: number; token: string }
  beforeEach(async () => {
    mgrRole = await roleWith('角色管理员', ['/layout/admin/role'])
    mgr = await adminWith('rolemgr', [mgrRole])
  })

  it('cannot put himself into 财务, nor anyone else, with assign_user', async () => {
    const finance = await roleId('财务')
    const [caiwu, kefu] = [await adminId('caiwu'), await adminId('kefu')]
    const self = await t.post('/api/sysrole/assign_user', mgr.token, { role_id: finance, admin_ids: [caiwu, mgr.id] })
    expect(outcome(self)).toEqual(SELF)
    const other = await t.post('/api/sysrole/assign_user', mgr.token, { role_id: finance, admin_ids: [caiwu, kefu] })
    expect(outcome(other)).toEqual(CEILING)
    expect(await holders(finance)).toEqual([caiwu])
    expect(await rolesOf(mgr.id)).toEqual([mgrRole])
    expect(await rolesOf(kefu)).toEqual([await roleId('客服')])
    expect(await opRows(t, '/api/sysrole/assign_user')).toHaveLength(0)
    expect((await t.get('/api/userinfo', mgr.token)).status).toBe(200) // nothing changed, so no session ended
    await stillNoFinance('rolemgr')
  })

  it('cannot put himself into a role he made and filled with finance menus', async () => {
    // He may create a role but not fill it beyond his own rights, nor hold it.
    const mine = await t.post('/api/sysrole/create', mgr.token, { name: '我的财务' })
    expect(mine.code).toBe(200)
    const withdraw = (await q<{ id: number }>(`select id from menus where web_uri = '/layout/finance/withdraw'`))[0].id
    expect(outcome(await t.post('/api/sysrole/assign', mgr.token, { role_id: mine.data.id, menu_ids: [withdraw] }))).toEqual(CEILING)
    expect(outcome(await t.post('/api/sysrole/assign_user', mgr.token, { role_id: mine.data.id, admin_ids: [mgr.id] }))).toEqual(SELF)
    expect(await holders(mine.data.id)).toEqual([])
    await stillNoFinance('rolemgr')
  })

  it('cannot remove himself from a role or add himself to one, even within his rights', async () => {
    const leave = await t.post('/api/sysrole/assign_user', mgr.token, { role_id: mgrRole, admin_ids: [] })
    expect(outcome(leave)).toEqual(SELF)
    const other = await adminWith('other', [mgrRole])
    const swap = await t.post('/api/sysrole/assign_user', mgr.token, { role_id: mgrRole, admin_ids: [other.id] })
    expect(outcome(swap)).toEqual(SELF)
    expect(await holders(mgrRole)).toEqual(sorted([mgr.id, other.id]))
    const twin = await roleWith('角色管理副本', ['/layout/admin/role'])
    const join = await t.post('/api/sysrole/assign_user', mgr.token, { role_id: twin, admin_ids: [mgr.id] })
    expect(outcome(join)).toEqual(SELF)
    expect(await holders(twin)).toEqual([])
    expect(await rolesOf(mgr.id)).toEqual([mgrRole])
  })

  it('still gives a role within his rights to others, and may take 财务 away (revoking raises nobody)', async () => {
    const twin = await roleWith('角色管理副本', ['/layout/admin/role'])
    const kefu = await adminId('kefu')
    const r = await t.post('/api/sysrole/assign_user', mgr.token, { role_id: twin, admin_ids: [kefu] })
    expect(r.code).toBe(200)
    expect(r.data).toEqual({ role_id: twin, admin_ids: [kefu], sessions_ended: [kefu] })
    expect(await rolesOf(kefu)).toEqual(sorted([await roleId('客服'), twin]))
    expect((await t.get('/api/sysrole/index', await t.login('kefu'))).status).toBe(200)
    // Keeping himself in his own role while adding another: he is no change, so it passes.
    const kept = await t.post('/api/sysrole/assign_user', mgr.token, { role_id: mgrRole, admin_ids: [mgr.id, kefu] })
    expect(kept.code).toBe(200)
    expect(kept.data.sessions_ended).toEqual([kefu])
    const finance = await roleId('财务')
    const revoke = await t.post('/api/sysrole/assign_user', mgr.token, { role_id: finance, admin_ids: [] })
    expect(revoke.code).toBe(200)
    expect(await holders(finance)).toEqual([])
  })
})

describe('a role manager who also manages admins', () => {
  let mgrRole: number
  let mgr: { id: number; token: string }
  const body = async (over: Record<string, unknown> = {}) => ({
    username: 'newbie', nickname: '新人', password: t.encrypt(PASSWORD), role_ids: [await roleId('财务')], status: 1, ...over,
  })
  beforeEach(async () => {
    mgrRole = await roleWith('系统管理员', ['/layout/admin/role', '/layout/admin/admins'])
    mgr = await adminWith('sysmgr', [mgrRole])
  })

  it('cannot create an admin holding 财务 (and log in as him)', async () => {
    const before = await adminCount()
    expect(outcome(await t.post('/api/sysadmin/create', mgr.token, await body()))).toEqual(CEILING)
    expect(outcome(await t.post('/api/sysadmin/create', mgr.token, await body({ role_ids: [mgrRole, await roleId('财务')] })))).toEqual(CEILING)
    expect((await t.post('/api/sysadmin/create', mgr.token, await body({ role_ids: [await roleId('超级管理员')] }))).status).toBe(403)
    expect(await adminCount()).toBe(before)
    expect((await t.post('/api/login', undefined, { username: 'newbie', password: t.encrypt(PASSWORD) })).code).not.toBe(200)
    expect(await opRows(t, '/api/sysadmin/create')).toHaveLength(1) // the fixture's own admin only
  })

  it('cannot give himself 财务 by editing himself, nor give it to another admin', async () => {
    const finance = await roleId('财务')
    for (const role_ids of [[mgrRole, finance], [finance]]) {
      const r = await t.post('/api/sysadmin/edit', mgr.token, await body({ id: mgr.id, username: 'sysmgr', nickname: 'x', password: '', role_ids }))
      expect(outcome(r)).toEqual(SELF)
    }
    const kefu = await adminId('kefu')
    const kefuRoles = await rolesOf(kefu)
    const give = await t.post('/api/sysadmin/edit', mgr.token, await body({ id: kefu, username: 'kefu', password: '', role_ids: [...kefuRoles, finance] }))
    expect(outcome(give)).toEqual(CEILING)
    expect(await rolesOf(mgr.id)).toEqual([mgrRole])
    expect(await rolesOf(kefu)).toEqual(kefuRoles)
    expect((await q(`select nickname from admins where id = any($1::int[]) order by id`, [[kefu, mgr.id]])).map((a) => a.nickname))
      .toEqual(['客服小李', 'sysmgr'])
    expect(await opRows(t, '/api/sysadmin/edit')).toHaveLength(0)
    await stillNoFinance('sysmgr')
  })

  it('still edits himself with the same roles, and others within his rights or keeping the roles they had', async () => {
    const nick = await t.post('/api/sysadmin/edit', mgr.token, await body({ id: mgr.id, username: 'sysmgr', nickname: '改名', password: '', role_ids: [mgrRole] }))
    expect(nick.code).toBe(200)
    expect(nick.data).toMatchObject({ nickname: '改名', role_ids: [mgrRole] })
    expect((await t.get('/api/userinfo', mgr.token)).status).toBe(200)
    const caiwu = await adminId('caiwu')
    const finance = await roleId('财务')
    // caiwu keeps 财务 (no gift) and gets the manager's own role (within his rights).
    const keep = await t.post('/api/sysadmin/edit', mgr.token, await body({ id: caiwu, username: 'caiwu', password: '', role_ids: [finance, mgrRole] }))
    expect(keep.code).toBe(200)
    expect(await rolesOf(caiwu)).toEqual(sorted([finance, mgrRole]))
    const made = await t.post('/api/sysadmin/create', mgr.token, await body({ role_ids: [mgrRole] }))
    expect(made.code).toBe(200)
    expect(await rolesOf(made.data.id)).toEqual([mgrRole])
  })
})

describe('taking over a stronger account', () => {
  it('an admin manager cannot reset the password of an admin holding more than he does, nor a product admin\'s authenticator', async () => {
    const mgrRole = await roleWith('账号管理员', ['/layout/admin/admins', '/layout/proadmin'])
    const mgr = await adminWith('acctmgr', [mgrRole])
    const caiwu = await adminId('caiwu')
    const hash = async (id: number) => (await q<{ h: string }>('select password_hash as h from admins where id = $1', [id]))[0].h
    const before = await hash(caiwu)
    const reset = await t.post('/api/sysadmin/edit', mgr.token, {
      id: caiwu, username: 'caiwu', nickname: '财务', password: t.encrypt('Hijack123!'), role_ids: await rolesOf(caiwu), status: 1,
    })
    expect(outcome(reset)).toEqual({ status: 403, msg: '不能重置权限高于您的管理员的密码或谷歌验证' })
    expect(await hash(caiwu)).toBe(before)
    await expect(t.login('caiwu', 'Hijack123!')).rejects.toThrow(/400/)
    // Without a new password the same edit (a nickname) is his to make.
    expect((await t.post('/api/sysadmin/edit', mgr.token, {
      id: caiwu, username: 'caiwu', nickname: '财务一', password: '', role_ids: await rolesOf(caiwu), status: 1,
    })).code).toBe(200)
    // An admin holding no more than he does: the reset is his to make.
    const peer = await adminWith('peer01', [mgrRole])
    expect((await t.post('/api/sysadmin/edit', mgr.token, {
      id: peer.id, username: 'peer01', nickname: 'peer01', password: t.encrypt('Another123!'), role_ids: [mgrRole], status: 1,
    })).code).toBe(200)
    expect(await t.login('peer01', 'Another123!')).toBeTruthy()
    // A product admin holding 财务: neither his password nor his authenticator.
    const alpha = await adminId('alpha_admin')
    await t.db.query(`insert into admin_roles (admin_id, role_id) values ($1, $2)`, [alpha, await roleId('财务')])
    await t.db.query(`update admins set google_enabled = true, google_secret = 'JBSWY3DPEHPK3PXP' where id = $1`, [alpha])
    await t.post('/api/product/switch', mgr.token, { pro: 'alpha' })
    expect((await t.post('/api/proadmin/google', mgr.token, { id: alpha })).status).toBe(403)
    expect((await q<{ g: boolean }>('select google_enabled as g from admins where id = $1', [alpha]))[0].g).toBe(true)
  })
})

describe('product admins\' roles', () => {
  const body = async (over: Record<string, unknown> = {}) => ({
    username: 'alpha_ops', nickname: '金沙运营', password: t.encrypt(PASSWORD), role_ids: [await roleId('财务')], status: 1, ...over,
  })

  it('a platform admin managing product admins cannot give one 财务, only what he holds', async () => {
    // He holds 产品管理员 and the member screens, so 客服 (home + members) is his to give; 财务 is not.
    await roleWith('产品管理', ['/layout/proadmin', '/layout/home', '/layout/member'])
    const pm = await adminWith('promgr', [await roleId('产品管理')])
    const finance = await roleId('财务')
    const before = await adminCount()
    expect(outcome(await t.post('/api/proadmin/create', pm.token, await body()))).toEqual(CEILING)
    expect(await adminCount()).toBe(before)
    const alpha = await adminId('alpha_admin')
    const alphaRoles = await rolesOf(alpha)
    const edit = await t.post('/api/proadmin/edit', pm.token, { id: alpha, username: 'alpha_admin', nickname: 'x', role_ids: [...alphaRoles, finance], status: 1 })
    expect(outcome(edit)).toEqual(CEILING)
    expect(await rolesOf(alpha)).toEqual(alphaRoles)
    expect((await q('select nickname from admins where id = $1', [alpha]))[0].nickname).toBe('金沙产品管理员')
    const ok = await t.post('/api/proadmin/create', pm.token, await body({ role_ids: [await roleId('客服')] }))
    expect(ok.code).toBe(200)
    expect(await rolesOf(ok.data.id)).toEqual([await roleId('客服')])
    const withdrawn = await t.login('alpha_ops', PASSWORD)
    expect((await t.get('/api/withdraw/index', withdrawn)).status).toBe(403)
  })

  it('a product admin cannot change his own roles, even to roles within his rights; his nickname he may', async () => {
    const own = await roleId('产品运营')
    await q(`insert into role_menus (role_id, menu_id) select $1, id from menus where web_uri = '/layout/proadmin'`, [own])
    await q(`insert into role_permissions (role_id, permission_id)
             select $1, p.id from permissions p join menus m on m.id = p.menu_id where m.web_uri = '/layout/proadmin'`, [own])
    const pa = await t.login('alpha_admin')
    const self = await adminId('alpha_admin')
    const add = await t.post('/api/proadmin/edit', pa, { id: self, username: 'alpha_admin', nickname: 'x', role_ids: [own, await roleId('客服')], status: 1 })
    expect(outcome(add)).toEqual(SELF)
    const fin = await t.post('/api/proadmin/edit', pa, { id: self, username: 'alpha_admin', nickname: 'x', role_ids: [own, await roleId('财务')], status: 1 })
    expect(outcome(fin)).toEqual(SELF)
    expect(await rolesOf(self)).toEqual([own])
    const nick = await t.post('/api/proadmin/edit', pa, { id: self, username: 'alpha_admin', nickname: '新昵称', role_ids: [own], status: 1 })
    expect(nick.code).toBe(200)
    expect((await t.get('/api/userinfo', pa)).status).toBe(200)
  })

  it('a product admin holding a platform role stays its holder after a platform assign_user that does not list him', async () => {
    const finance = await roleId('财务')
    const alpha = await adminId('alpha_admin')
    const alphaRoles = await rolesOf(alpha)
    expect((await t.post('/api/proadmin/edit', admin, { id: alpha, username: 'alpha_admin', nickname: 'x', role_ids: [...alphaRoles, finance], status: 1 })).code).toBe(200)
    const alphaToken = await t.login('alpha_admin')
    // A platform role manager who holds all that 财务 grants.
    await roleWith('财务主管', ['/layout/admin/role', '/layout/home', '/layout/report', '/layout/finance', '/layout/invest'])
    const boss = await adminWith('finboss', [await roleId('财务主管')])
    const [caiwu, kefu] = [await adminId('caiwu'), await adminId('kefu')]
    const r = await t.post('/api/sysrole/assign_user', boss.token, { role_id: finance, admin_ids: [caiwu, kefu] })
    expect(r.code).toBe(200)
    expect(r.data).toEqual({ role_id: finance, admin_ids: sorted([caiwu, kefu]), sessions_ended: [kefu] })
    expect(await holders(finance)).toEqual(sorted([caiwu, kefu, alpha]))
    expect((await t.get('/api/userinfo', alphaToken)).status).toBe(200)
    const [log] = await opRows(t, '/api/sysrole/assign_user')
    expect(log.before).toEqual({ admin_ids: [caiwu] })
    expect(log.after).toEqual({ admin_ids: sorted([caiwu, kefu]) })
    // Emptying the platform holders leaves him too.
    expect((await t.post('/api/sysrole/assign_user', admin, { role_id: finance, admin_ids: [] })).data.sessions_ended).toEqual(sorted([caiwu, kefu]))
    expect(await holders(finance)).toEqual([alpha])
  })
})

describe('the super admin', () => {
  it('gives any role to others but changes none of his own, and cannot drop his super role', async () => {
    const sup = await roleId('超级管理员')
    const finance = await roleId('财务')
    const me = await adminId('admin')
    const s2 = await t.post('/api/sysadmin/create', admin, { username: 'super2', nickname: '二号', password: t.encrypt(PASSWORD), role_ids: [sup], status: 1 })
    expect(s2.code).toBe(200)
    // With a second enabled super admin the last-super rule would let these pass; the self rule does not.
    expect(outcome(await t.post('/api/sysrole/assign_user', admin, { role_id: sup, admin_ids: [s2.data.id] }))).toEqual(SELF)
    expect(outcome(await t.post('/api/sysrole/assign_user', admin, { role_id: finance, admin_ids: [await adminId('caiwu'), me] }))).toEqual(SELF)
    const edit = (role_ids: number[], nickname = '超级管理员') =>
      t.post('/api/sysadmin/edit', admin, { id: me, username: 'admin', nickname, password: '', role_ids, status: 1 })
    expect(outcome(await edit([finance]))).toEqual(SELF)
    expect(outcome(await edit([sup, finance]))).toEqual(SELF)
    expect(await rolesOf(me)).toEqual([sup])
    expect((await edit([sup], '总管')).code).toBe(200)
    expect((await t.get('/api/userinfo', admin)).status).toBe(200)
    // Exempt from the ceiling: 财务 to kefu.
    const kefu = await adminId('kefu')
    expect((await t.post('/api/sysrole/assign_user', admin, { role_id: finance, admin_ids: [await adminId('caiwu'), kefu] })).code).toBe(200)
    expect(await holders(finance)).toContain(kefu)
  })
})
