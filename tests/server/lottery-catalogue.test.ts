// 玩法分组 and 玩法管理 over HTTP: the seeded catalogue, create/edit/delete with the operation log, missing and
// malformed fields (400 naming the field, nothing written), 403 without the menu, 404 across products, and the 409s
// (a duplicate, a group holding play ways, a play way with bets or a new code on one).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'
import { bet, caiwu, issue, player, playwayId, roomId, rows } from './lottery-fixtures'
import { switchTo } from './member-fixtures'

let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

const count = async (table: string) => (await rows(t, `select count(*)::int as n from ${table}`))[0].n as number

describe('玩法分组', () => {
  it('lists the seeded groups with their play way counts and creates, edits and deletes one, logged', async () => {
    const list = (await t.get('/api/playgroup/index', token)).data
    expect(list.items.map((g: any) => [g.name, g.playway_count])).toEqual([['大小单双', 4], ['组合', 4], ['极值', 2], ['特码', 1], ['形态', 3]])
    expect(list).toMatchObject({ total: 5, per_page: 15, current_page: 1 })
    const c = await t.post('/api/playgroup/create', token, { name: ' 新分组 ', sort: 60, status: 1, remark: '测试' })
    expect(c.data).toMatchObject({ name: '新分组', sort: 60, status: 1, remark: '测试', playway_count: 0 })
    const e = await t.post('/api/playgroup/edit', token, { id: c.data.id, name: '改名分组', status: 0 })
    expect(e.data).toMatchObject({ name: '改名分组', status: 0, sort: 60 })
    const [log] = await opRows(t, '/api/playgroup/edit')
    expect([log.before.name, log.after.name, log.action]).toEqual(['新分组', '改名分组', 'U'])
    // A room offering the group drops it when the group goes.
    const room = await roomId(t, 'GJ')
    await t.db.query('update lottery_rooms set group_ids = group_ids || $2::int where id = $1', [room, c.data.id])
    expect((await t.post('/api/playgroup/delete', token, { ids: [c.data.id] })).code).toBe(200)
    expect((await rows(t, 'select $2::int = any(group_ids) as has from lottery_rooms where id = $1', [room, c.data.id]))[0].has).toBe(false)
    expect((await opRows(t, '/api/playgroup/delete'))[0].before).toMatchObject([{ name: '改名分组' }])
  })

  it('refuses bad input (400, field named), duplicates and groups holding play ways (409), outsiders (403) and other products (404)', async () => {
    const before = await count('lottery_playgroups')
    for (const [body, msg, field] of [
      [{ status: 1 }, '分组名称不能为空', 'name'], [{ name: '', status: 1 }, '分组名称不能为空', 'name'],
      [{ name: 'x'.repeat(21), status: 1 }, '分组名称长度不能超过 20 个字符', 'name'], [{ name: 'a' }, '状态不能为空', 'status'],
      [{ name: 'a', status: 3 }, '状态不能大于 1', 'status'], [{ name: 'a', status: 1, sort: 'x' }, '排序格式不正确', 'sort'],
    ] as const) {
      const r = await t.post('/api/playgroup/create', token, body)
      expect([r.status, r.msg, r.data?.field], JSON.stringify(body)).toEqual([400, msg, field])
    }
    expect((await t.post('/api/playgroup/create', token, { name: '特码', status: 1 })).msg).toBe('分组名称「特码」已存在')
    const tema = (await rows(t, `select id from lottery_playgroups where product = 'alpha' and name = '特码'`))[0].id
    const held = await t.post('/api/playgroup/delete', token, { ids: [tema] })
    expect([held.status, held.msg]).toEqual([409, '「特码」还有 1 个玩法，不能删除，请先移走玩法或停用分组'])
    expect(await count('lottery_playgroups')).toBe(before)
    const fin = await caiwu(t)
    expect((await t.get('/api/playgroup/index', fin)).status).toBe(403)
    expect((await t.post('/api/playgroup/create', fin, { name: 'z', status: 1 })).status).toBe(403)
    await switchTo(t, token, 'beta')
    expect((await t.post('/api/playgroup/edit', token, { id: tema, name: 'z', status: 1 })).status).toBe(404)
    expect((await t.post('/api/playgroup/delete', token, { ids: [tema] })).status).toBe(404)
    expect(await opRows(t, '/api/playgroup/create')).toHaveLength(0)
    expect(await opRows(t, '/api/playgroup/delete')).toHaveLength(0)
  })
})

