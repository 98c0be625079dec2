// /api/wallet routes (数字钱包): TRC20/ERC20 addresses, shortened in every answer but show (which is logged).
import { Type } from '@sinclair/typebox'
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { route } from '../http/route'
import { IdQuery, IdsBody, ListQuery, paged, paging } from '../http/schemas'
import { TIME } from '../http/format'
import { conflict, notFound } from '../errors'
import type { Wallet } from '../../contract/member'
import { prefixPattern, Status01, Text } from './fields'
import { SHORT_ADDRESS } from './payee-rules'
import { addressTaken, bindWallet, checkAddress, keepDefault, lockOwners, makeDefault } from './payee-store'
import { cardInUse } from './payee-use'

const MENU = '/layout/member/wallets'

const cols = (full: boolean) => `w.id, w.member_id, m.username, w.chain, ${full ? 'w.address' : SHORT_ADDRESS('w.address')} as address,
  w.label, w.status::int as status, w.is_default, ${TIME('w.created_at')} as created_at`
const FROM = 'member_wallets w join members m on m.id = w.member_id'

async function byIds(db: Queryable, product: string, ids: number[], full = false): Promise<Wallet[]> {
  return many<Wallet>(db, `select ${cols(full)} from ${FROM} where w.id = any($1::int[]) and w.product = $2 order by w.id`, [ids, product])
}

const Chain = Type.Union([Type.Literal('TRC20', { title: '链类型' }), Type.Literal('ERC20', { title: '链类型' })], { title: '链类型' })
const Fields = {
  member_id: Type.Optional(Type.Integer({ title: '会员', minimum: 1, maximum: 2147483647 })),
  username: Type.Optional(Text('会员用户名', 16)),
  chain: Chain,
  address: Text('钱包地址', 64, 1),
  label: Type.Optional(Text('备注名', 32)),
  status: Status01(),
  is_default: Type.Optional(Type.Boolean({ title: '默认钱包' })),
}

export default [
  route({
    method: 'GET', url: '/api/wallet/index', summary: '数字钱包列表（地址缩略）', menu: MENU, action: 'R',
    query: ListQuery({
      member_id: Type.Optional(Type.Integer({ title: '会员', minimum: 1, maximum: 2147483647 })),
      username: Type.Optional(Text('会员用户名', 16)),
      chain: Type.Optional(Chain),
      status: Type.Optional(Status01()),
    }),
    handler: async (ctx, q) => {
      const p = paging(q)
      const where = `w.product = $1 and ($2::int is null or w.member_id = $2) and ($3::text is null or lower(m.username) like $3)
        and ($4::text is null or w.chain = $4) and ($5::int is null or w.status = $5)`
      const params = [ctx.caller.product, q.member_id ?? null, prefixPattern(q.username), q.chain ?? null, q.status ?? null]
      const items = await many<Wallet>(ctx.db, `select ${cols(false)} from ${FROM} where ${where} order by w.id desc limit $6 offset $7`, [...params, p.limit, p.offset])
      const total = (await one<{ n: number }>(ctx.db, `select count(*)::int as n from ${FROM} where ${where}`, params))!.n
      return paged(items, total, p)
    },
  }),
  route({
    method: 'POST', url: '/api/wallet/create', summary: '绑定数字钱包（地址校验，全站唯一）', menu: MENU, action: 'C', body: Type.Object(Fields),
    handler: async (ctx, b) => {
      const id = await bindWallet(ctx.db, ctx.caller.product, b)
      const [wallet] = await byIds(ctx.db, ctx.caller.product, [id])
      ctx.audit.target_ids = [String(id)]
      ctx.audit.after = wallet
      return wallet
    },
  }),
  route({
    method: 'GET', url: '/api/wallet/show', summary: '数字钱包详情（完整地址，记录查看日志）', menu: MENU, action: 'R', audit: true, query: IdQuery,
    handler: async (ctx, q) => {
      const [wallet] = await byIds(ctx.db, ctx.caller.product, [q.id], true)
      if (!wallet) throw notFound('数字钱包不存在')
      return wallet
    },
  }),
  route({
    method: 'POST', url: '/api/wallet/edit', summary: '编辑数字钱包', menu: MENU, action: 'U',
    body: Type.Object({ id: Type.Integer({ title: 'ID', minimum: 1, maximum: 2147483647 }), ...Fields }),
    handler: async (ctx, b) => {
      const [before] = await byIds(ctx.db, ctx.caller.product, [b.id], true)
      if (!before) throw notFound('数字钱包不存在')
      const a = checkAddress(b.chain, b.address)
      await lockOwners(ctx.db, [before.member_id])
      await addressTaken(ctx.db, ctx.caller.product, b.chain, a, b.id)
      await ctx.db.query('update member_wallets set chain = $2, address = $3, label = $4, status = $5 where id = $1',
        [b.id, b.chain, a, (b.label ?? '').trim(), b.status])
      if (b.is_default) await makeDefault(ctx.db, 'member_wallets', before.member_id, b.id)
      const [after] = await byIds(ctx.db, ctx.caller.product, [b.id])
      ctx.audit.before = before
      ctx.audit.after = after
      return after
    },
  }),
  route({
    method: 'POST', url: '/api/wallet/delete', summary: '删除数字钱包（审核中的提现所用的钱包不能删除）', menu: MENU, action: 'D', body: IdsBody,
    handler: async (ctx, b) => {
      const ids = [...new Set(b.ids)]
      const rows = await byIds(ctx.db, ctx.caller.product, ids)
      if (rows.length !== ids.length) throw notFound('数字钱包不存在')
      const busy = await cardInUse(ctx.db, 'wallet', ids)
      if (busy.length) throw conflict(`钱包 ${rows.filter((r) => busy.includes(r.id)).map((r) => r.address).join('、')} 有审核中的提现，不能删除`)
      const owners = [...new Set(rows.map((r) => r.member_id))]
      await lockOwners(ctx.db, owners)
      await ctx.db.query('delete from member_wallets where id = any($1::int[])', [ids])
      await keepDefault(ctx.db, 'member_wallets', owners)
      ctx.audit.before = rows
      return { ids }
    },
  }),
]
