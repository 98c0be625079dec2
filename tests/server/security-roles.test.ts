// Walks every route with every demo role (and a role holding one menu read-only): a route answers 403 exactly when the
// console's own view of the admin (userinfo's permissions) says the admin does not hold its menu and action. The probe
// carries an undeclared field, so a route the admin may use answers 400 at validation (which runs after the permission
// check) and nothing is ever changed by the walk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeApp, TEST_PASSWORD, type TestApp } from './helpers'
import { ALL_ROUTES } from '../../src/server/routes'
import { many, one } from '../../src/server/db/db'
import { MSG } from '../../src/contract/messages'

let t: TestApp

beforeAll(async () => {
  t = await makeApp()
  // A role holding the withdrawal list to read, nothing else: its admin may look and may not decide.
  const su = await t.login()
  const menu = (await one<{ id: number }>(t.db, `select id from menus where web_uri = '/layout/finance/withdraw'`))!
  const read = (await one<{ id: number }>(t.db, `select id from permissions where menu_id = $1 and key = 'R'`, [menu.id]))!
  const role = await t.post('/api/sysrole/create', su, { name: '提现只读' })
  expect(role.code).toBe(200)
  expect((await t.post('/api/sysrole/assign', su, { role_id: role.data.id, menu_ids: [menu.id], permission_ids: [read.id] })).code).toBe(200)
  const admin = await t.post('/api/sysadmin/create', su, {
    username: 'walk_reader', nickname: '只读', password: t.encrypt(TEST_PASSWORD), role_ids: [role.data.id], status: 1,
  })
  expect(admin.code).toBe(200)
})
afterAll(async () => { await t.close() })

const probes = ALL_ROUTES.filter((r) => r.menu !== 'public' && r.url !== '/api/logout')

describe.each(['caiwu', 'kefu', 'yunying', 'alpha_admin', 'walk_reader'])('the role of %s', (username) => {
  it('reaches exactly the routes its menus and permissions allow', async () => {
    const token = await t.login(username)
    const info = (await t.get('/api/userinfo', token)).data
    expect(info.permissions).not.toContain('*')
    const holds = new Set<string>(info.permissions)
    const failures: string[] = []
    let refused = 0
    for (const r of probes) {
      const needs = r.menu === 'session' ? null : Array.isArray(r.menu) ? r.menu : [r.menu]
      const held = !needs || needs.some((m) => holds.has(`${m}:${r.action}`))
      const a = r.method === 'GET'
        ? await t.get(r.url, token, { zz_probe: '1' })
        : await t.post(r.url, token, { zz_probe: 1 })
      // Held: refused at validation (the unknown field, or a required one missing first), never for permission.
      const ok = held ? a.status === 400 : a.status === 403 && a.msg === MSG.noPermission
      if (!ok) failures.push(`${r.method} ${r.url} (${held ? 'held' : 'not held'}): ${a.status} ${a.msg}`)
      if (!held) refused++
    }
    expect(failures).toEqual([])
    // The walk means something only if the role is refused somewhere and allowed somewhere.
    expect(refused).toBeGreaterThan(0)
    expect(refused).toBeLessThan(probes.length)
  })
})

describe('the read-only role', () => {
  it('lists withdrawals and is refused every decision on them', async () => {
    const token = await t.login('walk_reader')
    expect((await t.get('/api/withdraw/index', token)).status).toBe(200)
    const writes = ALL_ROUTES.filter((r) => r.menu === '/layout/finance/withdraw' && r.action !== 'R')
    expect(writes.length).toBeGreaterThan(0)
    for (const r of writes) expect((await t.post(r.url, token, { id: 1 })).status, r.url).toBe(403)
    const grants = await many(t.db, `select 1 from admin_roles ar join admins a on a.id = ar.admin_id where a.username = 'walk_reader'`)
    expect(grants).toHaveLength(1)
  })
})
