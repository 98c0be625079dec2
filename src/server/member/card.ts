// /api/card routes (银行卡): bound bank cards, the number masked in every answer but show (which is logged).
import { Type } from '@sinclair/typebox'
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { route } from '../http/route'
import { IdQuery, IdsBody, ListQuery, paged, paging } from '../http/schemas'
import { TIME } from '../http/format'
import { conflict, notFound } from '../errors'
import type { Card } from '../../contract/member'
import { prefixPattern, Status01, Text } from './fields'
import { MASK_CARD } from './payee-rules'
import { bindCard, checkCard, cardNumberTaken, keepDefault, lockOwners, makeDefault, ownerOf } from './payee-store'
import { cardInUse } from './payee-use'

const MENU = '/layout/member/banks'

const cols = (full: boolean) => `c.id, c.member_id, m.username, c.holder, c.bank_name, c.branch,
  ${full ? 'c.card_no' : MASK_CARD('c.card_no')} as card_no, c.status::int as status, c.is_default, ${TIME('c.created_at')} as created_at`
const FROM = 'member_cards c join members m on m.id = c.member_id'

async function byIds(db: Queryable, product: string, ids: number[], full = false): Promise<Card[]> {
  return many<Card>(db, `select ${cols(full)} from ${FROM} where c.id = any($1::int[]) and c.product = $2 order by c.id`, [ids, product])
}

const Fields = {
  member_id: Type.Optional(Type.Integer({ title: '会员', minimum: 1, maximum: 2147483647 })),
  username: Type.Optional(Text('会员用户名', 16)),
  holder: Text('持卡人', 32, 1),
  bank_name: Text('开户银行', 40, 1),
  branch: Type.Optional(Text('开户支行', 80)),
  card_no: Type.String({ title: '银行卡号', minLength: 1, maxLength: 40 }),
  status: Status01(),
  is_default: Type.Optional(Type.Boolean({ title: '默认卡' })),
}

export default [
  route({
    method: 'GET', url: '/api/card/index', summary: '银行卡列表（卡号脱敏）', menu: MENU, action: 'R',
    query: ListQuery({
      member_id: Type.Optional(Type.Integer({ title: '会员', minimum: 1, maximum: 2147483647 })),
      username: Type.Optional(Text('会员用户名', 16)),
      holder: Type.Optional(Text('持卡人', 32)),
      bank_name: Type.Optional(Text('开户银行', 40)),
      card_tail: Type.Optional(Type.String({ title: '卡号后四位', pattern: '^[0-9]{1,4}$' })),
      status: Type.Optional(Status01()),
    }),
    handler: async (ctx, q) => {
      const p = paging(q)
      const where = `c.product = $1 and ($2::int is null or c.member_id = $2) and ($3::text is null or lower(m.username) like $3)
        and ($4::text is null or c.holder = $4) and ($5::text is null or strpos(c.bank_name, $5) > 0)
        and ($6::text is null or right(c.card_no, length($6)) = $6) and ($7::int is null or c.status = $7)`
      const params = [ctx.caller.product, q.member_id ?? null, prefixPattern(q.username), q.holder?.trim() || null,
        q.bank_name?.trim() || null, q.card_tail || null, q.status ?? null]
      const items = await many<Card>(ctx.db, `select ${cols(false)} from ${FROM} where ${where} order by c.id desc limit $8 offset $9`, [...params, p.limit, p.offset])
      const total = (await one<{ n: number }>(ctx.db, `select count(*)::int as n from ${FROM} where ${where}`, params))!.n
      return paged(items, total, p)
    },
  }),
  route({
    method: 'POST', url: '/api/card/create', summary: '绑定银行卡（Luhn 校验，卡号全站唯一）', menu: MENU, action: 'C', body: Type.Object(Fields),
    handler: async (ctx, b) => {
      const id = await bindCard(ctx.db, ctx.caller.product, b)
      const [card] = await byIds(ctx.db, ctx.caller.product, [id])
      ctx.audit.target_ids = [String(id)]
      ctx.audit.after = card
      return card
    },
  }),
  route({
    method: 'GET', url: '/api/card/show', summary: '银行卡详情（完整卡号，记录查看日志）', menu: MENU, action: 'R', audit: true, query: IdQuery,
    handler: async (ctx, q) => {
      const [card] = await byIds(ctx.db, ctx.caller.product, [q.id], true)
      if (!card) throw notFound('银行卡不存在')
      return card
    },
  }),
  route({
    method: 'POST', url: '/api/card/edit', summary: '编辑银行卡', menu: MENU, action: 'U',
    body: Type.Object({ id: Type.Integer({ title: 'ID', minimum: 1, maximum: 2147483647 }), ...Fields }),
    handler: async (ctx, b) => {
      const [before] = await byIds(ctx.db, ctx.caller.product, [b.id], true)
      if (!before) throw notFound('银行卡不存在')
      const owner = await ownerOf(ctx.db, ctx.caller.product, { member_id: before.member_id })
      const { cardNo, holder } = checkCard(b, owner)
      await cardNumberTaken(ctx.db, ctx.caller.product, cardNo, b.id)
      await ctx.db.query('update member_cards set holder = $2, bank_name = $3, branch = $4, card_no = $5, status = $6 where id = $1',
        [b.id, holder, b.bank_name.trim(), (b.branch ?? '').trim(), cardNo, b.status])
      if (b.is_default) await makeDefault(ctx.db, 'member_cards', owner.id, b.id)
      const [after] = await byIds(ctx.db, ctx.caller.product, [b.id])
      ctx.audit.before = before
      ctx.audit.after = after
      return after
    },
  }),
  route({
    method: 'POST', url: '/api/card/delete', summary: '删除银行卡（审核中的提现所用的卡不能删除）', menu: MENU, action: 'D', body: IdsBody,
    handler: async (ctx, b) => {
      const ids = [...new Set(b.ids)]
      const rows = await byIds(ctx.db, ctx.caller.product, ids)
      if (rows.length !== ids.length) throw notFound('银行卡不存在')
      const busy = await cardInUse(ctx.db, 'card', ids)
      if (busy.length) throw conflict(`卡号 ${rows.filter((r) => busy.includes(r.id)).map((r) => r.card_no).join('、')} 有审核中的提现，不能删除`)
      const owners = [...new Set(rows.map((r) => r.member_id))]
      await lockOwners(ctx.db, owners)
      await ctx.db.query('delete from member_cards where id = any($1::int[])', [ids])
      await keepDefault(ctx.db, 'member_cards', owners)
      ctx.audit.before = rows
      return { ids }
    },
  }),
]
