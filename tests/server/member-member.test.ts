// 会员列表's writes and details: create, edit, delete and show with their answer shapes, field checks, agent chains,
// the 409s, menu and product scoping, the operation log, and trial members' play money.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, opRows, type TestApp } from './helpers'
import { count, credit, freeze, homeOnlyToken, logText, makeAgent, member, P, switchTo, withdrawalUnderReview } from './member-fixtures'
import { registerMember } from '../../src/server/member/member-write'
import { verifyPassword } from '../../src/server/auth/password'
import { checkLedger } from '../../src/server/ledger/check'
import { balancesOf } from '../../src/server/ledger/ledger'
import { MONEY } from '../../src/contract/ledger'

const URL = '/api/member'
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/
let t: TestApp
let token: string
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await t.close() })

const row = async (id: number) => (await t.db.query<any>('select * from members where id = $1', [id])).rows[0]
const levelId = async (name: string) => (await t.db.query<any>('select id from member_levels where product = $1 and name = $2', [P, name])).rows[0].id as number

describe('create', () => {
  it('creates a member with hashed passwords, answers the detail shape and logs it without secrets', async () => {
    const agent = await member(t, 'daili01')
    await makeAgent(t, agent)
    const silver = await levelId('白银会员')
    const r = await t.post(`${URL}/create`, token, {
      username: 'Zhang_San1', password: t.encrypt('abc#12345'), fund_password: t.encrypt('246810'), nickname: ' 小张 ',
      real_name: '张三', phone: '13812345678', level_id: silver, agent_id: agent, status: 1, remark: '老客户',
    })
    expect([r.status, r.msg]).toEqual([200, 'ok'])
    const d = r.data
    expect(d).toMatchObject({
      username: 'Zhang_San1', nickname: '小张', real_name: '张三', phone: '13812345678', level_id: silver, level_name: '白银会员',
      agent_id: agent, agent_name: 'daili01', is_agent: false, rebate_rate: '0.00', status: 1, balance: '0.00', frozen: '0.00',
      interest_balance: '0.00', total_recharge: '0.00', total_withdraw: '0.00', register_ip: '', last_login_ip: '',
      last_login_time: null, remark: '老客户', avatar: '',
      summary: { card_count: 0, wallet_count: 0, recharge_count: 0, recharge_total: '0.00', withdraw_count: 0, withdraw_total: '0.00',
        bet_count: 0, bet_total: '0.00', payout_total: '0.00', win_loss: '0.00' },
      recent_changes: [],
    })
    expect(d.invite_code).toMatch(/^[A-Z2-9]{8}$/)
    expect(d.created_at).toMatch(TIME)
    const stored = await row(d.id)
    expect(stored.agent_path).toEqual([agent])
    expect(await verifyPassword('abc#12345', stored.password_hash)).toBe(true)
    expect(await verifyPassword('246810', stored.fund_password_hash)).toBe(true)
    expect(await balancesOf(t.db, P, d.id)).toEqual({ 1: 0, 2: 0, 3: 0 })

    const [log] = await opRows(t, `${URL}/create`)
    expect(log).toMatchObject({ action: 'C', target_ids: [String(d.id)], before: null, product: P, admin_name: 'admin' })
    expect(log.after).toMatchObject({ id: d.id, username: 'Zhang_San1', level_name: '白银会员' })
    const text = await logText(t, `${URL}/create`)
    for (const secret of ['abc#12345', '246810', stored.password_hash, 'password_hash']) expect(text).not.toContain(secret)
  })

  it('gives a new member the lowest level (or the 默认会员等级 setting) and no agent', async () => {
    const a = (await t.post(`${URL}/create`, token, { username: 'plain', password: t.encrypt('123456'), status: 0 })).data
    expect(a).toMatchObject({ level_name: '普通会员', agent_id: null, agent_name: '', status: 0, phone: '' })
    expect((await row(a.id)).fund_password_hash).toBe('')
    const gold = await levelId('黄金会员')
    await t.db.query(`update settings set value = $2 where product = $1 and key = 'default_level_id'`, [P, String(gold)])
    expect((await t.post(`${URL}/create`, token, { username: 'plain2', password: t.encrypt('123456'), status: 1 })).data.level_name).toBe('黄金会员')
  })

  it('refuses missing and malformed fields with the field named, writing nothing', async () => {
    const notAgent = await member(t, 'notagent')
    const before = await count(t, 'members')
    const ok = { username: 'goodname', password: t.encrypt('123456'), status: 1 }
    const cases: [Record<string, unknown>, string][] = [
      [{}, '用户名不能为空'],
      [{ ...ok, username: undefined }, '用户名不能为空'],
      [{ ...ok, username: 'abc' }, '用户名长度不能少于 4 个字符'],
      [{ ...ok, username: 'a'.repeat(17) }, '用户名长度不能超过 16 个字符'],
      [{ ...ok, username: 'ab-cd' }, '用户名格式不正确'],
      [{ ...ok, username: '张三丰丰' }, '用户名格式不正确'],
      [{ ...ok, password: undefined }, '登录密码不能为空'],
      [{ ...ok, password: '' }, '登录密码不能为空'],
      [{ ...ok, password: t.encrypt('12345') }, '登录密码长度须为 6-20 位'],
      [{ ...ok, password: t.encrypt('x'.repeat(21)) }, '登录密码长度须为 6-20 位'],
      [{ ...ok, password: 'bm90LXJzYQ==' }, '登录密码无法解密'],
      [{ ...ok, fund_password: t.encrypt('12345a') }, '资金密码须为 6 位数字'],
      [{ ...ok, fund_password: t.encrypt('1234567') }, '资金密码须为 6 位数字'],
      [{ ...ok, fund_password: 'garbage' }, '资金密码无法解密'],
      [{ ...ok, phone: '12345678901' }, '手机号格式不正确'],
      [{ ...ok, phone: '1381234567' }, '手机号格式不正确'],
      [{ ...ok, status: undefined }, '状态不能为空'],
      [{ ...ok, status: 2 }, '状态不能大于 1'],
      [{ ...ok, level_id: 999999 }, '会员等级不存在'],
      [{ ...ok, level_id: 'x' }, '会员等级格式不正确'],
      [{ ...ok, agent_id: notAgent }, '所属代理不存在或不是代理'],
      [{ ...ok, agent_id: 999999 }, '所属代理不存在或不是代理'],
      [{ ...ok, nickname: 'x'.repeat(33) }, '昵称长度不能超过 32 个字符'],
      [{ ...ok, remark: 'x'.repeat(201) }, '备注长度不能超过 200 个字符'],
    ]
    for (const [body, msg] of cases) {
      const r = await t.post(`${URL}/create`, token, body)
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(r.msg).toContain(msg)
      expect(r.data?.field, msg).toBeTruthy()
    }
    expect(await count(t, 'members')).toBe(before)
    expect(await opRows(t, `${URL}/create`)).toHaveLength(0)
  })

  it('refuses a username taken in any letter case (409), in this product only', async () => {
    await member(t, 'LiSi_88')
    await member(t, 'wangwu', {}, 'beta')
    for (const username of ['LiSi_88', 'lisi_88', 'LISI_88']) {
      const r = await t.post(`${URL}/create`, token, { username, password: t.encrypt('123456'), status: 1 })
      expect([r.status, r.msg]).toEqual([409, `用户名 ${username} 已存在`])
    }
    expect((await t.post(`${URL}/create`, token, { username: 'WangWu', password: t.encrypt('123456'), status: 1 })).code).toBe(200)
    expect(await count(t, 'members where product = $1', [P])).toBe(2)
    expect(await opRows(t, `${URL}/create`)).toHaveLength(1)
  })

  it('lets exactly one of several simultaneous registrations of a name through; the others are 409, never 500', async () => {
    const names = ['Racer_1', 'racer_1', 'RACER_1', 'rAcEr_1', 'racer_1']
    const answers = await Promise.all(names.map((username) =>
      t.post(`${URL}/create`, token, { username, password: t.encrypt('123456'), status: 1 })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409])
    for (const a of answers.filter((x) => x.status === 409)) expect(a.msg).toMatch(/^用户名 \w+ 已存在$/)
    expect(await count(t, `members where lower(username) = 'racer_1'`)).toBe(1)
    expect(Number((await t.db.query<any>(`select n from member_counts where product = $1 and kind = 0`, [P])).rows[0].n)).toBe(1)
  })
})

