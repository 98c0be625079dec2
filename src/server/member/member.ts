// 会员列表 (`member` in contract/api/member.ts): the keyset-paged list of real members with balance sums, create, edit,
// delete, show (logged) and the username suggestions every money form uses.
import { route } from '../http/route'
import { by, listRoute } from '../db/list'
import { member } from '../../contract/api/member'
import { PAGE_SIZES } from '../../contract/common'
import { deleteMembers, editMember, registerMember } from './member-write'
import { balanceBound, memberTotals, showMember, suggestMembers } from './member-store'
import { BALANCE_SUMS, IMG_URL, MEMBER_FROM, MEMBER_SUMS_FROM, memberColumns } from './member-sql'
import { fundPassword, memberPassword } from './fields'
import { created } from './logged'
import { badRequest } from '../errors'

/**
 * An edit names the member in full (username and status), except `{id, withdraw_blocked}` alone, which only freezes
 * or lets again the member's withdrawals (the review desk's freeze is undone so).
 */
function assertWholeEdit(b: Record<string, unknown>): void {
  const freezeOnly = b.withdraw_blocked !== undefined && Object.keys(b).every((k) => k === 'id' || k === 'withdraw_blocked')
  if (freezeOnly) return
  if (b.username === undefined) throw badRequest('用户名不能为空', 'username')
  if (b.status === undefined) throw badRequest('状态不能为空', 'status')
}
import { withTags } from '../risk/tags'

export default [
  listRoute(member.index, {
    from: MEMBER_FROM, select: memberColumns('masked'), id: 'm.id', table: 'members', product: 'm.product', base: 'm.kind = 0',
    time: 'm.created_at', perPage: PAGE_SIZES.member,
    filters: {
      id: 'm.id', username: by.prefix('m.username'), real_name: by.text('m.real_name'), phone: by.text('m.phone'),
      level_id: by.held('m.level_id'), agent_id: 'm.agent_id', status: by.held('m.status'),
      is_agent: (w, v) => { w.add('m.is_agent = ?', v === 1) },
      balance_min: balanceBound('>=', 'balance_min', '最低余额'), balance_max: balanceBound('<=', 'balance_max', '最高余额'),
      // Both along the keyset: members_risk (product, kind, risk_level, id) and member_tags_by_tag (tag_id, member_id).
      risk_level: by.held('m.risk_level'),
      tag_id: (w, v) => { w.add('exists (select 1 from member_tags mt where mt.member_id = m.id and mt.tag_id = ?)', v) },
    },
    rows: (rows: { id: number }[], _q, f) => withTags(f.db, rows),
    // Without a filter the rollups answer (exact at any size); otherwise the bounded count with the balance sums.
    totals: (db, _w, _q, f) => (f.baseOnly ? memberTotals(db, f.product) : Promise.resolve(null)),
    countFrom: MEMBER_SUMS_FROM, sums: BALANCE_SUMS, statsKey: 'balance_stat',
    extra: () => ({ img_url: IMG_URL }),
  }),
  route(member.create, async (ctx, b) => {
    const password = memberPassword(ctx.keys, b.password)!
    const { id } = await registerMember(ctx.db, ctx.caller.product, {
      ...b, password, fund_password: fundPassword(ctx.keys, b.fund_password), register_ip: '',
      remark: b.remark?.trim(), nickname: b.nickname?.trim(), real_name: b.real_name?.trim(),
    })
    return created(ctx, id, (id) => showMember(ctx.db, ctx.caller.product, id))
  }),
  route(member.edit, async (ctx, b) => {
    assertWholeEdit(b)
    const r = await editMember(ctx.db, ctx.caller.product, b.id, {
      ...b, password: memberPassword(ctx.keys, b.password), fund_password: fundPassword(ctx.keys, b.fund_password),
      remark: b.remark?.trim(), nickname: b.nickname?.trim(), real_name: b.real_name?.trim(),
    })
    ctx.audit.before = r.before
    // Named so the log's secret filter keeps it: which passwords were reset, never what to.
    const changed = [...(r.passwordChanged ? ['登录密码'] : []), ...(r.fundPasswordChanged ? ['资金密码'] : [])]
    ctx.audit.after = { ...r.after, changed_credentials: changed }
    return showMember(ctx.db, ctx.caller.product, b.id)
  }),
  route(member.delete, async (ctx, b) => {
    ctx.audit.before = await deleteMembers(ctx.db, ctx.caller.product, [...new Set(b.ids)])
    return { ids: b.ids }
  }),
  route(member.show, (ctx, q) => showMember(ctx.db, ctx.caller.product, q.id)),
  route(member.suggest, (ctx, b) => suggestMembers(ctx.db, ctx.caller.product, b.username)),
]
