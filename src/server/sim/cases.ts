// The withdrawal review desk's cases in the demo history, each a plain member-site story through the domain functions
// (no outcome is steered: draws stay the seeds' draws), so every review flag of the desk has a request waiting:
// - a family registered from one home (shared IP and device) passing a bank card on, and a pair passing on a wallet;
// - a brand-new account that deposits and withdraws the same day (new_account, first_withdrawal, turnover_unmet);
// - a member who withdraws an hour after a deposit without playing it through, tagged 高风险 (turnover_unmet, risk_tag);
// - a high roller who stakes 大 and 小 together on one draw (one of them always wins a payout over big_win_amount)
//   and then withdraws far more than its usual small withdrawals (big_win, amount_over_avg).
import { one } from '../db/db'
import { readSettings } from '../settings/store'
import { bindCard, bindWallet, unbindPayees } from '../member/payee-store'
import { addNote, setTags } from '../risk/tags'
import { daysAgo, type SimContext, type Timeline } from './actor'
import { decidedRecharge, decidedWithdraw, SIM_ADMIN, simulateWithdraw } from './finance-actor'
import { betOn, CROWDED, openRooms, planDraw, slotAfter } from './lottery-actor'
import { simulateRegistration, simulateTrialMember, type RegistrationOptions } from './member-actor'
import { newPlace, signIn } from './identity'
import { BANKS, walletAddress } from './people'

const HOUR = 3_600_000
const DAY = 86_400_000

/** Someone of the story: registered by an event, its id kept for the later events (which skip when it was refused). */
type Cast = { id?: number }

async function tag(ctx: SimContext, who: Cast, names: string[]): Promise<void> {
  if (!who.id) return
  const ids = await ctx.db.query<{ id: number }>('select id from tags where product = $1 and name = any($2::text[])', [ctx.product, names])
  await setTags(ctx.db, ctx.product, who.id, ids.rows.map((t) => t.id))
}

/** A card or wallet of `from` passes to `to`: unbound by one, bound by the other (the payee history keeps both). */
async function passOn(ctx: SimContext, what: 'card' | 'wallet', from: Cast, to: Cast): Promise<void> {
  if (!from.id || !to.id) return
  const table = what === 'card' ? 'member_cards' : 'member_wallets'
  const row = await one<{ id: number; card_no?: string; chain?: 'TRC20' | 'ERC20'; address?: string }>(ctx.db,
    `select * from ${table} where member_id = $1 order by id limit 1`, [from.id])
  if (!row) return
  await unbindPayees(ctx.db, table, [{ id: row.id, member_id: from.id }])
  if (what === 'wallet') {
    await bindWallet(ctx.db, ctx.product, { member_id: to.id, chain: row.chain!, address: row.address!, status: 1, label: '家人的' })
    return
  }
  const holder = (await one<{ real_name: string }>(ctx.db, 'select real_name from members where id = $1', [to.id]))!.real_name
  await bindCard(ctx.db, ctx.product, { member_id: to.id, holder: holder || '家属', bank_name: ctx.r.pick(BANKS), card_no: row.card_no!, status: 1 })
}

/** An event of someone of the story (skipped when its registration was refused). */
const by = (who: Cast, run: (c: SimContext, id: number) => Promise<unknown>) => async (c: SimContext) => { if (who.id) await run(c, who.id) }

function register(plan: Timeline, at: number, who: Cast, opts: RegistrationOptions = {}): void {
  plan.at(at, async (c) => { who.id = (await simulateRegistration(c, opts)) ?? undefined })
}

/** A family of three from one home; the first passes its card to the second, who asks to withdraw at the end. */
function family(ctx: SimContext, plan: Timeline, now: number): void {
  const home = newPlace(ctx.r)
  const [a, b, c]: Cast[] = [{}, {}, {}]
  register(plan, daysAgo(ctx.r, 24, now), a, { place: home, card: true })
  register(plan, daysAgo(ctx.r, 22, now), b, { place: home, card: true })
  register(plan, daysAgo(ctx.r, 19, now), c, { place: home, card: false })
  // A trial account played from the same home: no association ever lists it.
  plan.at(daysAgo(ctx.r, 18, now), async (x) => { await signIn(x, await simulateTrialMember(x, home), home) })
  for (const [who, days] of [[a, 23], [b, 21], [b, 9], [c, 17]] as const) {
    plan.at(daysAgo(ctx.r, days, now), by(who, (x, id) => decidedRecharge(x, id, { yuan: x.r.pick([2000, 3000, 5000]), pay: true })))
  }
  plan.at(daysAgo(ctx.r, 12, now), (x) => passOn(x, 'card', a, b))
  plan.at(daysAgo(ctx.r, 6, now), (x) => tag(x, b, ['关注']))
  plan.at(now - 50 * 60_000, by(b, (x, id) => simulateWithdraw(x, id, { share: 0.5 })))
  // Two acquaintances who pass a wallet address on.
  const [w1, w2]: Cast[] = [{}, {}]
  register(plan, daysAgo(ctx.r, 27, now), w1, { card: true })
  register(plan, daysAgo(ctx.r, 26, now), w2, { card: true })
  plan.at(daysAgo(ctx.r, 25, now), by(w1, (x, id) => bindWallet(x.db, x.product, { member_id: id, chain: 'TRC20', address: walletAddress(x.r, 'TRC20'), status: 1, label: '常用' })))
  plan.at(daysAgo(ctx.r, 14, now), (x) => passOn(x, 'wallet', w1, w2))
}

