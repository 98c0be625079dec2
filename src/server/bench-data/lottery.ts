// Benchmark draws and bets (`--bets 10000000 --bets-per-issue 400`): settled draws of the product's open rooms spread
// over the history, each drawn from its own seed (seeds and digits here, a few thousand draws), then the bets by
// INSERT … SELECT: outcome and payout by the play ways' rules in SQL (what settlement would write), the stake staged at
// placement and the payout at settlement (members are first given what they stake), draw figures and bet totals kept.
import type { Db, Queryable } from '../db/db'
import { many, one } from '../db/db'
import { KIND, TRANSFER } from '../../contract/ledger'
import { PRODUCT_TZ } from '../db/constants'
import type { PlaywayCode } from '../../contract/lottery'
import { drawDigits, newSeed } from '../lottery/fair'
import { slotsBetween, type Slot } from '../lottery/draw'
import type { Digits } from '../lottery/rules'
import type { BenchSection } from './section'
import { fund, memberAt, rnd, SESSION } from './stage'

const STAKES = [1, 2, 5, 10, 20, 50, 100].map((y) => y * 100)
const DRAWS_PER_INSERT = 5_000

interface Room { id: number; interval: number; lock: number; min: number; max: number; ways: { id: number; code: PlaywayCode; rate: string }[] }
interface Draw extends Slot { room: Room; seed: Buffer; hash: string; digits: Digits }

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

/** The draws: evenly spread over the history, rooms taking turns, in time order. */
function drawsOf(rooms: Room[], want: number, from: number, to: number): Draw[] {
  const draws: Draw[] = []
  for (const [k, room] of rooms.entries()) {
    const mine = Math.floor(want / rooms.length) + (k < want % rooms.length ? 1 : 0)
    const slots = slotsBetween(room.interval, from, to)
    const step = Math.max(1, Math.floor(slots.length / Math.max(1, mine)))
    for (let i = 0, n = 0; i < slots.length && n < mine; i += step, n++) {
      const { seed, hash } = newSeed()
      draws.push({ ...slots[i], room, seed, hash, digits: drawDigits(seed, slots[i].issueNo).digits })
    }
  }
  return draws.sort((a, b) => a.openAt - b.openAt)
}

/** Whether a bet wins, in SQL over the draw's sum s, distinct digits dc and straight flag: lottery/rules.ts's rules. */
const WINS = `case w.code
  when 'da' then d.s >= 14 when 'xiao' then d.s < 14 when 'dan' then d.s % 2 = 1 when 'shuang' then d.s % 2 = 0
  when 'dadan' then d.s >= 14 and d.s % 2 = 1 when 'dashuang' then d.s >= 14 and d.s % 2 = 0
  when 'xiaodan' then d.s < 14 and d.s % 2 = 1 when 'xiaoshuang' then d.s < 14 and d.s % 2 = 0
  when 'jida' then d.s >= 22 when 'jixiao' then d.s <= 5 when 'tema' then d.s = b.number
  when 'duizi' then d.dc = 2 when 'baozi' then d.dc = 1 when 'shunzi' then d.straight else false end`