describe('edit', () => {
  it('edits fields, keeps passwords when blank, changes them when given, and logs before/after without secrets', async () => {
    const id = (await t.post(`${URL}/create`, token, { username: 'edited', password: t.encrypt('oldpass1'), phone: '13900001111', status: 1 })).data.id
    const hash = (await row(id)).password_hash
    const r = await t.post(`${URL}/edit`, token, {
      id, username: 'Edited', password: '', nickname: '新昵称', real_name: '李四', phone: '13700002222', status: 0, remark: '改过', level_id: null,
    })
    expect(r.code).toBe(200)
    expect(r.data).toMatchObject({ id, username: 'Edited', nickname: '新昵称', real_name: '李四', phone: '13700002222', status: 0, remark: '改过' })
    expect((await row(id)).password_hash).toBe(hash)
    const [log] = await opRows(t, `${URL}/edit`)
    expect(log).toMatchObject({ action: 'U', target_ids: [String(id)] })
    expect(log.before).toMatchObject({ username: 'edited', phone: '13900001111', status: 1 })
    expect(log.after).toMatchObject({ username: 'Edited', phone: '13700002222', status: 0, changed_credentials: [] })

    await t.post(`${URL}/edit`, token, { id, username: 'Edited', password: t.encrypt('newpass2'), fund_password: t.encrypt('135790'), status: 1 })
    const now = await row(id)
    expect(await verifyPassword('newpass2', now.password_hash)).toBe(true)
    expect(await verifyPassword('135790', now.fund_password_hash)).toBe(true)
    expect(now).toMatchObject({ nickname: '新昵称', real_name: '李四', phone: '13700002222', remark: '改过' })
    const [log2] = await opRows(t, `${URL}/edit`)
    expect(log2.after.changed_credentials).toEqual(['登录密码', '资金密码'])
    const text = await logText(t, `${URL}/edit`)
    for (const secret of ['newpass2', '135790', now.password_hash, hash]) expect(text).not.toContain(secret)
  })

  it('refuses bad fields, another member’s username and unknown or other products’ ids, changing nothing', async () => {
    const a = await member(t, 'first1')
    const b = await member(t, 'second2', { nickname: '乙' })
    const cases: [Record<string, unknown>, number, string][] = [
      [{ id: b, username: 'FIRST1', status: 1 }, 409, '用户名 FIRST1 已存在'],
      [{ id: b, username: 'second2', status: 1, password: t.encrypt('123') }, 400, '登录密码长度须为 6-20 位'],
      [{ id: b, username: 'second2', status: 1, phone: '999' }, 400, '手机号格式不正确'],
      [{ id: b, status: 1 }, 400, '用户名不能为空'],
      [{ username: 'second2', status: 1 }, 400, 'ID不能为空'],
      [{ id: 999999, username: 'second2', status: 1 }, 404, '会员不存在'],
    ]
    for (const [body, status, msg] of cases) {
      const r = await t.post(`${URL}/edit`, token, body)
      expect([r.status, r.msg], msg).toEqual([status, expect.stringContaining(msg)])
    }
    expect((await row(b)).username).toBe('second2')
    expect(await opRows(t, `${URL}/edit`)).toHaveLength(0)
    // Renaming to the same name in another case is the member's own name.
    expect((await t.post(`${URL}/edit`, token, { id: a, username: 'First1', status: 1 })).data.username).toBe('First1')
  })

  it('keeps the agent chain acyclic and moves the whole team with a member', async () => {
    // top → a → b → c, and another agent x.
    const top = await member(t, 'topagent'); await makeAgent(t, top)
    const a = await member(t, 'agent_a', { agent_id: top }); await makeAgent(t, a)
    const b = await member(t, 'agent_b', { agent_id: a }); await makeAgent(t, b)
    const c = await member(t, 'member_c', { agent_id: b }); await makeAgent(t, c)
    const x = await member(t, 'agent_x'); await makeAgent(t, x)
    expect((await row(c)).agent_path).toEqual([top, a, b])

    const own = await t.post(`${URL}/edit`, token, { id: a, username: 'agent_a', agent_id: a, status: 1 })
    expect([own.status, own.msg, own.data]).toEqual([400, '会员不能是自己的代理', { field: 'agent_id' }])
    for (const below of [b, c]) {
      const r = await t.post(`${URL}/edit`, token, { id: a, username: 'agent_a', agent_id: below, status: 1 })
      expect([r.status, r.msg]).toEqual([400, '不能把会员挂到自己的下级代理名下'])
    }
    expect((await row(a)).agent_id).toBe(top)

    // Moving a under x moves b and c along; their direct agents stay.
    expect((await t.post(`${URL}/edit`, token, { id: a, username: 'agent_a', agent_id: x, status: 1 })).data).toMatchObject({ agent_id: x, agent_name: 'agent_x' })
    expect((await row(a)).agent_path).toEqual([x])
    expect(await row(b)).toMatchObject({ agent_id: a, agent_path: [x, a] })
    expect(await row(c)).toMatchObject({ agent_id: b, agent_path: [x, a, b] })
    // Now top may go under c (it is no longer above it), and c's team path is top's.
    expect((await t.post(`${URL}/edit`, token, { id: top, username: 'topagent', agent_id: c, status: 1 })).code).toBe(200)
    expect((await row(top)).agent_path).toEqual([x, a, b, c])
    // And to no agent at all: the team's paths start at a.
    expect((await t.post(`${URL}/edit`, token, { id: a, username: 'agent_a', agent_id: null, status: 1 })).data.agent_id).toBeNull()
    expect((await row(a)).agent_path).toEqual([])
    expect((await row(top)).agent_path).toEqual([a, b, c])
    expect((await row(x)).agent_path).toEqual([])
  })

  it('never closes a loop when two agents are put under each other at the same time', async () => {
    const pairs: [number, number][] = []
    for (let i = 0; i < 4; i++) {
      const p = await member(t, `loop_p${i}`); await makeAgent(t, p)
      const q = await member(t, `loop_q${i}`); await makeAgent(t, q)
      await member(t, `loop_r${i}`, { agent_id: q })
      pairs.push([p, q])
    }
    const names = new Map<number, string>()
    for (const r of (await t.db.query<any>('select id, username from members')).rows) names.set(r.id, r.username)
    const answers = await Promise.all(pairs.flatMap(([p, q]) => [
      t.post(`${URL}/edit`, token, { id: p, username: names.get(p), agent_id: q, status: 1 }),
      t.post(`${URL}/edit`, token, { id: q, username: names.get(q), agent_id: p, status: 1 }),
    ]))
    for (let i = 0; i < pairs.length; i++) {
      expect(answers.slice(2 * i, 2 * i + 2).map((a) => a.status).sort()).toEqual([200, 400])
    }
    // Every path is its agent's path plus the agent, and nobody is above itself.
    const rows = (await t.db.query<any>('select id, agent_id, agent_path from members')).rows
    const byId = new Map(rows.map((r) => [r.id, r]))
    for (const r of rows) {
      expect(r.agent_path).not.toContain(r.id)
      expect(r.agent_path).toEqual(r.agent_id === null ? [] : [...byId.get(r.agent_id).agent_path, r.agent_id])
    }
  })

  it('refuses turning off is_agent while members are under it (409), and allows it afterwards', async () => {
    const ag = await member(t, 'daili'); await makeAgent(t, ag)
    const m = await member(t, 'xiaji', { agent_id: ag })
    const r = await t.post(`${URL}/edit`, token, { id: ag, username: 'daili', is_agent: false, status: 1 })
    expect([r.status, r.msg]).toEqual([409, '该代理名下还有 1 个会员，请先调整他们的代理'])
    expect((await row(ag)).is_agent).toBe(true)
    await t.post(`${URL}/edit`, token, { id: m, username: 'xiaji', agent_id: null, status: 1 })
    expect((await t.post(`${URL}/edit`, token, { id: ag, username: 'daili', is_agent: false, status: 1 })).data.is_agent).toBe(false)
    expect((await t.post(`${URL}/edit`, token, { id: m, username: 'xiaji', is_agent: true, status: 1 })).data.is_agent).toBe(true)
  })
})

