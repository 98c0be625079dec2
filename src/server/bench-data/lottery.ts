// Benchmark draws and bets (`--bets 10000000 --bets-per-issue 400`): settled draws of the product's open rooms spread
// over the history, each drawn from its own seed, and real members' bets on them by bulk SQL, with every stake and
// payout moved through the ledger's own batch (members are first given money the same way) and the bet totals and
// draw figures kept, so ledger:check and audit:verify pass and the lists read what settlement would have written.
import type { Db, Queryable } from '../db/db'
import { many, one } from '../db/db'
import { KIND, MONEY, TRANSFER } from '../../contract/ledger'
import type { PlaywayCode } from '../../contract/lottery'
import { transferBatch, type BatchLeg } from '../ledger/ledger'
import { drawDigits, newSeed } from '../lottery/fair'
import { slotsBetween, type Slot } from '../lottery/draw'
import { payoutOf, wins, type Digits } from '../lottery/rules'
import { rng } from '../sim/rng'
import type { BenchSection } from './section'

/** Bets per ledger batch (with their payouts: about 1.5 legs a bet). */
const CHUNK = 20_000
/** Each member's opening money, enough for the stakes the section gives it (tracked, so no stake is refused). */
const FUND = 20_000_00
const STAKES = [1, 2, 5, 10, 20, 50, 100].map((y) => y * 100)

interface Room { id: number; interval: number; lock: number; min: number; max: number; ways: { id: number; code: PlaywayCode; rate: string }[] }
interface Draw extends Slot { room: Room; seed: Buffer; hash: string; digits: Digits; id?: number }

const ymd = (t: number) => new Date(t + 8 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '')

async function roomsOf(db: Queryable, product: string): Promise<Room[]> {
  const rooms = await many<{ id: number; interval: number; lock: number; min_stake: number; max_stake: number }>(db,
    'select id, interval, lock, min_stake, max_stake from lottery_rooms where product = $1 and status = 1 and deleted_at is null order by sort, id', [product])
  const out: Room[] = []
  for (const r of rooms) {
    const ways = await many<{ id: number; code: PlaywayCode; rate: string }>(db,
      `select w.id, w.code, coalesce(rr.rate, w.rate)::text as rate from lottery_rooms r
         join lottery_playways w on w.product = r.product and w.group_id = any(r.group_ids) and w.status = 1
         left join lottery_room_rates rr on rr.room_id = r.id and rr.playway_id = w.id where r.id = $1 order by w.id`, [r.id])
    if (ways.length) out.push({ id: r.id, interval: r.interval, lock: r.lock, min: Number(r.min_stake), max: Number(r.max_stake), ways })
  }
  return out
}

