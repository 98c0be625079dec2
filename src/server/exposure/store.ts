// The exposure aggregate (lottery_exposure, lottery_exposure_members, lottery_exposure_top), written in the bet's own
// transaction, and the two limits a bet must keep there: the member's 限红 tier (stake per bet and per issue; the member's account row,
// locked by the bet, serialises its own bets) and the room's maximum payout per issue (an advisory lock per issue
// serialises the real bets of a capped issue between reading its worst case and adding to it).
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { LOCK_SEED, STRAND_OF_TX } from '../db/constants'
import { badRequest, conflict } from '../errors'
import { centsText } from '../../contract/money'
import type { PlaywayCode } from '../../contract/lottery'
import { payoutOf } from '../lottery/rules'
import { worstPayout, type Group } from './evaluate'

const GROUP_COLS = 'code, number::int as number, sum(bets)::int as bets, sum(stake)::bigint as stake, sum(payout)::bigint as payout'
const numeric = (rows: Group[]): Group[] => rows.map((g) => ({ ...g, stake: Number(g.stake), payout: Number(g.payout) }))

/** The issue's real open bets by selection. */
export async function groupsOf(db: Queryable, issueId: number): Promise<Group[]> {
  return numeric(await many<Group>(db, `select ${GROUP_COLS} from lottery_exposure where issue_id = $1 group by code, number`, [issueId]))
}

/** The groups of several issues, by issue id. */
export async function groupsOfIssues(db: Queryable, issueIds: number[]): Promise<Map<number, Group[]>> {
  const rows = numeric(await many<Group & { issue_id: string }>(db,
    `select issue_id, ${GROUP_COLS} from lottery_exposure where issue_id = any($1::bigint[]) group by issue_id, code, number`, [issueIds]))
  const out = new Map<number, Group[]>()
  for (const { issue_id, ...g } of rows as (Group & { issue_id: string })[]) out.set(Number(issue_id), [...(out.get(Number(issue_id)) ?? []), g])
  return out
}

export interface MemberRisk { member_id: number; username: string; bets: number; stake: string; payout_max: string }

/** The members whose own bets could cost the most in one result (their worst case, then their stakes). */
export async function topMembersOf(db: Queryable, issueId: number, limit: number): Promise<MemberRisk[]> {
  return many<MemberRisk>(db, `select t.member_id, m.username, t.bets, cents_text(t.stake) as stake, cents_text(t.payout_max) as payout_max
    from lottery_exposure_top t join members m on m.id = t.member_id where t.issue_id = $1 order by t.payout_max desc, t.stake desc, t.member_id limit $2`,
  [issueId, limit])
}

export interface Tier { name: string; single_max: number; issue_max: number }

export interface BetExposure {
  member_id: number; issue_id: number; code: PlaywayCode; number: number | null; amount: number; rate: string
  /** Real money: the bet counts in the exposure and against the cap. */
  real: boolean
  /** The room's max_payout_per_issue (cents, 0 = none). */
  cap: number
}

/** The member's 限红 tier (cents, if any) against a bet: 400 over its stake per bet, 409 over its stake per issue (`spent`: its open bets on the issue). */
export function checkTier(b: { tier: Tier | null; spent: number; amount: number }): void {
  if (!b.tier) return
  if (b.amount > b.tier.single_max) throw badRequest(`超出限红「${b.tier.name}」：单注不能超过 ${centsText(b.tier.single_max)} 元`, 'amount')
  if (b.spent + b.amount > b.tier.issue_max) {
    throw conflict(`超出限红「${b.tier.name}」：每期不能超过 ${centsText(b.tier.issue_max)} 元，本期已投 ${centsText(b.spent)} 元`)
  }
}

/**
 * Checks the cap and adds the bet to the issue's exposure (real money only). Under a cap the issue's
 * advisory lock is held from reading the worst case to the end of the transaction; a bet that would raise the worst
 * case above the cap is 409 超出本期赔付上限.
 */
export async function addExposure(db: Queryable, b: BetExposure): Promise<void> {
  if (!b.real) return
  const number = b.number ?? -1
  const payout = payoutOf(b.amount, b.rate)
  if (b.cap > 0) {
    await db.query(`select pg_advisory_xact_lock(hashtextextended($1::text, ${LOCK_SEED.exposure}))`, [b.issue_id])
    const groups = await groupsOf(db, b.issue_id)
    const before = worstPayout(groups)
    const after = worstPayout([...groups, { code: b.code, number, bets: 1, stake: b.amount, payout }])
    if (after > b.cap && after > before) {
      throw conflict(`超出本期赔付上限：本期最高赔付将达 ${centsText(after)} 元，上限 ${centsText(b.cap)} 元`)
    }
  }
  await db.query(`insert into lottery_exposure as e (issue_id, code, number, slot, bets, stake, payout)
    values ($1, $2, $3, (${STRAND_OF_TX})::smallint, 1, $4, $5)
    on conflict (issue_id, code, number, slot) do update set bets = e.bets + 1, stake = e.stake + excluded.stake, payout = e.payout + excluded.payout`,
  [b.issue_id, b.code, number, b.amount, payout])
  await db.query(`insert into lottery_exposure_members as e (issue_id, member_id, code, number, bets, stake, payout) values ($1, $2, $3, $4, 1, $5, $6)
    on conflict (issue_id, member_id, code, number) do update set bets = e.bets + 1, stake = e.stake + excluded.stake, payout = e.payout + excluded.payout`,
  [b.issue_id, b.member_id, b.code, number, b.amount, payout])
  const mine = numeric(await many<Group>(db,
    'select code, number::int as number, bets, stake, payout from lottery_exposure_members where issue_id = $1 and member_id = $2', [b.issue_id, b.member_id]))
  const sum = (k: 'bets' | 'stake') => mine.reduce((s, g) => s + g[k], 0)
  await db.query(`insert into lottery_exposure_top as t (issue_id, member_id, bets, stake, payout_max) values ($1, $2, $3, $4, $5)
    on conflict (issue_id, member_id) do update set bets = excluded.bets, stake = excluded.stake, payout_max = excluded.payout_max`,
  [b.issue_id, b.member_id, sum('bets'), sum('stake'), worstPayout(mine)])
}

/** The member's tier (cents), or null. */
export async function tierOf(db: Queryable, memberId: number): Promise<Tier | null> {
  const t = await one<{ name: string; single_max: string; issue_max: string }>(db,
    'select l.name, l.single_max, l.issue_max from members m join lottery_limits l on l.id = m.limit_id where m.id = $1', [memberId])
  return t ? { name: t.name, single_max: Number(t.single_max), issue_max: Number(t.issue_max) } : null
}