describe('delete', () => {
  it('deletes members without money history, their accounts and cards, and logs them', async () => {
    const a = await member(t, 'del_a')
    const b = await member(t, 'del_b')
    await t.db.query(`insert into member_cards (product, member_id, holder, bank_name, card_no) values ($1, $2, 'x', 'y', '6222020000000000')`, [P, a])
    const r = await t.post(`${URL}/delete`, token, { ids: [a, b] })
    expect(r.data).toEqual({ ids: [a, b] })
    expect(await count(t, 'members where id = any($1)', [[a, b]])).toBe(0)
    expect(await count(t, 'ledger_accounts where owner_id = any($1) and kind < 4', [[a, b]])).toBe(0)
    expect(await count(t, 'member_cards where member_id = $1', [a])).toBe(0)
    expect(Number((await t.db.query<any>(`select n from member_counts where product = $1 and kind = 0`, [P])).rows[0].n)).toBe(0)
    const [log] = await opRows(t, `${URL}/delete`)
    expect(log).toMatchObject({ action: 'D', target_ids: [String(a), String(b)], before: [{ id: a, username: 'del_a' }, { id: b, username: 'del_b' }] })
  })

  it('refuses members with a balance, money history, money records or members under them (409), deleting none', async () => {
    const rich = await member(t, 'rich')
    await credit(t, rich, 500)
    const spent = await member(t, 'spent')
    await credit(t, spent, 300)
    await credit(t, spent, -300, 1)
    const frozen = await member(t, 'frozen')
    await credit(t, frozen, 200)
    await freeze(t, frozen, 200)
    const pending = await member(t, 'pending')
    await t.db.query(`insert into recharges (product, order_no, member_id, amount, source, status) values ($1, 'R1', $2, 100, 0, 3)`, [P, pending])
    const lead = await member(t, 'lead'); await makeAgent(t, lead)
    await member(t, 'follower', { agent_id: lead })
    const free = await member(t, 'free')
    const cases: [number, string][] = [
      [rich, 'rich 有资金记录或余额，不能删除，请改为禁用'],
      [spent, 'spent 有资金记录或余额，不能删除，请改为禁用'],
      [frozen, 'frozen 有资金记录或余额，不能删除，请改为禁用'],
      [pending, 'pending 有资金记录或余额，不能删除，请改为禁用'],
      [lead, 'lead 名下还有会员，不能删除，请改为禁用'],
    ]
    for (const [id, msg] of cases) {
      const r = await t.post(`${URL}/delete`, token, { ids: [free, id] })
      expect([r.status, r.msg]).toEqual([409, msg])
    }
    const both = await t.post(`${URL}/delete`, token, { ids: [rich, spent] })
    expect(both.msg).toBe('rich、spent 有资金记录或余额，不能删除，请改为禁用')
    expect((await t.post(`${URL}/delete`, token, { ids: [free, 999999] })).status).toBe(404)
    expect(await count(t, 'members where id = $1', [free])).toBe(1)
    expect(await opRows(t, `${URL}/delete`)).toHaveLength(0)
    expect((await checkLedger(t.db)).ok).toBe(true)
  })
})

