// 会员列表 and 会员详情 with the risk area: the list filters by tag and risk level along its keyset, every row carries
// its tags, risk level and withdrawal freeze as the database holds them, and the detail adds the registration device
// and the 5 newest notes; another product's member is 404 and an admin without the member menu gets 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { homeOnlyToken, member, P, switchTo } from './member-fixtures'

const URL = '/api/member'
let t: TestApp
let su: string

interface Model { id: number; username: string; tags: number[]; blocked: boolean }
let people: Model[]
let tag: Record<'watch' | 'risky' | 'black' | 'vip', number>

async function newTag(name: string, risk_level: number, more: Record<string, unknown> = {}): Promise<number> {
  const r = await t.post('/api/tag/create', su, { name, risk_level, ...more })
  expect(r.code).toBe(200)
  return r.data.id
}

/** 24 members; tags by index so each filter picks a known set (some hold none, some two). */
beforeAll(async () => {
  t = await makeApp()
  su = await t.login()
  tag = { watch: await newTag('关注', 1, { color: '#2563eb' }), risky: await newTag('高风险', 2, { color: '#ea580c' }), black: await newTag('黑名单', 3), vip: await newTag('VIP', 0, { color: '#ca8a04' }) }
  people = []
  for (let i = 1; i <= 24; i++) {
    const id = await member(t, `risk${String(i).padStart(2, '0')}`)
    const tags = [...(i % 3 === 0 ? [tag.risky] : []), ...(i % 4 === 0 ? [tag.watch] : []), ...(i === 7 || i === 22 ? [tag.black] : []), ...(i % 5 === 0 ? [tag.vip] : [])]
    if (tags.length) expect((await t.post(`${URL}/tags`, su, { member_id: id, tag_ids: tags })).code).toBe(200)
    people.push({ id, username: `risk${String(i).padStart(2, '0')}`, tags, blocked: i === 9 })
  }
  await t.db.query('update members set withdraw_blocked = true where id = $1', [people[8].id])
  people.sort((a, b) => b.id - a.id)
})
afterAll(async () => { await t.close() })

const levelOf = (m: Model) => Math.max(0, ...m.tags.map((id) => ({ [tag.watch]: 1, [tag.risky]: 2, [tag.black]: 3, [tag.vip]: 0 })[id]))

/** Every page of a filtered list, next by next, then back again by previous: the ids both ways. */
async function walk(query: Record<string, unknown>): Promise<{ down: number[]; up: number[]; rows: any[] }> {
  const pages: any[] = [await t.get(`${URL}/index`, su, { ...query, per_page: 3, username: 'risk' })]
  while (pages.at(-1)!.data.cursor_next !== null) {
    pages.push(await t.get(`${URL}/index`, su, { ...query, per_page: 3, username: 'risk', after: pages.at(-1)!.data.cursor_next }))
    expect(pages.length).toBeLessThan(20)
  }
  const rows = pages.flatMap((p) => p.data.items)
  const back: any[] = [pages.at(-1)!]
  while (back.at(-1)!.data.cursor_prev !== null) {
    back.push(await t.get(`${URL}/index`, su, { ...query, per_page: 3, username: 'risk', before: back.at(-1)!.data.cursor_prev }))
    expect(back.length).toBeLessThan(20)
  }
  return { down: rows.map((r) => r.id), up: back.reverse().flatMap((p) => p.data.items.map((r: any) => r.id)), rows }
}