describe('玩法管理', () => {
  it('lists the catalogue with default odds and creates, edits and deletes a play way, logged', async () => {
    const list = (await t.get('/api/playway/index', token, { per_page: 50 })).data
    expect(list.items.map((w: any) => `${w.name}@${w.rate}/${w.group_name}`)).toEqual([
      '大@1.98/大小单双', '小@1.98/大小单双', '单@1.98/大小单双', '双@1.98/大小单双', '大单@4.20/组合', '大双@3.60/组合', '小单@3.60/组合',
      '小双@4.20/组合', '极大@17.00/极值', '极小@17.00/极值', '特码@9.80/特码', '对子@3.50/形态', '顺子@20.00/形态', '豹子@95.00/形态',
    ])
    expect(list.codes).toMatchObject({ da: '大', tema: '特码' })
    // Free a code by deleting its play way (no bets), then create it again.
    const baozi = await playwayId(t, 'baozi')
    expect((await t.post('/api/playway/delete', token, { ids: [baozi] })).code).toBe(200)
    const group = (await rows(t, `select id from lottery_playgroups where product = 'alpha' and name = '形态'`))[0].id
    const c = await t.post('/api/playway/create', token, { code: 'baozi', name: '豹子', group_id: group, rate: '88.5', status: 1, sort: 5 })
    expect(c.data).toMatchObject({ code: 'baozi', name: '豹子', rate: '88.50', group_name: '形态', status: 1 })
    const e = await t.post('/api/playway/edit', token, { id: c.data.id, code: 'baozi', name: '豹子王', group_id: null, rate: 90, status: 0 })
    expect(e.data).toMatchObject({ name: '豹子王', rate: '90.00', group_id: null, group_name: '', status: 0 })
    const [log] = await opRows(t, '/api/playway/edit')
    expect([log.before.rate, log.after.rate]).toEqual(['88.50', '90.00'])
    expect((await t.get('/api/playway/index', token, { status: 0 })).data.items.map((w: any) => w.name)).toEqual(['豹子王'])
  })

  it('refuses bad input, duplicate codes, deleting or re-coding a play way with bets, outsiders and other products', async () => {
    const ok = { code: 'da', name: '大', group_id: null, rate: '1.98', status: 1 }
    const before = await count('lottery_playways')
    for (const [body, msg, field] of [
      [{ ...ok, code: 'xx' }, '玩法代码取值无效', 'code'], [{ ...ok, code: undefined }, '玩法代码不能为空', 'code'],
      [{ ...ok, rate: '1.00' }, '默认赔率须为 1.01-1000.00 之间的数，最多两位小数', 'rate'],
      [{ ...ok, rate: '1.985' }, '默认赔率须为 1.01-1000.00 之间的数，最多两位小数', 'rate'],
      [{ ...ok, rate: 'abc' }, '默认赔率须为 1.01-1000.00 之间的数，最多两位小数', 'rate'],
      [{ ...ok, rate: undefined }, '默认赔率不能为空', 'rate'], [{ ...ok, name: '' }, '玩法名称不能为空', 'name'],
      [{ ...ok, group_id: 999999 }, '玩法分组不存在', 'group_id'],
    ] as const) {
      const r = await t.post('/api/playway/create', token, body)
      expect([r.status, r.msg, r.data?.field], JSON.stringify(body)).toEqual([400, msg, field])
    }
    expect((await t.post('/api/playway/create', token, ok)).msg).toBe('玩法「大」已存在（大）')
    expect(await count('lottery_playways')).toBe(before)

    const room = await roomId(t, 'JS')
    await issue(t, room, 60)
    const da = await playwayId(t, 'da')
    await bet(t, { member_id: (await player(t, 0, 100_00)).id, room_id: room, playway_id: da, amount: 100 })
    const del = await t.post('/api/playway/delete', token, { ids: [da, await playwayId(t, 'xiao')] })
    expect([del.status, del.msg]).toEqual([409, '「大」已有投注，不能删除，请改为停用'])
    const recode = await t.post('/api/playway/edit', token, { ...ok, id: da, code: 'jida' })
    expect(recode.status).toBe(409)
    expect(recode.msg).toBe('玩法「极大」已存在（极大）')
    await t.post('/api/playway/delete', token, { ids: [await playwayId(t, 'baozi')] })
    expect((await t.post('/api/playway/edit', token, { ...ok, id: da, code: 'baozi' })).msg).toBe('玩法「大」已有投注，不能修改玩法代码')
    expect((await t.post('/api/playway/edit', token, { ...ok, id: da, status: 0 })).data.status).toBe(0)

    const fin = await caiwu(t)
    expect((await t.get('/api/playway/index', fin)).status).toBe(403)
    expect((await t.post('/api/playway/edit', fin, { ...ok, id: da })).status).toBe(403)
    await switchTo(t, token, 'beta')
    expect((await t.post('/api/playway/edit', token, { ...ok, id: da })).status).toBe(404)
    expect((await t.post('/api/playway/delete', token, { ids: [da] })).status).toBe(404)
    expect((await t.get('/api/playway/index', token)).data.items.some((w: any) => w.id === da)).toBe(false)
  })
})
