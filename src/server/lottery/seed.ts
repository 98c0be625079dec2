// What a product's lottery starts with: the play way catalogue in five groups with sensible default odds, and three
// demo rooms (a 30-second, a one-minute and a five-minute room). Each part only when the product has none yet.
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { PLAYWAY_CODE, type PlaywayCode } from '../../contract/lottery'

/** [group, its play ways]; default odds about 97–99 % of the fair price (对子 270/1000, 顺子 48/1000, 豹子 10/1000). */
const GROUPS: [string, [PlaywayCode, string][]][] = [
  ['大小单双', [['da', '1.98'], ['xiao', '1.98'], ['dan', '1.98'], ['shuang', '1.98']]],
  ['组合', [['dadan', '4.20'], ['dashuang', '3.60'], ['xiaodan', '3.60'], ['xiaoshuang', '4.20']]],
  ['极值', [['jida', '17.00'], ['jixiao', '17.00']]],
  ['特码', [['tema', '9.80']]],
  ['形态', [['duizi', '3.50'], ['shunzi', '20.00'], ['baozi', '95.00']]],
]

interface RoomSeed { code: string; name: string; interval: number; lock: number; min: number; max: number; perIssue: number; groups: string[]; rates?: [PlaywayCode, string][] }
const ROOMS: RoomSeed[] = [
  { code: 'JS', name: '极速房', interval: 30, lock: 5, min: 100, max: 1_000_000, perIssue: 5_000_000, groups: GROUPS.map(([g]) => g) },
  { code: 'BZ', name: '标准房', interval: 60, lock: 10, min: 500, max: 5_000_000, perIssue: 20_000_000, groups: GROUPS.map(([g]) => g) },
  {
    code: 'GJ', name: '高级房', interval: 300, lock: 30, min: 10_000, max: 20_000_000, perIssue: 100_000_000, groups: ['大小单双', '组合', '特码'],
    rates: [['da', '1.99'], ['xiao', '1.99'], ['dan', '1.99'], ['shuang', '1.99']],
  },
]

export async function seedLottery(db: Queryable, product: string): Promise<void> {
  if (!(await one(db, 'select 1 from lottery_playgroups where product = $1 limit 1', [product]))) {
    let sort = 0
    for (const [name] of GROUPS) {
      await db.query('insert into lottery_playgroups (product, name, sort) values ($1, $2, $3)', [product, name, (sort += 10)])
    }
  }
  if (!(await one(db, 'select 1 from lottery_playways where product = $1 limit 1', [product]))) {
    let sort = 0
    for (const [group, ways] of GROUPS) {
      for (const [code, rate] of ways) {
        await db.query(
          `insert into lottery_playways (product, code, name, group_id, rate, sort)
           values ($1, $2, $3, (select id from lottery_playgroups where product = $1 and name = $4), $5::numeric, $6)`,
          [product, code, PLAYWAY_CODE[code], group, rate, (sort += 10)])
      }
    }
  }
  if (!(await one(db, 'select 1 from lottery_rooms where product = $1 limit 1', [product]))) {
    let sort = 0
    for (const r of ROOMS) {
      const groups = (await many<{ id: number }>(db, 'select id from lottery_playgroups where product = $1 and name = any($2::text[]) order by sort',
        [product, r.groups])).map((g) => g.id)
      const room = await one<{ id: number }>(db,
        `insert into lottery_rooms (product, code, name, interval, lock, min_stake, max_stake, max_issue_stake, group_ids, sort)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
        [product, r.code, r.name, r.interval, r.lock, r.min, r.max, r.perIssue, groups, (sort += 10)])
      for (const [code, rate] of r.rates ?? []) {
        await db.query(
          `insert into lottery_room_rates (room_id, playway_id, rate)
           select $1, id, $3::numeric from lottery_playways where product = $2 and code = $4`, [room!.id, product, rate, code])
      }
    }
  }
}
