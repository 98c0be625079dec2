// Member logins and registrations wired to the member site's domain functions: a registration records its IP and
// device, one from a banned IP or device is refused and recorded (kept even inside the site's transaction); the
// simulator's month gives 关联账号 groups by IP, device, card and wallet and a waiting withdrawal for every review flag,
// and never lists a virtual or trial account; deleting a member with notes or logins answers 409, never 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { member } from './finance-fixtures'
import { memberLogin, memberRegister } from '../../src/server/risk/logins'
import { bootstrapDemo } from '../../src/server/sim/simulator'
import { HOUSE } from '../../src/server/sim/identity'

let t: TestApp
let su: string
beforeAll(async () => {
  t = await makeApp()
  su = await t.login()
})
afterAll(async () => { await t.close() })

const rows = async (sql: string, p: unknown[] = []) => (await t.db.query<any>(sql, p)).rows

describe('registration and login', () => {
  it('records the IP and device a member registered from, and groups members by them', async () => {
    const a = await memberRegister(t.db, 'alpha', { username: 'reg_a', register_ip: '61.1.2.3', register_device: 'd-reg-home' })
    const b = await memberRegister(t.db, 'alpha', { username: 'reg_b', register_ip: '61.1.2.3', register_device: 'd-reg-other' })
    expect([a.ok, b.ok]).toEqual([true, true])
    const id = (x: typeof a) => (x.ok ? x.id : 0)
    expect(await rows('select register_ip, register_device from members where id = $1', [id(a)])).toEqual([{ register_ip: '61.1.2.3', register_device: 'd-reg-home' }])
    const groups = (await t.get('/api/member/associations', su, { member_id: id(a) })).data.items
    expect(groups.map((g: any) => [g.by, g.value, g.members.map((m: any) => m.username)])).toEqual([['ip', '61.1.2.3', ['reg_b']]])
  })

  it('refuses a registration and a login from a banned IP or device and keeps the refused attempt', async () => {
    expect((await t.post('/api/risk/ban/create', su, { by: 'ip', value: '45.9.9.9', remark: '撞库' })).code).toBe(200)
    expect((await t.post('/api/risk/ban/create', su, { by: 'device', value: 'd-farm-01', remark: '批量注册' })).code).toBe(200)
    // The member site's request runs in a transaction: the refusal is an answer, so its record commits with it.
    const byIp = await t.db.tx((tx) => memberRegister(tx, 'alpha', { username: 'reg_banned1', register_ip: '45.9.9.9', register_device: 'd-x' }))
    const byDevice = await t.db.tx((tx) => memberRegister(tx, 'alpha', { username: 'reg_banned2', register_ip: '61.5.5.5', register_device: 'd-farm-01' }))
    expect(byIp).toEqual({ ok: false, reason: 'banned_ip', message: '该 IP 已被封禁，不能注册' })
    expect(byDevice).toMatchObject({ ok: false, reason: 'banned_device' })
    expect(await rows(`select count(*)::int as n from members where username like 'reg_banned%'`)).toEqual([{ n: 0 }])
    const m = await member(t, 'login_m')
    expect(await memberLogin(t.db, 'alpha', { member_id: m, ip: '45.9.9.9', device_id: 'd-ok' })).toEqual({ ok: false, reason: 'banned_ip' })
    expect(await memberLogin(t.db, 'alpha', { member_id: m, ip: '61.5.5.6', device_id: 'd-farm-01' })).toEqual({ ok: false, reason: 'banned_device' })
    const refused = await t.get('/api/member/logins', su, { ok: 0 })
    expect(refused.code).toBe(200)
    expect(refused.data.items.map((r: any) => [r.action, r.username, r.member_id, r.reason, r.ip])).toEqual([
      ['login', 'login_m', m, 'banned_device', '61.5.5.6'], ['login', 'login_m', m, 'banned_ip', '45.9.9.9'],
      ['register', 'reg_banned2', null, 'banned_device', '61.5.5.5'], ['register', 'reg_banned1', null, 'banned_ip', '45.9.9.9'],
    ])
    expect((await t.get('/api/member/logins', su, { action: 'register' })).data.items.map((r: any) => r.username)).toEqual(['reg_banned2', 'reg_banned1'])
    expect((await t.get('/api/member/logins', su, { ip: '45.9.9.9' })).data.total).toBe(2)
  })
})

describe('deleting members with history', () => {
  it('answers 409 naming a member with notes or logins (never 500), and deletes one without, with its tags', async () => {
    const noted = await member(t, 'del_noted')
    const seen = await member(t, 'del_seen')
    const plain = await member(t, 'del_plain')
    expect((await t.post('/api/member/note', su, { member_id: noted, text: '来电投诉' })).code).toBe(200)
    await memberLogin(t.db, 'alpha', { member_id: seen, ip: '61.7.7.7', device_id: 'd-del' })
    const tag = await t.post('/api/tag/create', su, { name: '待删测试', risk_level: 1 })
    expect((await t.post('/api/member/tags', su, { member_id: plain, tag_ids: [tag.data.id] })).code).toBe(200)
    for (const [id, name] of [[noted, 'del_noted'], [seen, 'del_seen']] as const) {
      const r = await t.post('/api/member/delete', su, { ids: [id, plain] })
      expect([r.status, r.code, r.msg]).toEqual([409, 409, `${name} 有登录记录或备注，不能删除，请改为禁用`])
    }
    expect(await rows('select count(*)::int as n from members where id = any($1::int[])', [[noted, seen, plain]])).toEqual([{ n: 3 }])
    expect((await t.post('/api/member/delete', su, { ids: [plain] })).code).toBe(200)
    expect(await rows('select count(*)::int as n from member_tags where member_id = $1', [plain])).toEqual([{ n: 0 }])
    expect((await t.get('/api/tag/show', su, { id: tag.data.id })).data.member_count).toBe(0)
  })
})