describe('show', () => {
  it('answers the full phone with counts and totals and the latest balance changes, logged as R', async () => {
    const id = await member(t, 'shown', { phone: '13812345678', real_name: '王五' })
    await t.db.query(`insert into member_cards (product, member_id, holder, bank_name, card_no) values ($1, $2, '王五', 'y', '6222020000000000')`, [P, id])
    await credit(t, id, 100_000)
    await credit(t, id, 50_050, 12)
    await credit(t, id, -30_000, 1)
    await credit(t, id, -20_000, 1)
    await credit(t, id, 20_000, 1)
    await credit(t, id, 45_000, 3)
    await freeze(t, id, 10_000)
    // Paid, rejected and under review: only the paid one is a withdrawal.
    for (const status of [1, 2, 3]) await withdrawalUnderReview(t, id, {}, status)
    const r = await t.get(`${URL}/show`, token, { id })
    expect(r.data).toMatchObject({
      id, phone: '13812345678', balance: '1550.50', frozen: '100.00',
      summary: { card_count: 1, wallet_count: 0, recharge_count: 2, recharge_total: '1500.50', withdraw_count: 1, withdraw_total: '100.00',
        bet_count: 1, bet_total: '300.00', payout_total: '450.00', win_loss: '150.00' },
    })
    expect(r.data.recent_changes.map((c: any) => [c.type, c.amount, c.before, c.after])).toEqual([
      [4, '-100.00', '1650.50', '1550.50'], [3, '450.00', '1200.50', '1650.50'], [1, '200.00', '1000.50', '1200.50'], [1, '-200.00', '1200.50', '1000.50'],
      [1, '-300.00', '1500.50', '1200.50'], [12, '500.50', '1000.00', '1500.50'], [2, '1000.00', '0.00', '1000.00'],
    ])
    const [log] = await opRows(t, `${URL}/show`)
    expect(log).toMatchObject({ action: 'R', target_ids: [String(id)], admin_name: 'admin' })
    expect((await t.get(`${URL}/show`, token, { id: 999999 })).status).toBe(404)
    expect((await t.get(`${URL}/show`, token, {})).msg).toBe('ID不能为空')
  })
})