describe('the member list by tag and risk level', () => {
  it('pages a risk level by cursor both ways, exactly the members whose highest tag has it', async () => {
    for (const level of [0, 1, 2, 3]) {
      const want = people.filter((m) => levelOf(m) === level).map((m) => m.id)
      const { down, up, rows } = await walk({ risk_level: level })
      expect(down).toEqual(want)
      expect(up).toEqual(want)
      expect(rows.every((r) => r.risk_level === level)).toBe(true)
    }
    expect((await t.get(`${URL}/index`, su, { risk_level: 2, username: 'risk' })).data.total).toBe(people.filter((m) => levelOf(m) === 2).length)
  })

  it('pages a tag\'s holders by cursor both ways, alone and with a risk level', async () => {
    const holders = people.filter((m) => m.tags.includes(tag.watch))
    const byTag = await walk({ tag_id: tag.watch })
    expect(byTag.down).toEqual(holders.map((m) => m.id))
    expect(byTag.up).toEqual(holders.map((m) => m.id))
    // 关注 holders whose other tag lifts them to 高风险 or above (12 and 24 hold 高风险 too).
    const both = await walk({ tag_id: tag.watch, risk_level: 2 })
    expect(both.down).toEqual(holders.filter((m) => levelOf(m) === 2).map((m) => m.id))
    expect(both.down.length).toBe(2)
  })

  it('carries on each row the tags, risk level and freeze the database holds, highest risk first', async () => {
    const listed = (await t.get(`${URL}/index`, su, { username: 'risk', per_page: 50 })).data.items
    expect(listed.map((r: any) => r.id)).toEqual(people.map((m) => m.id))
    const held = (await t.db.query<any>(
      `select m.id, m.risk_level::int as risk_level, m.withdraw_blocked,
              coalesce(json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color, 'risk_level', t.risk_level::int)
                order by t.risk_level desc, t.id) filter (where t.id is not null), '[]') as tags
         from members m left join member_tags mt on mt.member_id = m.id left join tags t on t.id = mt.tag_id
        where m.id = any($1::int[]) group by m.id order by m.id desc`, [people.map((m) => m.id)])).rows
    expect(listed.map((r: any) => ({ id: r.id, risk_level: r.risk_level, withdraw_blocked: r.withdraw_blocked, tags: r.tags }))).toEqual(held)
    // What the operator reads: risk12 holds 高风险 and 关注 (in that order), risk09 is frozen, risk07 is 黑名单.
    const row = (name: string) => listed.find((r: any) => r.username === name)
    expect(row('risk12').tags.map((x: any) => x.name)).toEqual(['高风险', '关注'])
    expect(row('risk12').tags[0].color).toBe('#ea580c')
    expect([row('risk09').withdraw_blocked, row('risk08').withdraw_blocked]).toEqual([true, false])
    expect([row('risk07').risk_level, row('risk01').risk_level, row('risk01').tags]).toEqual([3, 0, []])
  })

  it('refuses a risk level outside 0-3 and finds nobody for another product\'s tag', async () => {
    const bad = await t.get(`${URL}/index`, su, { risk_level: 4 })
    expect(bad.status).toBe(400)
    await switchTo(t, su, 'beta')
    const betaTag = await newTag('关注', 1)
    await switchTo(t, su, P)
    const other = await t.get(`${URL}/index`, su, { tag_id: betaTag })
    expect([other.code, other.data.items, other.data.total]).toEqual([200, [], 0])
  })
})

describe('the member detail', () => {
  it('carries tags, risk level, freeze, registration device and the 5 newest notes with author and time', async () => {
    const m = people.find((x) => x.username === 'risk09')!
    await t.db.query(`update members set register_device = 'dev-9a' where id = $1`, [m.id])
    const kefu = await t.login('kefu')
    for (let i = 1; i <= 7; i++) expect((await t.post(`${URL}/note`, i % 2 ? su : kefu, { member_id: m.id, text: `第${i}条备注` })).code).toBe(200)
    const show = await t.get(`${URL}/show`, su, { id: m.id })
    expect(show.code).toBe(200)
    expect(show.data).toMatchObject({ username: 'risk09', risk_level: 2, withdraw_blocked: true, register_device: 'dev-9a' })
    expect(show.data.tags).toEqual([{ id: tag.risky, name: '高风险', color: '#ea580c', risk_level: 2 }])
    expect(show.data.notes.map((n: any) => [n.text, n.admin])).toEqual([['第7条备注', 'admin'], ['第6条备注', 'kefu'], ['第5条备注', 'admin'], ['第4条备注', 'kefu'], ['第3条备注', 'admin']])
    expect(show.data.notes[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    const plain = await t.get(`${URL}/show`, su, { id: people.find((x) => x.username === 'risk01')!.id })
    expect([plain.data.tags, plain.data.notes, plain.data.risk_level, plain.data.withdraw_blocked, plain.data.register_device]).toEqual([[], [], 0, false, ''])
  })

  it('lets an admin of the member screens read the tags to pick from, never change them; a retried note is written once', async () => {
    const kefu = await t.login('kefu')
    const tags = await t.get('/api/tag/index', kefu, { per_page: 100 })
    expect([tags.code, tags.data.items.map((x: any) => x.name).sort()]).toEqual([200, ['VIP', '关注', '黑名单', '高风险'].sort()])
    expect((await t.post('/api/tag/create', kefu, { name: '客服加的', risk_level: 0 })).code).toBe(403)
    const m = people.find((x) => x.username === 'risk02')!
    const once = async () => t.post(`${URL}/note?idempotency_key=note-retry-0001`, kefu, { member_id: m.id, text: '回访两次' })
    const [a, b] = [await once(), await once()]
    expect([a.code, b.code, b.data.id]).toEqual([200, 200, a.data.id])
    expect((await t.get(`${URL}/notes`, kefu, { member_id: m.id })).data.items.map((n: any) => n.text)).toEqual(['回访两次'])
  })

  it('answers 404 for another product\'s member and 403 without the member menu', async () => {
    const beta = await member(t, 'risk_beta', {}, 'beta')
    expect((await t.get(`${URL}/show`, su, { id: beta })).status).toBe(404)
    const home = await homeOnlyToken(t)
    expect((await t.get(`${URL}/index`, home, { risk_level: 1 })).status).toBe(403)
    expect((await t.get(`${URL}/index`, home, { tag_id: tag.watch })).status).toBe(403)
    expect((await t.get(`${URL}/show`, home, { id: people[0].id })).status).toBe(403)
  })
})
