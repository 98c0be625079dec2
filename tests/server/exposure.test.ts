// 风险敞口 against a brute force written here: every real open bet of the issue evaluated against every one of the 1,000
// results with the winning rule settlement uses (rules.ts `wins`) and the payout settlement pays (stake × rate, half-up
// per bet, computed here in BigInt). Random issues with thousands of bets over every play way, rates changed between
// bets, virtual and trial bets beside (they cost the house nothing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { bet, issue, P, player, playwayId, roomId, rows } from './lottery-fixtures'
import { wins, type Digits } from '../../src/server/lottery/rules'
import { PLAYWAY_CODES, type PlaywayCode } from '../../src/contract/lottery'
import { rng } from '../../src/server/sim/rng'

let t: TestApp
let admin: string
beforeAll(async () => {
  t = await makeApp()
  admin = await t.login()
})
afterAll(async () => { await t.close() })

const RESULTS: Digits[] = Array.from({ length: 1000 }, (_, n) => [Math.floor(n / 100), Math.floor(n / 10) % 10, n % 10] as unknown as Digits)
const yuan = (c: bigint) => `${c < 0n ? '-' : ''}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, '0')}`
const payoutOfBet = (amount: bigint, rate: string) => {
  const [i, f = ''] = rate.split('.')
  return (amount * (BigInt(i) * 100n + BigInt(f.padEnd(2, '0'))) + 50n) / 100n
}

interface BetRow { member_id: number; code: PlaywayCode; number: number | null; amount: string; rate: string }

/** Per result, what the bets pay. */
function brute(bets: BetRow[]): bigint[] {
  const out = RESULTS.map(() => 0n)
  for (const b of bets) {
    const p = payoutOfBet(BigInt(b.amount), b.rate)
    RESULTS.forEach((d, r) => { if (wins(b.code, d, b.number)) out[r] += p })
  }
  return out
}
const max = (xs: bigint[]) => xs.reduce((m, x) => (x > m ? x : m), 0n)

async function randomIssue(seed: number, count: number) {
  const r = rng(seed)
  const rand = () => r.next()
  const room = await roomId(t, 'BZ')
  await t.db.query('update lottery_rooms set max_issue_stake = 99999999999 where id = $1', [room])
  const i = await issue(t, room, 600, 10)
  const ways = await rows<{ id: number; code: PlaywayCode }>(t, 'select id, code from lottery_playways where product = $1', [P])
  expect(new Set(ways.map((w) => w.code))).toEqual(new Set(PLAYWAY_CODES))
  const real = await Promise.all(Array.from({ length: 40 }, () => player(t, 0, 10_000_000_00)))
  const others = [await player(t, 1, 1_000_000_00), await player(t, 2, 1_000_000_00)]
  for (let n = 0; n < count; n++) {
    const w = ways[Math.floor(rand() * ways.length)]
    // Now and then a room rate changes: each bet keeps the rate it was placed at.
    if (n % 400 === 199) {
      await t.db.query(`insert into lottery_room_rates (room_id, playway_id, rate) values ($1, $2, $3)
        on conflict (room_id, playway_id) do update set rate = excluded.rate`, [room, w.id, (1.5 + rand() * 40).toFixed(2)])
    }
    const m = n % 50 === 7 ? others[n % 2] : real[Math.floor(rand() * rand() * real.length)]
    await bet(t, {
      member_id: m.id, room_id: room, issue_id: i.id, playway_id: w.id, amount: 500 + Math.floor(rand() * 50_000) * (rand() < 0.05 ? 10 : 1),
      number: w.code === 'tema' ? Math.floor(rand() * 28) : undefined,
    })
  }
  return i
}

describe('GET /api/issue/exposure', () => {
  it.each([[1, 2000], [2, 1200]])('equals the brute force over every bet and every result (seed %i, %i bets)', async (seed, count) => {
    const i = await randomIssue(seed, count)
    const bets = await rows<BetRow>(t, `select member_id, code, number, amount::text as amount, rate::text as rate
      from lottery_bets where issue_id = $1 and money = 0 and status = 3`, [i.id])
    expect(bets.length).toBeGreaterThan(count * 0.9)
    const pay = brute(bets)
    const stake = bets.reduce((s, b) => s + BigInt(b.amount), 0n)
    const a = (await t.get('/api/issue/exposure', admin, { id: i.id })).data
    expect(a.issue).toMatchObject({ id: i.id, issue_no: i.issue_no, status: 1 })
    expect([a.bets, a.stake]).toEqual([bets.length, yuan(stake)])
    const order = [...pay].sort((x, y) => (x > y ? -1 : x < y ? 1 : 0))
    expect(a.worst.map((w: any) => w.payout)).toEqual(order.slice(0, 10).map(yuan))
    expect(a.best.map((w: any) => w.payout)).toEqual([...order].reverse().slice(0, 3).map(yuan))
    for (const r of [...a.worst, ...a.best]) {
      const [x, y, z] = r.digits.split(',').map(Number)
      expect(yuan(pay[x * 100 + y * 10 + z])).toBe(r.payout)
      expect(r.house_net).toBe(yuan(stake - pay[x * 100 + y * 10 + z]))
    }
    expect(new Set(a.worst.map((w: any) => w.digits)).size).toBe(10)
    const bySum = Array.from({ length: 28 }, (_, s) => yuan(max(pay.filter((_, r) => RESULTS[r][0] + RESULTS[r][1] + RESULTS[r][2] === s))))
    expect(a.by_sum).toEqual(bySum.map((p, s) => ({ sum: s, payout_max: p })))
    // Each play way: its stakes and the most its own bets pay in one result.
    const codes = [...new Set(bets.map((b) => b.code))]
    expect(codes.length).toBe(PLAYWAY_CODES.length)
    const ways = Object.fromEntries(a.by_playway.map((w: any) => [w.code, w]))
    for (const code of codes) {
      const mine = bets.filter((b) => b.code === code)
      expect(ways[code]).toMatchObject({ bets: mine.length, stake: yuan(mine.reduce((s, b) => s + BigInt(b.amount), 0n)), payout_max: yuan(max(brute(mine))) })
    }
    // The members carrying the risk: the ten whose own bets could cost the most in one result.
    const members = [...new Set(bets.map((b) => b.member_id))].map((id) => ({ id, worst: max(brute(bets.filter((b) => b.member_id === id))) }))
    members.sort((x, y) => (x.worst > y.worst ? -1 : x.worst < y.worst ? 1 : 0))
    expect(a.top_members.map((m: any) => m.payout_max)).toEqual(members.slice(0, 10).map((m) => yuan(m.worst)))
    for (const m of a.top_members) expect(yuan(members.find((x) => x.id === m.member_id)!.worst)).toBe(m.payout_max)
  }, 600_000)
})