export const lotterySection: BenchSection = {
  name: 'bets',
  options: { bets: 100_000, 'bets-per-issue': 400 },
  async run(db: Db, o) {
    const total = o.counts.bets
    if (!total) return
    const r = rng(o.seed + 3)
    const members = (await many<{ id: number }>(db, 'select id from members where product = $1 and kind = 0 and status = 1 order by id', [o.product])).map((m) => m.id)
    const rooms = await roomsOf(db, o.product)
    if (!members.length || !rooms.length) throw new Error('bench:data bets needs members and open rooms first')
    const run = Date.now().toString(36)
    const balance = new Map<number, number>()
    o.log(`bets: ${total} on ${Math.ceil(total / o.counts['bets-per-issue'])} draws of ${rooms.length} rooms, ${members.length} members`)

    // Opening money, through the ledger like a recharge.
    for (let i = 0; i < members.length; i += CHUNK) {
      const legs: BatchLeg[] = members.slice(i, i + CHUNK).map((m) => ({
        key: `bench:${run}:fund:${m}`, from: { kind: KIND.cashIn }, to: { kind: KIND.available, owner: m }, amount: FUND, type: TRANSFER.recharge, remark: '基准数据',
      }))
      await db.tx((tx) => transferBatch(tx, o.product, MONEY.real, legs, { at: new Date(Date.now() - o.days * 86_400_000) }))
    }
    for (const m of members) balance.set(m, (balance.get(m) ?? 0) + FUND)

    // The draws: evenly spread over the history, rooms taking turns, in time order.
    const perIssue = Math.max(1, o.counts['bets-per-issue'])
    const want = Math.ceil(total / perIssue)
    const end = Date.now() - 3_600_000
    const draws: Draw[] = []
    for (const [k, room] of rooms.entries()) {
      const mine = Math.floor(want / rooms.length) + (k < want % rooms.length ? 1 : 0)
      const slots = slotsBetween(room.interval, end - o.days * 86_400_000, end)
      const step = Math.max(1, Math.floor(slots.length / Math.max(1, mine)))
      for (let i = 0, n = 0; i < slots.length && n < mine; i += step, n++) {
        const { seed, hash } = newSeed()
        draws.push({ ...slots[i], room, seed, hash, digits: drawDigits(seed, slots[i].issueNo).digits })
      }
    }
    draws.sort((a, b) => a.openAt - b.openAt)

    let made = 0
    for (let d = 0; d < draws.length && made < total;) {
      const group: Draw[] = []
      const bets: { id: number; draw: Draw; member: number; way: Room['ways'][number]; number: number | null; amount: number; at: number; won: boolean; payout: number }[] = []
      while (d < draws.length && made + bets.length < total && bets.length < CHUNK) {
        const draw = draws[d++]
        group.push(draw)
        for (let i = 0; i < perIssue && made + bets.length < total; i++) {
          const member = members[r.int(0, members.length - 1)]
          const way = draw.room.ways[r.int(0, draw.room.ways.length - 1)]
          const amount = Math.min(draw.room.max, Math.max(draw.room.min, r.pick(STAKES)))
          if ((balance.get(member) ?? 0) < amount) continue
          balance.set(member, balance.get(member)! - amount)
          const number = way.code === 'tema' ? r.int(0, 27) : null
          const won = wins(way.code, draw.digits, number)
          bets.push({ id: 0, draw, member, way, number, amount, won, payout: won ? payoutOf(amount, way.rate) : 0,
            at: draw.openAt - (draw.room.lock + r.int(1, Math.max(1, draw.room.interval - draw.room.lock - 1))) * 1000 })
        }
      }
      await db.tx(async (tx) => {
        const issueIds = await many<{ id: number; issue_no: string; room_id: number }>(tx,
          `insert into lottery_issues (product, room_id, issue_no, open_at, lock_at, status, seed, seed_hash, result, created_at, opened_at, settled_at)
           select $1, s.room, s.no, to_timestamp(s.at / 1000.0), to_timestamp(s.at / 1000.0) - make_interval(secs => s.lock), 3,
                  decode(s.seed, 'hex'), s.hash, string_to_array(s.result, ',')::smallint[],
                  to_timestamp(s.at / 1000.0) - make_interval(secs => s.interval), to_timestamp(s.at / 1000.0), to_timestamp(s.at / 1000.0 + 1)
             from unnest($2::int[], $3::text[], $4::bigint[], $5::int[], $6::int[], $7::text[], $8::text[], $9::text[])
                  as s(room, no, at, lock, interval, seed, hash, result)
           on conflict (room_id, issue_no) do nothing returning id, issue_no, room_id`,
          [o.product, group.map((g) => g.room.id), group.map((g) => g.issueNo), group.map((g) => g.openAt), group.map((g) => g.room.lock),
            group.map((g) => g.room.interval), group.map((g) => g.seed.toString('hex')), group.map((g) => g.hash), group.map((g) => g.digits.join(','))])
        const byKey = new Map(issueIds.map((x) => [`${x.room_id}:${x.issue_no}`, Number(x.id)]))
        for (const g of group) g.id = byKey.get(`${g.room.id}:${g.issueNo}`)
        const kept = bets.filter((b) => b.draw.id !== undefined)
        const ids = await many<{ id: number }>(tx, `select nextval('lottery_bets_id_seq') as id from generate_series(1, $1)`, [kept.length])
        kept.forEach((b, i) => { b.id = Number(ids[i].id) })
        await tx.query(
          `insert into lottery_bets (id, product, money, member_id, room_id, issue_id, playway_id, code, number, amount, rate, payout, status, created_at, settled_at)
           select b.id, $1, 0, b.member, b.room, b.issue, b.way, b.code, b.number, b.amount, b.rate::numeric, b.payout, case when b.won then 1 else 2 end,
                  to_timestamp(b.at / 1000.0), to_timestamp(b.open / 1000.0 + 1)
             from unnest($2::bigint[], $3::int[], $4::int[], $5::bigint[], $6::int[], $7::text[], $8::smallint[], $9::bigint[], $10::text[], $11::bigint[],
                         $12::boolean[], $13::bigint[], $14::bigint[]) as b(id, member, room, issue, way, code, number, amount, rate, payout, won, at, open)`,
          [o.product, kept.map((b) => b.id), kept.map((b) => b.member), kept.map((b) => b.draw.room.id), kept.map((b) => b.draw.id), kept.map((b) => b.way.id),
            kept.map((b) => b.way.code), kept.map((b) => b.number), kept.map((b) => b.amount), kept.map((b) => b.way.rate), kept.map((b) => b.payout),
            kept.map((b) => b.won), kept.map((b) => b.at), kept.map((b) => b.draw.openAt)])
        const orderNo = (b: (typeof kept)[number]) => `B${ymd(b.at)}${String(b.id).padStart(10, '0')}`
        const legs: BatchLeg[] = [
          ...kept.map((b) => ({ key: `bet:${b.id}:stake`, from: { kind: KIND.available, owner: b.member }, to: { kind: KIND.gaming }, amount: b.amount, type: TRANSFER.bet, ref: orderNo(b), remark: '基准投注' })),
          ...kept.filter((b) => b.won).map((b) => ({ key: `bet:${b.id}:payout`, from: { kind: KIND.gaming }, to: { kind: KIND.available, owner: b.member }, amount: b.payout, type: TRANSFER.payout, ref: orderNo(b), remark: '基准派彩' })),
        ]
        await transferBatch(tx, o.product, MONEY.real, legs, { at: new Date(group[group.length - 1].openAt + 1000) })
        const lo = kept.length ? kept[0].id : 0
        const hi = kept.length ? kept[kept.length - 1].id : -1
        await tx.query(
          `update lottery_issues i set bet_count = x.n, bet_amount = x.stake, payout_amount = x.payout
             from (select issue_id, count(*) as n, sum(amount) as stake, sum(payout) as payout from lottery_bets where id between $1 and $2 group by issue_id) x
            where i.id = x.issue_id`, [lo, hi])
        await tx.query(
          `insert into lottery_bet_totals as t (product, money, room_id, status, slot, n, stake, payout)
           select product, money, room_id, status, 0, count(*), sum(amount), sum(payout) from lottery_bets where id between $1 and $2
            group by product, money, room_id, status
           on conflict (product, money, room_id, status, slot) do update set n = t.n + excluded.n, stake = t.stake + excluded.stake, payout = t.payout + excluded.payout`,
          [lo, hi])
        made += kept.length
      })
      for (const b of bets) if (b.won) balance.set(b.member, balance.get(b.member)! + b.payout)
      if (Math.floor(made / 200_000) !== Math.floor((made - bets.length) / 200_000) || made >= total) o.log(`  bets ${made}/${total}`)
    }
    const n = await one<{ n: number }>(db, 'select count(*)::int as n from lottery_bets where product = $1', [o.product])
    o.log(`  ${n!.n} bets in ${o.product}`)
    await db.exec('analyze lottery_bets; analyze lottery_issues; analyze ledger_transfers; analyze balance_changes; analyze ledger_accounts')
  },
}