/** Registered this morning, deposits, and asks to withdraw most of it before playing. */
function newcomer(ctx: SimContext, plan: Timeline, now: number): void {
  const who: Cast = {}
  register(plan, now - 7 * HOUR, who, { card: true })
  plan.at(now - 6 * HOUR, by(who, (x, id) => decidedRecharge(x, id, { yuan: 2000, pay: true })))
  plan.at(now - 40 * 60_000, by(who, (x, id) => simulateWithdraw(x, id, { share: 0.75 })))
}

/** An older member who deposits and asks for the money back an hour later, tagged 高风险 with a note. */
function quickOut(ctx: SimContext, plan: Timeline, now: number): void {
  const who: Cast = {}
  register(plan, daysAgo(ctx.r, 18, now), who, { card: true })
  plan.at(daysAgo(ctx.r, 16, now), by(who, (x, id) => decidedRecharge(x, id, { yuan: 3000, pay: true })))
  plan.at(daysAgo(ctx.r, 8, now), by(who, async (x, id) => {
    await decidedWithdraw(x, id, { approve: true })
    await tag(x, who, ['高风险'])
    await addNote(x.db, x.product, id, '多次充值后不投注即提现，疑似洗钱，提现前核实流水', SIM_ADMIN, x.at)
  }))
  plan.at(now - 3 * HOUR, by(who, (x, id) => decidedRecharge(x, id, { yuan: 5000, pay: true })))
  plan.at(now - 2 * HOUR, by(who, (x, id) => simulateWithdraw(x, id, { share: 0.9 })))
}

/** A high roller: small withdrawals all month, then 大 and 小 together on one draw (one always wins big), then a large withdrawal. */
async function highRoller(ctx: SimContext, plan: Timeline, now: number): Promise<void> {
  const bigWin = (await readSettings(ctx.db, ctx.product, ['big_win_amount'])).cents('big_win_amount')
  // Whole 1,000 元 above the win over the lowest odds of 大/小 the demo rooms pay (1.90 at the least).
  const stake = Math.ceil(bigWin / 1.9 / 100_000) * 100_000
  // Not the crowded room: its payout cap per issue would refuse the hedge (it pays more than the cap allows).
  const room = (await openRooms(ctx.db, ctx.product)).find((r) => r.max_stake >= stake && r.code !== CROWDED.code)
  const who: Cast = {}
  register(plan, daysAgo(ctx.r, 26, now), who, { card: true })
  for (const days of [25, 18]) plan.at(daysAgo(ctx.r, days, now), by(who, (x, id) => decidedRecharge(x, id, { yuan: 20_000, merchant: false, pay: true })))
  for (const days of [20, 15, 10, 6]) plan.at(daysAgo(ctx.r, days, now), by(who, (x, id) => decidedWithdraw(x, id, { amount: 100_000, approve: true })))
  plan.at(daysAgo(ctx.r, 5, now), by(who, async (x, id) => {
    await tag(x, who, ['VIP', '关注'])
    await addNote(x.db, x.product, id, '大额客户，常大小同投对冲，出款前核对投注记录', SIM_ADMIN, x.at)
  }))
  const deposit = now - 2 * DAY - 2 * HOUR
  plan.at(deposit, by(who, (x, id) => decidedRecharge(x, id, { yuan: Math.ceil((stake * 2) / 100 / 10_000) * 10_000 + 20_000, merchant: false, pay: true })))
  if (room) {
    planDraw(ctx, plan, room, slotAfter(room, deposit + HOUR), 0, (x, issueId) => by(who, async (c, id) => {
      await betOn(c, room, issueId, id, 'da', stake)
      await betOn(c, room, issueId, id, 'xiao', stake)
    })(x))
  }
  plan.at(now - 35 * 60_000, by(who, (x, id) => simulateWithdraw(x, id, { share: 0.8 })))
}

/** Schedules every case of the desk in the product's history. */
export async function planCases(ctx: SimContext, plan: Timeline): Promise<void> {
  const now = Date.now()
  family(ctx, plan, now)
  newcomer(ctx, plan, now)
  quickOut(ctx, plan, now)
  await highRoller(ctx, plan, now)
}
