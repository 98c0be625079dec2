// The draw scheduler in one instance (PGlite and PostgreSQL): it makes the coming issues of open rooms, opens due ones
// from their seeds and settles them; a room changed through the API reaches it by notification (Db.listen); a
// settlement that fails is set aside and retried while the others go on.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { available, bet, issue, ledgerOk, player, playwayId, roomId, rows } from './lottery-fixtures'
import { startScheduler } from '../../src/server/lottery/scheduler'
import { ROOMS_CHANNEL, runtime } from '../../src/server/lottery/runtime'
import { drawDigits } from '../../src/server/lottery/fair'

let t: TestApp
let token: string
let scheduler: { stop: () => Promise<void> } | null = null
beforeEach(async () => { t = await makeApp(); token = await t.login() })
afterEach(async () => { await scheduler?.stop(); scheduler = null; await t.close() })

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 100 })

describe('the scheduler', () => {
  it('makes coming issues, opens due ones from their seeds and settles them', async () => {
    const room = await roomId(t, 'GJ')
    const i = await issue(t, room, 2, 1)
    const m = await player(t, 0, 1000_00)
    await bet(t, { member_id: m.id, room_id: room, issue_id: i.id, playway_id: await playwayId(t, 'da'), amount: 100_00 })
    await bet(t, { member_id: m.id, room_id: room, issue_id: i.id, playway_id: await playwayId(t, 'xiao'), amount: 100_00 })
    scheduler = startScheduler(t.db, { tickMs: 100 })
    await poll(async () => (await rows(t, 'select status from lottery_issues where id = $1', [i.id]))[0].status).toBe(3)
    const [row] = await rows(t, `select seed, array_to_string(result, ',') as result, is_manual from lottery_issues where id = $1`, [i.id])
    expect(row.result).toBe(drawDigits(row.seed, i.issue_no).digits.join(','))
    // One of 大/小 won at the room's 1.99: 200 元 staked, 199 元 paid back.
    expect(await available(t, m.id)).toBe(1000_00 - 200_00 + 199_00)
    // Every open room of both products has its coming issues.
    const coming = await rows(t, `select r.code, r.product, count(i.id)::int as n from lottery_rooms r
      left join lottery_issues i on i.room_id = r.id and i.status = 1 and i.open_at > now() group by r.code, r.product order by r.product, r.code`)
    expect(coming.every((c) => c.n >= 2)).toBe(true)
    expect(await ledgerOk(t.db)).toBe('ok')
  })

  it('hears of room changes through notifications and reloads', async () => {
    const heard: string[] = []
    const stop = await t.db.listen(ROOMS_CHANNEL, (p) => heard.push(p))
    scheduler = startScheduler(t.db, { tickMs: 100 })
    await poll(async () => runtime.rooms.size).toBe(6)
    const groups = (await rows(t, `select id from lottery_playgroups where product = 'alpha' order by sort`)).map((g) => g.id)
    const r = await t.post('/api/room/create', token, { code: 'NEW', name: '新房间', interval: 45, lock: 5, min_stake: '1', max_stake: '10', max_issue_stake: '100', group_ids: groups, status: 1 })
    expect(r.code).toBe(200)
    await poll(async () => heard.length).toBeGreaterThan(0)
    expect(heard[0]).toBe('')
    await poll(async () => runtime.rooms.get(r.data.id)?.interval).toBe(45)
    await poll(async () => (await rows(t, 'select count(*)::int as n from lottery_issues where room_id = $1', [r.data.id]))[0].n).toBeGreaterThan(5)
    await stop()
  })

  it('sets a failing settlement aside and settles the other draws', async () => {
    const room = await roomId(t, 'BZ')
    const bad = await issue(t, room, 1, 0)
    const good = await issue(t, room, 1, 0)
    // A trigger makes settling this one issue fail, as a bug or a broken row would.
    await t.db.query(`update lottery_issues set open_at = now() - interval '1 minute' where id = $1`, [bad.id])
    await t.db.query(`create function lottery_test_fail() returns trigger language plpgsql as $$ begin
      if new.id = ${bad.id} and new.status = 3 then raise exception 'boom'; end if; return new; end $$`)
    await t.db.query(`create trigger lottery_test_fail before update on lottery_issues for each row execute function lottery_test_fail()`)
    const warned: unknown[] = []
    scheduler = startScheduler(t.db, { tickMs: 100, log: { info: () => undefined, warn: (o) => warned.push(o) } })
    await poll(async () => (await rows(t, 'select status from lottery_issues where id = $1', [good.id]))[0].status).toBe(3)
    expect((await rows(t, 'select status from lottery_issues where id = $1', [bad.id]))[0].status).toBe(2)
    expect(warned.length).toBeGreaterThan(0)
  })
})