describe('access', () => {
  it('refuses callers without the menu (403) and answers 404 for another product’s member', async () => {
    const id = await member(t, 'scoped')
    const kefu = await t.login('kefu')
    expect((await t.get(`${URL}/index`, kefu)).code).toBe(200)
    expect((await t.get(`${URL}/show`, kefu, { id })).code).toBe(200)
    const caiwu = await t.login('caiwu')
    const calls = [
      () => t.get(`${URL}/index`, caiwu), () => t.get(`${URL}/show`, caiwu, { id }),
      () => t.post(`${URL}/create`, caiwu, { username: 'nope1', password: t.encrypt('123456'), status: 1 }),
      () => t.post(`${URL}/edit`, caiwu, { id, username: 'scoped', status: 0 }), () => t.post(`${URL}/delete`, caiwu, { ids: [id] }),
    ]
    for (const call of calls) expect((await call()).status).toBe(403)
    // Every money form picks members, so 财务 may ask for suggestions; an admin with no such screen may not.
    expect((await t.post(`${URL}/suggest`, caiwu, { username: 'sco' })).data.map((m: any) => m.id)).toEqual([id])
    expect((await t.post(`${URL}/suggest`, await homeOnlyToken(t), { username: 'sco' })).status).toBe(403)

    await switchTo(t, token, 'beta')
    expect((await t.get(`${URL}/show`, token, { id })).status).toBe(404)
    expect((await t.post(`${URL}/edit`, token, { id, username: 'scoped', status: 0 })).status).toBe(404)
    expect((await t.post(`${URL}/delete`, token, { ids: [id] })).status).toBe(404)
    expect((await t.get(`${URL}/index`, token)).data.items).toEqual([])
    expect((await t.post(`${URL}/suggest`, token, { username: 'sco' })).data).toEqual([])
    expect(await row(id)).toMatchObject({ username: 'scoped', status: 1 })
    expect(await opRows(t, `${URL}/edit`)).toHaveLength(0)
  })
})

