// 会员等级: the five seeded levels, create/edit/delete with their checks and 409s, menu and product scoping, the
// operation log, and upgrades after a recharge that never downgrade.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'
import { count, member, P, switchTo } from './member-fixtures'
import { upgradeLevel } from '../../src/server/member/level'
import { registerMember } from '../../src/server/member/member-write'

const URL = '/api/level'
let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

const levels = async (product = P) =>
  (await t.db.query<any>('select id, name, level from member_levels where product = $1 order by level', [product])).rows as { id: number; name: string; level: number }[]
const good = { name: '钻石会员', level: 6, upgrade_recharge: '500000.5', withdraw_times_daily: 30, withdraw_max_daily: '0', withdraw_fee_rate: '0.25', remark: ' 顶级 ' }

describe('levels', () => {
  it('lists the five seeded levels in order with their member counts', async () => {
    const [normal] = await levels()
    await member(t, 'lv1')
    await member(t, 'lv2')
    await registerMember(t.db, P, { username: 'lvvirt', kind: 1 })
    const r = await t.get(`${URL}/index`, token)
    expect(r.data).toMatchObject({ total: 5, per_page: 15, current_page: 1 })
    expect(r.data.items.map((l: any) => l.name)).toEqual(['普通会员', '白银会员', '黄金会员', '铂金会员', '至尊会员'])
    expect(r.data.items[0]).toEqual({
      id: normal.id, name: '普通会员', level: 1, upgrade_recharge: '0.00', withdraw_times_daily: 3, withdraw_max_daily: '50000.00',
      withdraw_fee_rate: '1.00', remark: '', member_count: 3,
    })
    expect(r.data.items[4]).toMatchObject({ upgrade_recharge: '200000.00', withdraw_max_daily: '0.00', withdraw_fee_rate: '0.00', member_count: 0 })
    expect((await t.get(`${URL}/index`, token, { per_page: 2, page: 3 })).data.items.map((l: any) => l.level)).toEqual([5])
  })

  it('creates and edits a level with money as text and logs both', async () => {
    const c = await t.post(`${URL}/create`, token, good)
    expect(c.data).toMatchObject({ name: '钻石会员', level: 6, upgrade_recharge: '500000.50', withdraw_times_daily: 30, withdraw_max_daily: '0.00',
      withdraw_fee_rate: '0.25', remark: '顶级', member_count: 0 })
    const [clog] = await opRows(t, `${URL}/create`)
    expect(clog).toMatchObject({ action: 'C', target_ids: [String(c.data.id)], before: null, after: { name: '钻石会员', upgrade_recharge: '500000.50' } })

    const e = await t.post(`${URL}/edit`, token, { ...good, id: c.data.id, name: '星耀会员', upgrade_recharge: 600000, withdraw_fee_rate: 0.5 })
    expect(e.data).toMatchObject({ id: c.data.id, name: '星耀会员', upgrade_recharge: '600000.00', withdraw_fee_rate: '0.50' })
    const [elog] = await opRows(t, `${URL}/edit`)
    expect(elog).toMatchObject({ action: 'U', target_ids: [String(c.data.id)], before: { name: '钻石会员' }, after: { name: '星耀会员' } })
    // Keeping its own order and name is no clash.
    expect((await t.post(`${URL}/edit`, token, { ...good, id: c.data.id, name: '星耀会员' })).code).toBe(200)
  })

  it('refuses missing and malformed fields and a taken order or name, writing nothing', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...good, name: undefined }, 400, '等级名称不能为空'],
      [{ ...good, name: '' }, 400, '等级名称不能为空'],
      [{ ...good, name: 'x'.repeat(21) }, 400, '等级名称长度不能超过 20 个字符'],
      [{ ...good, level: undefined }, 400, '等级序号不能为空'],
      [{ ...good, level: 0 }, 400, '等级序号不能小于 1'],
      [{ ...good, level: 1.5 }, 400, '等级序号格式不正确'],
      [{ ...good, upgrade_recharge: undefined }, 400, '升级累计充值不能为空'],
      [{ ...good, upgrade_recharge: 'abc' }, 400, '升级累计充值格式不正确'],
      [{ ...good, upgrade_recharge: '1.234' }, 400, '升级累计充值格式不正确'],
      [{ ...good, upgrade_recharge: '-1' }, 400, '升级累计充值不能为负数'],
      [{ ...good, upgrade_recharge: { a: 1 } }, 400, '升级累计充值格式不正确'],
      [{ ...good, withdraw_fee_rate: {} }, 400, '提现手续费率格式不正确'],
      [{ ...good, withdraw_times_daily: -1 }, 400, '每日提现次数不能小于 0'],
      [{ ...good, withdraw_max_daily: undefined }, 400, '每日提现上限不能为空'],
      [{ ...good, withdraw_max_daily: '9999999999999' }, 400, '每日提现上限格式不正确'],
      [{ ...good, withdraw_fee_rate: '101' }, 400, '提现手续费率须为 0-100 之间的百分比'],
      [{ ...good, withdraw_fee_rate: '1.234' }, 400, '提现手续费率须为 0-100 之间的百分比'],
      [{ ...good, withdraw_fee_rate: '-1' }, 400, '提现手续费率须为 0-100 之间的百分比'],
      [{ ...good, remark: 'x'.repeat(201) }, 400, '备注长度不能超过 200 个字符'],
      // A malformed field is reported before a clash.
      [{ ...good, level: 1, withdraw_fee_rate: 'x' }, 400, '提现手续费率须为 0-100 之间的百分比'],
      [{ ...good, level: 1 }, 409, '等级序号 1 已被「普通会员」使用'],
      [{ ...good, name: '黄金会员' }, 409, '等级名称「黄金会员」已存在'],
    ]
    for (const [body, status, msg] of cases) {
      const r = await t.post(`${URL}/create`, token, body)
      expect([r.status, r.msg], JSON.stringify(body).slice(0, 90)).toEqual([status, expect.stringContaining(msg)])
      if (status === 400) expect(r.data?.field, msg).toBeTruthy()
    }
    const [normal, silver] = await levels()
    expect((await t.post(`${URL}/edit`, token, { ...good, id: silver.id, level: 1 })).status).toBe(409)
    expect((await t.post(`${URL}/edit`, token, { ...good, id: silver.id, name: '普通会员' })).status).toBe(409)
    expect((await t.post(`${URL}/edit`, token, { ...good, id: 999999 })).status).toBe(404)
    expect(await count(t, 'member_levels where product = $1', [P])).toBe(5)
    expect((await levels()).map((l) => l.name)).toEqual(['普通会员', '白银会员', '黄金会员', '铂金会员', '至尊会员'])
    expect(normal.level).toBe(1)
    expect(await opRows(t, `${URL}/create`)).toHaveLength(0)
    expect(await opRows(t, `${URL}/edit`)).toHaveLength(0)
  })

  it('deletes unheld levels and refuses one that members hold (409)', async () => {
    const [normal, silver, gold] = await levels()
    await member(t, 'holder1', { level_id: silver.id })
    await registerMember(t.db, P, { username: 'holdtrial', kind: 2, level_id: gold.id })
    const held = await t.post(`${URL}/delete`, token, { ids: [normal.id, silver.id] })
    expect([held.status, held.msg]).toEqual([409, '「白银会员」有 1 个会员，不能删除'])
    expect((await t.post(`${URL}/delete`, token, { ids: [gold.id] })).msg).toBe('「黄金会员」有 1 个会员，不能删除')
    expect((await t.post(`${URL}/delete`, token, { ids: [normal.id, 999999] })).status).toBe(404)
    expect(await count(t, 'member_levels where product = $1', [P])).toBe(5)
    expect(await opRows(t, `${URL}/delete`)).toHaveLength(0)
    const r = await t.post(`${URL}/delete`, token, { ids: [normal.id] })
    expect(r.data).toEqual({ ids: [normal.id] })
    const [log] = await opRows(t, `${URL}/delete`)
    expect(log).toMatchObject({ action: 'D', target_ids: [String(normal.id)], before: [{ name: '普通会员', level: 1 }] })
    // New members then get the lowest level left.
    expect((await t.db.query<any>('select level_id from members where id = $1', [await member(t, 'after1')])).rows[0].level_id).toBe(silver.id)
  })

  it('is 403 without the menu and 404 for another product’s level', async () => {
    const [normal] = await levels()
    const kefu = await t.login('kefu')
    expect((await t.get(`${URL}/index`, kefu)).code).toBe(200)
    const caiwu = await t.login('caiwu')
    expect((await t.get(`${URL}/index`, caiwu)).status).toBe(403)
    expect((await t.post(`${URL}/create`, caiwu, good)).status).toBe(403)
    expect((await t.post(`${URL}/edit`, caiwu, { ...good, id: normal.id })).status).toBe(403)
    expect((await t.post(`${URL}/delete`, caiwu, { ids: [normal.id] })).status).toBe(403)
    await switchTo(t, token, 'beta')
    expect((await t.get(`${URL}/index`, token)).data.items.map((l: any) => l.id)).not.toContain(normal.id)
    expect((await t.post(`${URL}/edit`, token, { ...good, id: normal.id })).status).toBe(404)
    expect((await t.post(`${URL}/delete`, token, { ids: [normal.id] })).status).toBe(404)
    // The same order and name are free in another product.
    expect((await t.post(`${URL}/create`, token, { ...good, level: 7 })).code).toBe(200)
    expect((await levels())[0].name).toBe('普通会员')
    expect(await count(t, 'member_levels where product = $1', [P])).toBe(5)
  })
})

