// Sessions follow account changes at once: disabling, role or password changes end them; role grants reach the menu
// list and the server's checks immediately; an admin cannot delete or disable itself.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, TEST_PASSWORD, type TestApp } from './helpers'

let t: TestApp
let admin: string
beforeEach(async () => {
  t = await makeApp()
  admin = await t.login()
})
afterEach(async () => { await t.close() })

const idOf = async (table: 'roles' | 'admins' | 'menus', col: string, value: string) =>
  (await t.db.query<{ id: number }>(`select id from ${table} where ${col} = $1`, [value])).rows[0].id
const openSessions = async (username: string) => (await t.db.query<{ n: number }>(
  `select count(*)::int as n from sessions s join admins a on a.id = s.admin_id where a.username = $1 and s.ended_at is null`, [username])).rows[0].n

/** The sysadmin/edit body that leaves caiwu as it is, with the given changes. */
async function caiwuEdit(over: Record<string, unknown> = {}) {
  return { id: await idOf('admins', 'username', 'caiwu'), username: 'caiwu', nickname: '财务小王', role_ids: [await idOf('roles', 'name', '财务')], status: 1, ...over }
}

describe('ending sessions', () => {
  it('disabling an admin ends its sessions at once, and re-enabling does not revive them', async () => {
    const token = await t.login('caiwu')
    const other = await t.login('caiwu')
    expect(await openSessions('caiwu')).toBe(2)
    expect((await t.post('/api/sysadmin/edit', admin, await caiwuEdit({ status: 0 }))).code).toBe(200)
    expect(await openSessions('caiwu')).toBe(0)
    expect((await t.get('/api/userinfo', token)).status).toBe(401)
    expect((await t.post('/api/sysadmin/edit', admin, await caiwuEdit({ status: 1 }))).code).toBe(200)
    expect((await t.get('/api/userinfo', other)).status).toBe(401)
    expect(await t.login('caiwu')).toBeTruthy()
  })

  it('changing its roles through sysadmin/edit ends its sessions', async () => {
    const token = await t.login('caiwu')
    const roles = [await idOf('roles', 'name', '财务'), await idOf('roles', 'name', '客服')]
    expect((await t.post('/api/sysadmin/edit', admin, await caiwuEdit({ role_ids: roles }))).code).toBe(200)
    expect((await t.get('/api/userinfo', token)).status).toBe(401)
    const fresh = await t.login('caiwu')
    expect((await t.get('/api/userinfo', fresh)).data.roles.map((r: any) => r.name)).toEqual(['财务', '客服'])
  })

  it('changing its roles through sysrole/assign_user ends its sessions, and only its', async () => {
    const kefu = await t.login('kefu')
    const caiwu = await t.login('caiwu')
    const role = await idOf('roles', 'name', '运营')
    const ids = [await idOf('admins', 'username', 'yunying'), await idOf('admins', 'username', 'kefu')]
    expect((await t.post('/api/sysrole/assign_user', admin, { role_id: role, admin_ids: ids })).code).toBe(200)
    expect((await t.get('/api/userinfo', kefu)).status).toBe(401)
    expect((await t.get('/api/userinfo', caiwu)).status).toBe(200)
    expect((await t.get('/api/userinfo', admin)).status).toBe(200)
  })

  it('changing its password ends its sessions; the new password works, the old does not', async () => {
    const token = await t.login('caiwu')
    expect((await t.post('/api/sysadmin/edit', admin, await caiwuEdit({ password: t.encrypt('N3w-password') }))).code).toBe(200)
    expect((await t.get('/api/userinfo', token)).status).toBe(401)
    await expect(t.login('caiwu', TEST_PASSWORD)).rejects.toThrow(/400/)
    expect(await t.login('caiwu', 'N3w-password')).toBeTruthy()
  })

  it('an edit that changes neither status, roles nor password keeps the sessions', async () => {
    const token = await t.login('caiwu')
    expect((await t.post('/api/sysadmin/edit', admin, await caiwuEdit({ nickname: '财务大王', password: '' }))).code).toBe(200)
    expect((await t.get('/api/userinfo', token)).data.nickname).toBe('财务大王')
  })
})

describe('oneself', () => {
  it('an admin cannot delete or disable itself', async () => {
    const me = await idOf('admins', 'username', 'admin')
    const del = await t.post('/api/sysadmin/delete', admin, { ids: [me] })
    expect({ status: del.status, msg: del.msg }).toEqual({ status: 400, msg: '不能删除自己' })
    const off = await t.post('/api/sysadmin/edit', admin, {
      id: me, username: 'admin', nickname: '超级管理员', role_ids: [await idOf('roles', 'name', '超级管理员')], status: 0,
    })
    expect({ status: off.status, msg: off.msg }).toEqual({ status: 400, msg: '不能禁用自己' })
    expect((await t.get('/api/userinfo', admin)).status).toBe(200)
  })
})

describe('role grants reach the session at once', () => {
  it('new menus show up in menu_list after assign, and a lost menu answers 403', async () => {
    const kefu = await t.login('kefu')
    const role = await idOf('roles', 'name', '客服')
    const before = (await t.get('/api/sysrole/menu', admin, { role_id: role })).data.menu_ids as number[]
    const roleMenu = await idOf('menus', 'web_uri', '/layout/admin/role')
    expect((await t.get('/api/userinfo', kefu)).data.menu_list).not.toContain('/layout/admin/role')
    expect((await t.get('/api/sysrole/index', kefu)).status).toBe(403)

    expect((await t.post('/api/sysrole/assign', admin, { role_id: role, menu_ids: [...before, roleMenu] })).code).toBe(200)
    const info = (await t.get('/api/userinfo', kefu)).data
    expect(info.menu_list).toContain('/layout/admin/role')
    expect(info.menus.find((m: any) => m.label === '系统管理').children.map((m: any) => m.web_uri)).toEqual(['/layout/admin/role'])
    expect(info.permissions).toContain('/layout/admin/role:R')
    expect((await t.get('/api/sysrole/index', kefu)).code).toBe(200)

    expect((await t.post('/api/sysrole/assign', admin, { role_id: role, menu_ids: before })).code).toBe(200)
    expect((await t.get('/api/userinfo', kefu)).data.menu_list).not.toContain('/layout/admin/role')
    expect((await t.get('/api/sysrole/index', kefu)).status).toBe(403)
  })

  it('a menu granted without its read permission shows in menu_list but its calls answer 403', async () => {
    const kefu = await t.login('kefu')
    const role = await idOf('roles', 'name', '客服')
    const before = (await t.get('/api/sysrole/menu', admin, { role_id: role })).data
    const roleMenu = await idOf('menus', 'web_uri', '/layout/admin/role')
    const r = await t.post('/api/sysrole/assign', admin, {
      role_id: role, menu_ids: [...before.menu_ids, roleMenu], permission_ids: before.permission_ids,
    })
    expect(r.code).toBe(200)
    expect((await t.get('/api/userinfo', kefu)).data.menu_list).toContain('/layout/admin/role')
    expect((await t.get('/api/sysrole/index', kefu)).status).toBe(403)
  })
})
