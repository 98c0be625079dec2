// /api/agent routes (代理列表, 13 a page, keyset-paged): agents with their direct and whole-team counts and the team's money for a
// time range (default this month); edit sets the rebate, status and remark only.
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { route } from '../http/route'
import { by, listRoute } from '../db/list'
import { badRequest, notFound } from '../errors'
import { parseTime, PRODUCT_TZ } from '../http/format'
import { PRODUCT_UTC_OFFSET } from '../db/constants'
import { PAGE_SIZES } from '../../contract/common'
import { agent } from '../../contract/api/merchant'
import type { AgentEdit, StatRange } from '../../contract/merchant'

/**
 * The agents' team figures over [from, to) (an open end when null): the team is the agent and everyone below it
 * (agent_path), so team_count counts the agent too; direct_count counts the members whose agent it is. Money comes
 * from the members' balance changes (recharges 2+12, net withdrawals 4−5, stakes 1, the members' win/loss 1+3).
 */
async function teamFigures(db: Queryable, ids: number[], from: string | null, to: string | null) {
  return many<{ id: number } & Record<string, string | number>>(db,
    `select a.id,
            (select count(*)::int from members d where d.agent_id = a.id) as direct_count,
            (select count(*)::int from members t where t.id = a.id or t.agent_path @> array[a.id]) as team_count,
            cents_text(coalesce(sum(bc.amount) filter (where bc.type in (2, 12)), 0)) as team_recharge,
            cents_text(coalesce(-sum(bc.amount) filter (where bc.type in (4, 5)), 0)) as team_withdraw,
            cents_text(coalesce(-sum(bc.amount) filter (where bc.type = 1), 0)) as team_bet,
            cents_text(coalesce(sum(bc.amount) filter (where bc.type in (1, 3)), 0)) as team_win_loss
       from unnest($1::int[]) as a(id)
       left join members t on (t.id = a.id or t.agent_path @> array[a.id]) and t.kind = 0
       left join balance_changes bc on bc.member_id = t.id
             and ($2::timestamptz is null or bc.created_at >= $2::timestamptz) and ($3::timestamptz is null or bc.created_at < $3::timestamptz)
      group by a.id`, [ids, from, to])
}

/**
 * The statistics range: this month in the product's time zone when no date is given; otherwise from the start (its
 * first second) to the end (through its last second), either side open when not given.
 */
async function statRange(db: Queryable, q: { start_time?: string; end_time?: string }): Promise<StatRange> {
  const from = parseTime(q.start_time, { field: 'start_time', title: '开始时间' }) ?? null
  const end = parseTime(q.end_time, { field: 'end_time', title: '结束时间', endOfDay: true })
  const to = end ? new Date(new Date(end).getTime() + 1000).toISOString() : null
  if (from && to && new Date(from) >= new Date(to)) throw badRequest('开始时间不能晚于结束时间', 'start_time')
  if (from || to) return { from, to }
  const r = await one<{ from: string; to: string }>(db,
    `select to_char(date_trunc('month', now() at time zone '${PRODUCT_TZ}'), 'YYYY-MM-DD"T"HH24:MI:SS"${PRODUCT_UTC_OFFSET}"') as from,
            to_char(date_trunc('month', now() at time zone '${PRODUCT_TZ}') + interval '1 month', 'YYYY-MM-DD"T"HH24:MI:SS"${PRODUCT_UTC_OFFSET}"') as to`)
  return r!
}

/** The range of one request, worked out once for its rows and its answer. */
const ranges = new WeakMap<object, Promise<StatRange>>()
function rangeOf(db: Queryable, q: { start_time?: string; end_time?: string }): Promise<StatRange> {
  if (!ranges.has(q)) ranges.set(q, statRange(db, q))
  return ranges.get(q)!
}

const EDITED = 'id, username, rebate_rate::text as rebate_rate, status::int as status, remark'

export default [
  listRoute(agent.index, {
    from: 'members m left join member_levels lv on lv.id = m.level_id', countFrom: 'members m',
    select: `m.id, m.username, m.nickname, coalesce(lv.name, '') as level_name, m.rebate_rate::text as rebate_rate, m.status::int as status, m.remark`,
    id: 'm.id', table: 'members', product: 'm.product', base: 'm.kind = 0 and m.is_agent', perPage: PAGE_SIZES.agent,
    filters: { username: by.prefix('m.username'), status: 'm.status' },
    rows: async (rows: { id: number }[], q, f) => {
      const { from, to } = await rangeOf(f.db, q)
      const figures = new Map((await teamFigures(f.db, rows.map((r) => r.id), from, to)).map((x) => [x.id, x]))
      return rows.map((r) => ({ ...r, ...figures.get(r.id), id: r.id }))
    },
    extra: async (q, f) => ({ range: await rangeOf(f.db, q) }),
  }),
  route(agent.edit, async (ctx, b) => {
    const rate = String(b.rebate_rate).trim()
    if (!/^\d{1,2}(\.\d{1,2})?$/.test(rate) || Number(rate) > 10) throw badRequest('返点须为 0-10 之间的百分比，最多两位小数', 'rebate_rate')
    const before = await one<AgentEdit>(ctx.db,
      `select ${EDITED} from members where id = $1 and product = $2 and kind = 0 and is_agent for update`, [b.id, ctx.caller.product])
    if (!before) throw notFound('代理不存在')
    const after = await one<AgentEdit>(ctx.db,
      `update members set rebate_rate = $2::numeric, status = $3, remark = coalesce($4, remark), updated_at = now() where id = $1
       returning ${EDITED}`, [b.id, rate, b.status, b.remark?.trim() ?? null])
    ctx.audit.before = before
    ctx.audit.after = after
    return after!
  }),
]