describe('upgrades', () => {
  it('lifts a member to the highest level its total recharge reaches and never lowers it', async () => {
    const [normal, silver, gold, platinum, supreme] = await levels()
    const id = await member(t, 'climber')
    const setTotal = (cents: number) => t.db.query('update members set total_recharge = $2 where id = $1', [id, cents])
    const levelOf = async () => (await t.db.query<any>('select level_id from members where id = $1', [id])).rows[0].level_id
    expect(await levelOf()).toBe(normal.id)
    await setTotal(99_999)
    expect(await upgradeLevel(t.db, id)).toBeNull()
    await setTotal(100_000)
    expect(await upgradeLevel(t.db, id)).toEqual({ from: normal.id, to: silver.id })
    await setTotal(6_000_000)
    expect(await upgradeLevel(t.db, id)).toEqual({ from: silver.id, to: platinum.id })
    expect(await levelOf()).toBe(platinum.id)
    // An operator's higher level stays above what the total would give; a lower total never downgrades.
    await t.db.query('update members set level_id = $2 where id = $1', [id, supreme.id])
    expect(await upgradeLevel(t.db, id)).toBeNull()
    expect(await levelOf()).toBe(supreme.id)
    await t.db.query('update members set level_id = $2 where id = $1', [id, gold.id])
    await setTotal(0)
    expect(await upgradeLevel(t.db, id)).toBeNull()
    expect(await levelOf()).toBe(gold.id)
    // A member without a level gets the one its total reaches; another product's levels never count.
    await t.db.query('update members set level_id = null, total_recharge = 1500000 where id = $1', [id])
    await t.db.query(`insert into member_levels (product, name, level, upgrade_recharge) values ('beta', '测试', 99, 0)`)
    expect(await upgradeLevel(t.db, id)).toEqual({ from: null, to: gold.id })
  })
})
