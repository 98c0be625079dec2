// 关联账号: members who share an IP (successful logins of the last 30 days, and registration), a device, a card number or
// a wallet address (any ever bound) with another real member. Virtual and trial accounts never appear.
import { many, one } from '../db/db'
import { keyset } from '../db/paging'
import type { Queryable } from '../db/db'
import { route } from '../http/route'
import { TIME } from '../http/format'
import { memberRisk, risk } from '../../contract/api/risk'
import type { Association, SharedValue } from '../../contract/risk'
import { MASK_CARD, SHORT_ADDRESS } from '../member/payee-rules'
import { memberOf } from './tags'

const RECENT = `now() - interval '30 days'`

/** SQL: (value, member_id) pairs of one kind of key in a product ($1). */
const PAIRS = {
  ip: `select l.ip as value, l.member_id, l.at from member_logins l where l.product = $1 and l.ok and l.at > ${RECENT} and l.ip <> ''
       union all select m.register_ip, m.id, m.created_at from members m where m.product = $1 and m.register_ip <> ''`,
  device: `select l.device_id as value, l.member_id, l.at from member_logins l where l.product = $1 and l.ok and l.at > ${RECENT} and l.device_id <> ''
       union all select m.register_device, m.id, m.created_at from members m where m.product = $1 and m.register_device <> ''`,
  card: `select h.value, h.member_id, h.at from member_payee_history h where h.product = $1 and h.what = 'card'`,
  wallet: `select h.value, h.member_id, h.at from member_payee_history h where h.product = $1 and h.what = 'wallet'`,
} as const
type By = keyof typeof PAIRS

/** How a value is shown: card numbers masked, wallet addresses shortened. */
const SHOWN: Record<By, (col: string) => string> = {
  ip: (c) => c, device: (c) => c, card: MASK_CARD,
  wallet: (c) => `split_part(${c}, ':', 1) || ' ' || ${SHORT_ADDRESS(`split_part(${c}, ':', 2)`)}`,
}

/** SQL: the values of one kind the member ($1) holds in the product ($2), as an array (each read on an index by member). */
const loginValues = (col: string, registered: string) =>
  `array(select l.${col} from member_logins l where l.member_id = $1 and l.product = $2 and l.ok and l.at > ${RECENT} and l.${col} <> ''
         union select m.${registered} from members m where m.id = $1 and m.${registered} <> '')`
const payeeValues = (what: 'card' | 'wallet') => `array(select h.value from member_payee_history h where h.member_id = $1 and h.product = $2 and h.what = '${what}')`
const MINE = `select ${loginValues('ip', 'register_ip')} as ip, ${loginValues('device_id', 'register_device')} as device,
  ${payeeValues('card')} as card, ${payeeValues('wallet')} as wallet`

/** SQL: the (value, member_id) pairs of product $1 holding one of the values $3, as PAIRS but found by index look-ups of those values. */
const loginHolders = (col: string, registered: string) =>
  `select l.${col} as value, l.member_id from member_logins l where l.product = $1 and l.${col} = any($3::text[]) and l.ok and l.at > ${RECENT} and l.${col} <> ''
   union select m.${registered}, m.id from members m where m.product = $1 and m.${registered} = any($3::text[]) and m.${registered} <> ''`
const payeeHolders = (what: 'card' | 'wallet') =>
  `select h.value, h.member_id from member_payee_history h where h.product = $1 and h.what = '${what}' and h.value = any($3::text[])`
const HOLDERS: Record<By, string> = {
  ip: loginHolders('ip', 'register_ip'), device: loginHolders('device_id', 'register_device'), card: payeeHolders('card'), wallet: payeeHolders('wallet'),
}

/**
 * The member's groups: for each of its values shared with another real member, those members. The member's own values
 * come first (few), then the holders of just those values and each holder by its id, so the cost follows the member,
 * not the size of the product.
 */
export async function associationsOf(db: Queryable, product: string, memberId: number): Promise<Association[]> {
  const mine = (await one<Record<By, string[]>>(db, MINE, [memberId, product]))!
  const groups = await Promise.all((Object.keys(HOLDERS) as By[]).filter((by) => mine[by].length).map(async (by) => {
    // Each holder is read by its id (the lateral `limit 1` keeps the planner from hashing the whole members table).
    const rows = await many<{ value: string; members: Association['members'] }>(db,
      `with o as (${HOLDERS[by]})
       select ${SHOWN[by]('o.value')} as value,
              json_agg(json_build_object('id', m.id, 'username', m.username, 'status', m.status, 'risk_level', m.risk_level) order by m.id) as members
         from o cross join lateral (select id, username, status, risk_level from members where id = o.member_id and kind = 0 and id <> $2 limit 1) m
        group by o.value order by o.value`, [product, memberId, mine[by]])
    return rows.map((r) => ({ by, value: r.value, members: r.members }))
  }))
  return groups.flat()
}

export default [
  route(memberRisk.associations, async (ctx, q) => {
    const m = await memberOf(ctx.db, ctx.caller.product, q.member_id)
    return { items: await associationsOf(ctx.db, ctx.caller.product, m.id) }
  }),
  // A ranking of groups has no keyset: its pages are a bounded OFFSET into the ranking (at most MAX_OFFSET deep).
  route(risk.shared, async (ctx, q) => {
    const p = keyset(q)
    const by = q.by as By
    const groups = `with p as (${PAIRS[by]})
      select p.value, count(distinct p.member_id)::int as count, max(p.at) as at
        from p join members m on m.id = p.member_id and m.kind = 0
       group by p.value having count(distinct p.member_id) >= $2`
    const [items, total] = await Promise.all([
      many<SharedValue>(ctx.db, `select ${SHOWN[by]('g.value')} as value, g.count, ${TIME('g.at')} as last_seen from (${groups}) g
        order by g.count desc, g.at desc, g.value limit $3 offset $4`, [ctx.caller.product, q.min ?? 2, p.per_page, (p.page - 1) * p.per_page]),
      one<{ n: number }>(ctx.db, `select count(*)::int as n from (${groups}) g`, [ctx.caller.product, q.min ?? 2]),
    ])
    return { items, total: total!.n, total_exact: true, per_page: p.per_page, current_page: p.page }
  }),
]
