// The rollups' upkeep per movement: the ledger's transfer queues the movement's delta and report_register applies its
// own, on a generic plan (made once per connection, not re-planned for every movement; migrations 014, 015); the
// queue is folded once per delta, by readers and by concurrent folds alike, and the figures stay those a recomputation
// from the records gives. What it costs is measured by `npm run bench report`, never asserted here.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { transfer } from '../../src/server/ledger/ledger'
import { editMember, registerMember } from '../../src/server/member/member-write'
import { rollupDays } from '../../src/server/report/read'
import { foldReports } from '../../src/server/report/fold'
import { recomputeDays } from '../../src/server/report/recompute'
import { KIND, MONEY, TRANSFER } from '../../src/contract/ledger'

let t: TestApp
beforeEach(async () => { t = await makeApp() })
afterEach(async () => { await t.close() })

const P = 'alpha'

describe('report upkeep', () => {
  it('takes a generic plan for registrations and keeps the figures of many movements on one connection', async () => {
    const conf = (await t.db.query<{ proname: string; proconfig: string[] | null }>(
      `select proname, proconfig from pg_proc where proname in ('report_transfer', 'report_register', 'report_apply') order by proname`)).rows
    expect(conf).toEqual([
      { proname: 'report_apply', proconfig: null },
      { proname: 'report_register', proconfig: ['plan_cache_mode=force_generic_plan'] },
    ]) // (report_transfer is gone: the ledger's transfer writes the delta itself, migration 033)
    const at = new Date('2026-10-05T10:00:00+08:00')
    const agent = (await registerMember(t.db, P, { username: 'up_agent', at })).id
    await editMember(t.db, P, agent, { username: 'up_agent', is_agent: true })
    const ids: number[] = []
    for (let i = 0; i < 12; i++) ids.push((await registerMember(t.db, P, { username: `up_m${i}`, agent_id: i % 2 ? agent : null, at })).id)
    let k = 0
    const move = (type: number, from: { kind: number; owner?: number }, to: { kind: number; owner?: number }, amount: number) =>
      t.db.tx((tx) => transfer(tx, { key: `up:${k++}`, product: P, money: MONEY.real, type, from: from as never, to: to as never, amount, at }))
    for (let round = 0; round < 3; round++) {
      for (const id of ids) {
        await move(TRANSFER.recharge, { kind: KIND.cashIn }, { kind: KIND.available, owner: id }, 10_000 + round)
        await move(TRANSFER.bet, { kind: KIND.available, owner: id }, { kind: KIND.gaming }, 500)
        if ((id + round) % 3 === 0) await move(TRANSFER.payout, { kind: KIND.gaming }, { kind: KIND.available, owner: id }, 900)
      }
    }
    for (const scope of [undefined, agent]) {
      const [kept] = await rollupDays(t.db, P, '2026-10-05', '2026-10-05', scope ?? 0)
      const [fresh] = await recomputeDays(t.db, P, '2026-10-05', '2026-10-05', scope)
      expect(kept).toEqual(fresh)
    }
    const [all] = await rollupDays(t.db, P, '2026-10-05', '2026-10-05')
    expect(all).toMatchObject({ register_count: 13, first_recharge_count: 12, recharge_count: 36, active_count: 12, bet_amount: 36 * 500 })
  })

  it('queues each movement and folds it exactly once, with folds running beside the movements', async () => {
    const at = new Date('2026-10-06T09:00:00+08:00')
    const ids: number[] = []
    for (let i = 0; i < 8; i++) ids.push((await registerMember(t.db, P, { username: `q_m${i}`, at })).id)
    let k = 0
    const move = (type: number, from: { kind: number; owner?: number }, to: { kind: number; owner?: number }, amount: number, when = at) =>
      t.db.tx((tx) => transfer(tx, { key: `q:${k++}`, product: P, money: MONEY.real, type, from: from as never, to: to as never, amount, at: when }))
    // Each member's first recharge (lowest transfer id) is a day later than a second one queued with it.
    const later = new Date('2026-10-07T09:00:00+08:00')
    for (const id of ids) await move(TRANSFER.recharge, { kind: KIND.cashIn }, { kind: KIND.available, owner: id }, 5_000, later)
    for (const id of ids) await move(TRANSFER.recharge, { kind: KIND.cashIn }, { kind: KIND.available, owner: id }, 7_000)
    const queued = async () => Number((await t.db.query<{ n: string }>('select count(*) as n from report_queue')).rows[0].n)
    expect(await queued()).toBe(16)
    // A fold takes at most its limit (readers call again until a call folds fewer).
    expect((await t.db.query<{ n: number }>('select report_fold(5) as n')).rows[0].n).toBe(5)
    expect(await queued()).toBe(11)
    // Stakes, payouts and refunds while folds run beside them on other connections (on PostgreSQL).
    const work = (async () => {
      for (let round = 0; round < 4; round++) {
        for (const id of ids) {
          await move(TRANSFER.bet, { kind: KIND.available, owner: id }, { kind: KIND.gaming }, 300)
          if ((id + round) % 2) await move(TRANSFER.payout, { kind: KIND.gaming }, { kind: KIND.available, owner: id }, 500)
          if (round === 3 && id % 3 === 0) await move(TRANSFER.bet, { kind: KIND.gaming }, { kind: KIND.available, owner: id }, 300)
        }
      }
    })()
    let folded = 5
    const folds = Array.from({ length: 3 }, async () => { for (let i = 0; i < 10; i++) { const n = await foldReports(t.db); folded += n } })
    await Promise.all([work, ...folds])
    const left = await queued()
    const moved = Number((await t.db.query<{ n: string }>(`select count(*) as n from ledger_transfers where key like 'q:%'`)).rows[0].n)
    expect(folded + left).toBe(moved)
    for (const day of ['2026-10-07', '2026-10-06']) {
      const [kept] = await rollupDays(t.db, P, day, day)
      const [fresh] = await recomputeDays(t.db, P, day, day)
      expect(kept, day).toEqual(fresh)
    }
    expect(await queued()).toBe(0)
    const [first] = await rollupDays(t.db, P, '2026-10-07', '2026-10-07')
    expect(first).toMatchObject({ first_recharge_count: 8, recharge_count: 8 })
    const [second] = await rollupDays(t.db, P, '2026-10-06', '2026-10-06')
    expect(second).toMatchObject({ first_recharge_count: 0, recharge_count: 8, register_count: 8, active_count: 8 })
  })
})