describe('the simulator\'s month', () => {
  beforeAll(async () => { await bootstrapDemo(t.db, 5, ['alpha']) }, 600_000)

  it('gives 关联账号 groups by IP, device, card and wallet, never listing a virtual or trial account', async () => {
    const kinds = new Map((await rows(`select id, kind from members where product = 'alpha'`)).map((m) => [m.id, m.kind]))
    for (const by of ['ip', 'device', 'card', 'wallet']) {
      const shared = await t.get('/api/risk/shared', su, { by })
      expect(shared.code).toBe(200)
      expect(shared.data.items.length, by).toBeGreaterThan(0)
    }
    // The house's virtual accounts all log in from one office, and a trial account played from a family's home:
    // neither is a group, nor counted in one, nor listed.
    const houseShared = await rows(`select count(distinct id)::int as n from members where product = 'alpha' and register_ip = $1`, [HOUSE.ip])
    expect(houseShared[0].n).toBeGreaterThan(1)
    const ips = (await t.get('/api/risk/shared', su, { by: 'ip', per_page: 100 })).data.items
    expect(ips.map((x: any) => x.value)).not.toContain(HOUSE.ip)
    const mixed = await rows(`select m.register_ip as ip, count(*) filter (where m.kind = 0)::int as real from members m
      where m.product = 'alpha' and m.register_ip in (select register_ip from members where product = 'alpha' and kind = 2)
      group by 1 having count(*) filter (where m.kind = 0) > 1`)
    expect(mixed.length).toBeGreaterThan(0)
    expect(ips.find((x: any) => x.value === mixed[0].ip).count).toBe(mixed[0].real)
    let listed = 0
    const grouped = await rows(`select distinct member_id from member_logins where product = 'alpha' and ok and member_id is not null
      union select member_id from member_payee_history where product = 'alpha'`)
    for (const { member_id } of grouped.filter((g) => kinds.get(g.member_id) === 0)) {
      for (const g of (await t.get('/api/member/associations', su, { member_id })).data.items) {
        for (const m of g.members) { expect(kinds.get(m.id), `${g.by} ${g.value}`).toBe(0); listed += 1 }
      }
    }
    expect(listed).toBeGreaterThan(0)
    const by = new Set<string>()
    const family = await rows(`select id from members where product = 'alpha' and kind = 0 and register_ip = $1`, [mixed[0].ip])
    for (const f of family) for (const g of (await t.get('/api/member/associations', su, { member_id: f.id })).data.items) by.add(g.by)
    expect([...by].sort()).toEqual(['card', 'device', 'ip'])
    const refused = await rows(`select action, reason from member_logins where product = 'alpha' and not ok`)
    expect(refused.some((r) => r.action === 'register')).toBe(true)
    expect(refused.every((r) => ['banned_ip', 'banned_device'].includes(r.reason))).toBe(true)
  })

  it('leaves a withdrawal waiting for every review flag of the desk', async () => {
    const waiting = `withdrawals w join members m on m.id = w.member_id where w.product = 'alpha' and w.status = 3`
    const has = async (cond: string) => (await rows(`select count(*)::int as n from ${waiting} and ${cond}`))[0].n
    const flags: Record<string, string> = {
      first_withdrawal: `not exists (select 1 from withdrawals o where o.member_id = m.id and o.id <> w.id)`,
      turnover_unmet: `exists (select 1 from turnover_requirements r where r.member_id = m.id and r.done < r.required and r.waived_at is null)`,
      shared_ip: `exists (select 1 from members o where o.product = m.product and o.kind = 0 and o.id <> m.id and o.register_ip = m.register_ip)`,
      shared_device: `exists (select 1 from members o where o.product = m.product and o.kind = 0 and o.id <> m.id and o.register_device = m.register_device)`,
      shared_card: `exists (select 1 from member_payee_history h join member_payee_history o on o.product = h.product and o.what = h.what and o.value = h.value
        and o.member_id <> h.member_id where h.member_id = m.id and h.what = 'card')`,
      new_account: `m.created_at > w.created_at - interval '24 hours'`,
      big_win: `exists (select 1 from lottery_bets b where b.member_id = m.id and b.payout >= 5000000 and b.settled_at > now() - interval '7 days')`,
      risk_tag: `m.risk_level >= 2`,
      amount_over_avg: `w.amount >= 3 * (select avg(o.amount) from withdrawals o where o.member_id = m.id and o.id <> w.id)`,
    }
    const missing = []
    for (const [flag, cond] of Object.entries(flags)) if (!(await has(cond))) missing.push(flag)
    expect(missing).toEqual([])
    // The big win came from a hedge on one draw (大 and 小 with the same stake), settled like any other bet.
    const hedge = await rows(`select count(*)::int as n from lottery_bets w join lottery_bets l on l.issue_id = w.issue_id and l.member_id = w.member_id
      and l.id <> w.id and l.status = 2 and l.amount = w.amount where w.product = 'alpha' and w.payout >= 5000000`)
    expect(hedge[0].n).toBeGreaterThan(0)
  })
})
