// 风险敞口: an unsettled issue's exposure from its aggregate (one row per selection and slot, not one per bet), and the
// overview of every open room's current issue.
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { conflict, notFound } from '../errors'
import { TIME } from '../http/format'
import { centsText } from '../../contract/money'
import { PLAYWAY_CODE } from '../../contract/lottery'
import type { Exposure, ExposureRoom } from '../../contract/exposure'
import { evaluate, type Group } from './evaluate'
import { groupsOf, groupsOfIssues, topMembersOf } from './store'

const TOP_MEMBERS = 10
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0)

type Issue = Exposure['issue']

async function issueOf(db: Queryable, product: string, id: number): Promise<Issue> {
  const i = await one<Issue>(db, `select i.id::int as id, i.issue_no, i.room_id, r.name as room_name, i.status::int as status,
      ${TIME('i.open_at')} as open_at, ${TIME('i.lock_at')} as lock_at, cents_text(r.max_payout_per_issue) as max_payout_per_issue
      from lottery_issues i join lottery_rooms r on r.id = i.room_id where i.id = $1 and i.product = $2`, [id, product])
  if (!i) throw notFound('期号不存在')
  if (i.status === 3) throw conflict(`第 ${i.issue_no} 期已结算，没有风险敞口`)
  if (i.status === 4) throw conflict(`第 ${i.issue_no} 期已取消，没有风险敞口`)
  return i
}

/** Per play way: its bets, stakes and the most it can pay in one result (特码: its costliest number). */
function byPlayway(groups: Group[]): Exposure['by_playway'] {
  const codes = [...new Set(groups.map((g) => g.code))]
  return codes.map((code) => {
    const mine = groups.filter((g) => g.code === code)
    const payout = code === 'tema' ? Math.max(...mine.map((g) => g.payout)) : sum(mine.map((g) => g.payout))
    return { code, name: PLAYWAY_CODE[code], bets: sum(mine.map((g) => g.bets)), stake: sum(mine.map((g) => g.stake)), payout }
  }).sort((a, b) => b.payout - a.payout || b.stake - a.stake)
    .map(({ payout, stake, ...p }) => ({ ...p, stake: centsText(stake), payout_max: centsText(payout) }))
}

export async function exposureOf(db: Queryable, product: string, issueId: number): Promise<Exposure> {
  const issue = await issueOf(db, product, issueId)
  const groups = await groupsOf(db, issueId)
  const stake = sum(groups.map((g) => g.stake))
  const ev = evaluate(groups)
  const cost = (r: { digits: string; payout: number }) => ({ digits: r.digits, payout: centsText(r.payout), house_net: centsText(stake - r.payout) })
  return {
    issue, bets: sum(groups.map((g) => g.bets)), stake: centsText(stake),
    worst: ev.worst.map(cost), best: ev.best.map(cost),
    by_sum: ev.bySum.map((p, s) => ({ sum: s, payout_max: centsText(p) })),
    by_playway: byPlayway(groups),
    top_members: await topMembersOf(db, issueId, TOP_MEMBERS),
  }
}

/** Every open room's issue next to draw (status 待开奖), with its stakes and worst result. */
export async function exposureRooms(db: Queryable, product: string): Promise<ExposureRoom[]> {
  const rooms = await many<{ room_id: number; room_name: string; issue_id: string | null; issue_no: string | null; lock_at: string | null; cap: string }>(db,
    `select r.id as room_id, r.name as room_name, cur.id as issue_id, cur.issue_no, ${TIME('cur.lock_at')} as lock_at, r.max_payout_per_issue as cap
       from lottery_rooms r
       left join lateral (select i.id, i.issue_no, i.lock_at from lottery_issues i where i.room_id = r.id and i.status = 1
                           order by i.open_at limit 1) cur on true
      where r.product = $1 and r.status = 1 and r.deleted_at is null order by r.sort, r.id`, [product])
  const all = await groupsOfIssues(db, rooms.flatMap((r) => (r.issue_id ? [Number(r.issue_id)] : [])))
  return rooms.map((r) => {
    const groups = all.get(Number(r.issue_id)) ?? []
    const [worst] = evaluate(groups, 1, 0).worst
    return {
      room_id: r.room_id, room_name: r.room_name, issue_id: r.issue_id === null ? null : Number(r.issue_id), issue_no: r.issue_no, lock_at: r.lock_at,
      bets: sum(groups.map((g) => g.bets)), stake: centsText(sum(groups.map((g) => g.stake))),
      worst_digits: groups.length ? worst.digits : null, worst_payout: centsText(groups.length ? worst.payout : 0), max_payout_per_issue: centsText(r.cap),
    }
  })
}
