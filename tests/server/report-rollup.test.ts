// The report rollups against a recomputation from the raw records: random activity of every kind of movement over
// several days and agents (registrations, recharges, stakes, payouts, refunds, withdrawals paid, gifts, adjustments,
// interest), members moved between agents and made agents; virtual and trial money never counts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { transfer, transferBatch, type BatchLeg } from '../../src/server/ledger/ledger'
import { editMember, registerMember } from '../../src/server/member/member-write'
import { rollupDays } from '../../src/server/report/read'
import { rebuildReports, recomputeDays } from '../../src/server/report/recompute'
import { KIND, MONEY, TRANSFER } from '../../src/contract/ledger'
import { rng } from '../../src/server/sim/rng'

let t: TestApp
beforeEach(async () => { t = await makeApp() })
afterEach(async () => { await t.close() })

const P = 'alpha'
const DAY = 86_400_000
const FROM = '2026-11-01'
const TO = '2026-11-30'

describe('report rollups', () => {
  it('equal the figures recomputed from the records, for the product and every team, after random activity', async () => {
    const r = rng(99)
    const base = Date.parse('2026-11-10T12:00:00+08:00')
    const at = (day: number) => new Date(base + day * DAY + r.int(0, 36_000) * 1000)
    const agents: number[] = []
    const members: number[] = []
    const reg = async (agent: number | null, day: number, isAgent = false) => {
      const { id } = await registerMember(t.db, P, { username: `rp${members.length}x${r.int(100, 999)}`, agent_id: agent, at: at(day) })
      if (isAgent) {
        await editMember(t.db, P, id, { username: (await t.db.query<any>('select username from members where id = $1', [id])).rows[0].username, is_agent: true })
        agents.push(id)
      }
      members.push(id)
      return id
    }
    await reg(null, 0, true)
    await reg(agents[0], 0, true)
    await reg(null, 1, true)
    for (let i = 0; i < 25; i++) await reg(r.chance(0.8) ? r.pick(agents) : null, r.int(0, 5))
    const { id: virtual } = await registerMember(t.db, P, { username: 'rp_virtual', kind: 1 })
    const { id: trial } = await registerMember(t.db, P, { username: 'rp_trial', kind: 2 })

    let k = 0
    const move = (m: number, day: number, type: number, from: { kind: number; owner?: number }, to: { kind: number; owner?: number }, amount: number, money: 0 | 1 | 2 = 0) =>
      t.db.tx((tx) => transfer(tx, { key: `rp:${k++}`, product: P, money, type, from: from as never, to: to as never, amount, at: at(day) }))
    for (let day = 0; day < 6; day++) {
      for (const m of members) {
        if (!r.chance(0.6)) continue
        await move(m, day, r.pick([TRANSFER.recharge, TRANSFER.walletRecharge]), { kind: KIND.cashIn }, { kind: KIND.available, owner: m }, r.int(100, 5000) * 100)
        const stake = r.int(1, 50) * 100
        await move(m, day, TRANSFER.bet, { kind: KIND.available, owner: m }, { kind: KIND.gaming }, stake)
        if (r.chance(0.5)) await move(m, day, TRANSFER.payout, { kind: KIND.gaming }, { kind: KIND.available, owner: m }, stake * 2)
        if (r.chance(0.2)) await move(m, day, TRANSFER.bet, { kind: KIND.gaming }, { kind: KIND.available, owner: m }, stake)
        if (r.chance(0.3)) await move(m, day, TRANSFER.gift, { kind: KIND.promotions }, { kind: KIND.available, owner: m }, r.int(1, 20) * 100)
        if (r.chance(0.2)) await move(m, day, TRANSFER.manualAdd, { kind: KIND.adjustments }, { kind: KIND.available, owner: m }, 1000)
        if (r.chance(0.2)) await move(m, day, TRANSFER.manualSub, { kind: KIND.available, owner: m }, { kind: KIND.adjustments }, 500)
        if (r.chance(0.3)) {
          await move(m, day, TRANSFER.withdraw, { kind: KIND.available, owner: m }, { kind: KIND.frozen, owner: m }, 2000)
          await move(m, day, TRANSFER.withdrawPaid, { kind: KIND.frozen, owner: m }, { kind: KIND.cashOut }, 1900)
          await move(m, day, TRANSFER.withdrawFee, { kind: KIND.frozen, owner: m }, { kind: KIND.fees }, 100)
        }
        if (r.chance(0.2)) {
          await move(m, day, TRANSFER.investIn7, { kind: KIND.available, owner: m }, { kind: KIND.interest, owner: m }, 1000)
          await move(m, day, TRANSFER.investOut, { kind: KIND.interest, owner: m }, { kind: KIND.available, owner: m }, 1000)
          await move(m, day, TRANSFER.investOut, { kind: KIND.interestPaid }, { kind: KIND.available, owner: m }, 12)
        }
      }
      // A settlement-like batch of payouts, as the lottery pays winners.
      const winners = members.filter(() => r.chance(0.3))
      const legs: BatchLeg[] = winners.map((m, i) => ({ key: `rp:batch:${day}:${i}`, from: { kind: KIND.gaming }, to: { kind: KIND.available, owner: m }, amount: r.int(1, 30) * 100, type: TRANSFER.payout }))
      await t.db.tx((tx) => transferBatch(tx, P, MONEY.real, legs, { at: at(day) }))
      // Virtual and trial money never counts.
      await move(virtual, day, 103, { kind: KIND.virtualPool }, { kind: KIND.available, owner: virtual }, 10_000, 1)
      await move(virtual, day, TRANSFER.bet, { kind: KIND.available, owner: virtual }, { kind: KIND.gaming }, 5000, 1)
      await move(trial, day, TRANSFER.bet, { kind: KIND.available, owner: trial }, { kind: KIND.gaming }, 100, 2)
    }
    // Teams change after the fact: a member moves to another agent, and a member becomes an agent with history.
    const mover = members.find((m) => !agents.includes(m))!
    const uname = async (id: number) => (await t.db.query<any>('select username from members where id = $1', [id])).rows[0].username
    // (Usernames read before each transaction: PGlite's one connection would wait on itself inside one.)
    const moverName = await uname(mover)
    await t.db.tx((tx) => editMember(tx, P, mover, { username: moverName, agent_id: agents[2] }))
    const promoted = members.find((m) => !agents.includes(m) && m !== mover)!
    const promotedName = await uname(promoted)
    await t.db.tx((tx) => editMember(tx, P, promoted, { username: promotedName, is_agent: true }))
    agents.push(promoted)
    const subName = await uname(agents[1])
    await t.db.tx((tx) => editMember(tx, P, agents[1], { username: subName, agent_id: agents[2] }))

    const expectSame = async (scope?: number) => {
      const rolled = await rollupDays(t.db, P, FROM, TO, scope ?? 0)
      const fresh = await recomputeDays(t.db, P, FROM, TO, scope)
      const byDay = new Map(fresh.map((d) => [d.day, d]))
      for (const d of rolled) {
        const f = byDay.get(d.day)
        if (!f) expect(Object.entries(d).filter(([k, v]) => k !== 'day' && v !== 0), `${scope}:${d.day}`).toEqual([])
        else expect(d, `${scope}:${d.day}`).toEqual(f)
      }
      return rolled
    }
    const all = await expectSame()
    expect(all.reduce((n, d) => n + d.register_count, 0)).toBe(members.length)
    expect(all.reduce((n, d) => n + d.bet_amount, 0)).toBeGreaterThan(0)
    for (const a of agents) await expectSame(a)
    // A rebuild from the records gives the same rollups, and every member the same first recharge time.
    const firsts = `select id, first_recharge_at from members where product = $1 order by id`
    const before = JSON.stringify(await Promise.all([0, ...agents].map((s) => rollupDays(t.db, P, FROM, TO, s))))
    const firstBefore = (await t.db.query(firsts, [P])).rows
    expect(firstBefore.filter((m) => m.first_recharge_at).length).toBeGreaterThan(5)
    await t.db.query(`update members set first_recharge_at = null where product = $1`, [P])
    await t.db.tx((tx) => rebuildReports(tx, P))
    expect(JSON.stringify(await Promise.all([0, ...agents].map((s) => rollupDays(t.db, P, FROM, TO, s))))).toBe(before)
    expect((await t.db.query(firsts, [P])).rows).toEqual(firstBefore)
  }, 300_000)
})
