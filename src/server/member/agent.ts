// /api/agent routes (代理列表, 13 a page): agents with their direct and whole-team counts and the team's money for a
// time range (default this month); edit sets the rebate, status and remark only.
import { Type } from '@sinclair/typebox'
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { route } from '../http/route'
import { DateTime, ListQuery, paged, paging } from '../http/schemas'
import { Where } from '../db/paging'
import { badRequest, notFound } from '../errors'
import { parseTime, PRODUCT_TZ } from '../http/format'
import { PRODUCT_UTC_OFFSET } from '../db/constants'
import { PAGE_SIZES } from '../../contract/common'
import type { Agent } from '../../contract/member'
import { RateText, Remark, Status01, Text } from './fields'

const MENU = '/layout/merchant/agents'

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
async function statRange(db: Queryable, q: { start_time?: string; end_time?: string }): Promise<{ from: string | null; to: string | null }> {
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

export default [
  route({
    method: 'GET', url: '/api/agent/index', summary: '代理列表（团队人数与本期团队资金）', menu: MENU, action: 'R',
    query: ListQuery({
      username: Type.Optional(Text('用户名', 16)),
      status: Type.Optional(Status01()),
      start_time: Type.Optional(DateTime('开始时间')),
      end_time: Type.Optional(DateTime('结束时间')),
    }),
    handler: async (ctx, q) => {
      const p = paging(q, PAGE_SIZES.agent)
      const { from, to } = await statRange(ctx.db, q)
      const w = new Where().add('m.product = ?', ctx.caller.product).add('m.kind = 0').add('m.is_agent')
      w.prefix('m.username', q.username).eq('m.status', q.status)
      const rows = await many<Agent>(ctx.db,
        `select m.id, m.username, m.nickname, coalesce(lv.name, '') as level_name, m.rebate_rate::text as rebate_rate,
                m.status::int as status, m.remark
           from members m left join member_levels lv on lv.id = m.level_id
          where ${w.sql} order by m.id desc limit ${w.bind(p.limit)} offset ${w.bind(p.offset)}`, w.params)
      const total = (await one<{ n: number }>(ctx.db, `select count(*)::int as n from members m where ${w.sql}`, w.params.slice(0, -2)))!.n
      const figures = new Map((await teamFigures(ctx.db, rows.map((r) => r.id), from, to)).map((f) => [f.id, f]))
      return { ...paged(rows.map((r) => ({ ...r, ...figures.get(r.id), id: r.id })), total, p), range: { from, to } }
    },
  }),
  route({
    method: 'POST', url: '/api/agent/edit', summary: '编辑代理（返点、状态、备注）；停用代理不影响其下级', menu: MENU, action: 'U',
    body: Type.Object({
      id: Type.Integer({ title: 'ID', minimum: 1, maximum: 2147483647 }),
      rebate_rate: RateText('返点', 5),
      status: Status01(),
      remark: Type.Optional(Remark),
    }),
    handler: async (ctx, b) => {
      const rate = String(b.rebate_rate).trim()
      if (!/^\d{1,2}(\.\d{1,2})?$/.test(rate) || Number(rate) > 10) throw badRequest('返点须为 0-10 之间的百分比，最多两位小数', 'rebate_rate')
      const before = await one<Record<string, unknown>>(ctx.db,
        `select id, username, rebate_rate::text as rebate_rate, status::int as status, remark from members
          where id = $1 and product = $2 and kind = 0 and is_agent for update`, [b.id, ctx.caller.product])
      if (!before) throw notFound('代理不存在')
      const after = await one<Record<string, unknown>>(ctx.db,
        `update members set rebate_rate = $2::numeric, status = $3, remark = coalesce($4, remark), updated_at = now() where id = $1
         returning id, username, rebate_rate::text as rebate_rate, status::int as status, remark`, [b.id, rate, b.status, b.remark?.trim() ?? null])
      ctx.audit.before = before
      ctx.audit.after = after
      return after
    },
  }),
]