describe('trial members', () => {
  it('get the 试玩金额 setting as play money from the trial pool and stay out of real lists', async () => {
    await t.db.query(`update settings set value = '88.80' where product = $1 and key = 'trial_balance'`, [P])
    const trial = (await registerMember(t.db, P, { username: 'shiwan01', kind: 2 })).id
    const real = await member(t, 'shiwan02')
    expect(await balancesOf(t.db, P, trial)).toEqual({ 1: 8880, 2: 0, 3: 0 })
    const acct = (await t.db.query<any>('select money from ledger_accounts where owner_id = $1 and kind = 1', [trial])).rows[0]
    expect(acct.money).toBe(MONEY.trial)
    const [change] = (await t.db.query<any>('select * from balance_changes where member_id = $1', [trial])).rows
    expect(change).toMatchObject({ type: 104, amount: 8880, before: 0, after: 8880, money: MONEY.trial })
    const list = (await t.get(`${URL}/index`, token)).data
    expect(list.items.map((m: any) => m.id)).toEqual([real])
    expect(list).toMatchObject({ total: 1, balance_stat: { balance: '0.00', frozen: '0.00', interest_balance: '0.00' } })
    expect((await t.get(`${URL}/index`, token, { username: 'shiwan' })).data.total).toBe(1)
    expect((await t.post(`${URL}/suggest`, token, { username: 'shiwan' })).data.map((m: any) => m.id)).toEqual([real])
    expect((await t.get(`${URL}/show`, token, { id: trial })).status).toBe(404)
    expect((await t.post(`${URL}/edit`, token, { id: trial, username: 'shiwan01', status: 0 })).status).toBe(404)
    expect((await checkLedger(t.db)).ok).toBe(true)
  })
})