export const lotterySection: BenchSection = {
  name: 'bets',
  tables: ['lottery_bets'],
  options: { bets: 100_000, 'bets-per-issue': 400 },
  async run(db: Db, o) {
    const total = o.counts.bets
    if (!total) return
    const n = o.members()
    const rooms = await roomsOf(db, o.product)
    if (!n || !rooms.length) throw new Error('bench:data bets needs members and open rooms first')
    const perIssue = Math.max(1, o.counts['bets-per-issue'])
    const end = Date.now() - 3_600_000
    // Draws from when the first member could bet (ten minutes after registering).
    const first = new Date((await one<{ at: Date }>(db, 'select min(created_at) as at from bench_members'))!.at).getTime() + 600_000
    const draws = drawsOf(rooms, Math.ceil(total / perIssue), Math.max(o.start.getTime(), first), end)
    o.log(`bets: ${total} on ${draws.length} draws of ${rooms.length} rooms, ${n} members`)
    await db.exec(`drop table if exists bench_draws; drop table if exists bench_ways;
      create unlogged table bench_draws (k int, room_id int, issue_no text, open_at timestamptz, lock int, interval int, seed text, hash text,
        d0 smallint, d1 smallint, d2 smallint, issue_id bigint);
      create unlogged table bench_ways (room_id int, k int, way_id int, code text, rate numeric)`)
    for (let i = 0; i < draws.length; i += DRAWS_PER_INSERT) {
      const g = draws.slice(i, i + DRAWS_PER_INSERT)
      await db.query(
        `insert into bench_draws (k, room_id, issue_no, open_at, lock, interval, seed, hash, d0, d1, d2)
         select $1::int + o, room, no, to_timestamp(at / 1000.0), lock, iv, seed, hash, d0, d1, d2
           from unnest($2::int[], $3::text[], $4::bigint[], $5::int[], $6::int[], $7::text[], $8::text[], $9::smallint[], $10::smallint[], $11::smallint[])
                with ordinality as s(room, no, at, lock, iv, seed, hash, d0, d1, d2, o)`,
        [i, g.map((d) => d.room.id), g.map((d) => d.issueNo), g.map((d) => d.openAt), g.map((d) => d.room.lock), g.map((d) => d.room.interval),
          g.map((d) => d.seed.toString('hex')), g.map((d) => d.hash), g.map((d) => d.digits[0]), g.map((d) => d.digits[1]), g.map((d) => d.digits[2])])
    }
    const ways = rooms.flatMap((r) => r.ways.map((w, k) => [r.id, k, w.id, w.code, w.rate] as const))
    await db.query(`insert into bench_ways select * from unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::numeric[])`,
      [0, 1, 2, 3, 4].map((c) => ways.map((w) => w[c])))
    // Settled draws (an issue number the room already has is left alone, and gets no bets).
    await db.query(
      `with ins as (
         insert into lottery_issues (product, room_id, issue_no, open_at, lock_at, status, seed, seed_hash, result, created_at, opened_at, settled_at)
         select $1, room_id, issue_no, open_at, open_at - make_interval(secs => lock), 3, decode(seed, 'hex'), hash, array[d0, d1, d2],
                open_at - make_interval(secs => interval), open_at, open_at + interval '1 second'
           from bench_draws order by k
         on conflict (room_id, issue_no) do nothing returning id, room_id, issue_no)
       update bench_draws d set issue_id = ins.id from ins where ins.room_id = d.room_id and ins.issue_no = d.issue_no`, [o.product])
    await db.exec(`create unlogged table bench_draws_k as
        select row_number() over (order by k)::int as k, d.room_id, d.issue_id, d.open_at, d.lock, d.interval, d0 + d1 + d2 as s,
               case when d0 = d1 and d1 = d2 then 1 when d0 = d1 or d1 = d2 or d0 = d2 then 2 else 3 end as dc,
               greatest(d0, d1, d2) - least(d0, d1, d2) = 2 and d0 <> d1 and d1 <> d2 and d0 <> d2 as straight,
               (select count(*) from bench_ways w where w.room_id = d.room_id)::int as nways, r.min_stake, r.max_stake
          from bench_draws d join lottery_rooms r on r.id = d.room_id where d.issue_id is not null;
      drop table bench_draws; alter table bench_draws_k rename to bench_draws; alter table bench_draws add primary key (k); analyze bench_draws`)
    const made = Number((await one<{ n: number }>(db, 'select count(*)::int as n from bench_draws'))!.n)
    const want = Math.min(total, made * perIssue)
    const base = Number((await one<{ n: string }>(db, `select nextval('lottery_bets_id_seq') - 1 as n`))!.n)
    const s = o.seed + 40
    // A bet is placed between the draw's start and its lock by a member registered by then (else the first member).
    await db.tx(async (tx) => { await tx.query(`set local work_mem = '256MB'`); await tx.query(
      `with g as (
         select g, d.*, d.open_at - make_interval(secs => d.lock + 1 + ${rnd('g', s)} % greatest(1, d.interval - d.lock - 1)) as at
           from generate_series(1, $2::int) g join bench_draws d on d.k = (g - 1) / $3 + 1
       ), b as (
         select g.*, case when bm.created_at + interval '60 seconds' <= g.at then bm.id else b1.id end as m,
                ${rnd('g.g', s + 2)} % g.nways as wk, ($6::bigint[])[1 + ${rnd('g.g', s + 3)} % ${STAKES.length}] as stake,
                (${rnd('g.g', s + 4)} % 28)::smallint as number
           from g join bench_members bm on bm.n = ${memberAt('g.at', 'g.g', s + 1, '$4::timestamptz', '$5', '$7')}
           join bench_members b1 on b1.n = 1
          where least(bm.created_at, b1.created_at) + interval '60 seconds' <= g.at
       ), x as (
         select b.g, b.m, b.room_id, b.issue_id, w.way_id, w.code, case when w.code = 'tema' then b.number end as number,
                least(b.max_stake, greatest(b.min_stake, b.stake)) as amount, w.rate, b.at, b.open_at, ${WINS} as won
           from b join bench_draws d on d.k = b.k join bench_ways w on w.room_id = b.room_id and w.k = b.wk
       )
       insert into lottery_bets (id, product, money, member_id, room_id, issue_id, playway_id, code, number, amount, rate, payout, status, created_at, settled_at)
       select $8::bigint + g, $1, 0, m, room_id, issue_id, way_id, code, number, amount, rate,
              case when won then (amount * (rate * 100)::bigint + 50) / 100 else 0 end, case when won then 1 else 2 end,
              at, open_at + interval '1 second'
         from x`,
      [o.product, want, perIssue, o.start, o.span, STAKES, n, base]) })
    const hi = Number((await one<{ n: string }>(db, 'select coalesce(max(id), $1) as n from lottery_bets where id > $1', [base]))!.n)
    await db.query(`select setval('lottery_bets_id_seq', $1::bigint)`, [Math.max(hi, base + 1)])
    // The statements below read this run's id range: with statistics that is the whole table (a sequential scan), not
    // the default guess of a narrow range (an index scan over millions of rows).
    await db.exec('analyze lottery_bets')
    await fund(db, o.run, 'bets', 'select member_id, amount from lottery_bets where id > $2 and id <= $3', [base, hi])
    const ref = `'B' || to_char(created_at at time zone '${PRODUCT_TZ}', 'YYYYMMDD') || lpad(id::text, 10, '0')`
    await db.query(
      `insert into bench_legs (at, sess, step, money, from_kind, from_owner, to_kind, to_owner, amount, type, key, ref, remark)
       select created_at, ${SESSION.bets} + id, 1, 0, ${KIND.available}, member_id, ${KIND.gaming}, null, amount, ${TRANSFER.bet},
              'bet:' || id || ':stake', ${ref}, '投注' from lottery_bets where id > $1 and id <= $2
       union all
       select settled_at, ${SESSION.bets} + id, 2, 0, ${KIND.gaming}, null, ${KIND.available}, member_id, payout, ${TRANSFER.payout},
              'bet:' || id || ':payout', ${ref}, '派彩' from lottery_bets where id > $1 and id <= $2 and status = 1`, [base, hi])
    await db.query(
      `update lottery_issues i set bet_count = x.n, bet_amount = x.stake, payout_amount = x.payout
         from (select issue_id, count(*) as n, sum(amount) as stake, sum(payout) as payout from lottery_bets where id > $1 and id <= $2 group by issue_id) x
        where i.id = x.issue_id`, [base, hi])
    await db.query(
      `insert into lottery_bet_totals as t (product, money, room_id, status, slot, n, stake, payout)
       select product, money, room_id, status, 0, count(*), sum(amount), sum(payout) from lottery_bets where id > $1 and id <= $2
        group by product, money, room_id, status
       on conflict (product, money, room_id, status, slot) do update set n = t.n + excluded.n, stake = t.stake + excluded.stake, payout = t.payout + excluded.payout`,
      [base, hi])
    await db.exec('drop table bench_draws; drop table bench_ways')
    return hi - base
  },
}
