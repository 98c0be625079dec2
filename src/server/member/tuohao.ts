// /api/tuohao routes (虚拟账号): the house's own play-money accounts, always labelled 虚拟; their balance is set by a
// recorded transfer from or to the virtual pool, never by writing a number.
import { Type } from '@sinclair/typebox'
import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { route } from '../http/route'
import { IdQuery, IdsBody, ListQuery, paged, paging } from '../http/schemas'
import { TIME } from '../http/format'
import { notFound } from '../errors'
import { KIND, MONEY, TRANSFER } from '../../contract/ledger'
import type { Tuohao } from '../../contract/member'
import { centsText, exactCents } from '../../contract/money'
import { transfer } from '../ledger/ledger'
import { deleteMembers, editMember, registerMember } from './member-write'
import { IMG_URL } from './member-sql'
import { cents, MoneyText, NullableId, prefixPattern, Remark, Status01, Text, Username } from './fields'

const MENU = '/layout/member/virtuals'

const COLS = `m.id, m.username, m.nickname, m.avatar, m.level_id, coalesce(lv.name, '') as level_name, m.status::int as status,
  cents_text(coalesce(a1.balance, 0)) as balance, m.remark, ${TIME('m.created_at')} as created_at, true as is_virtual`
const FROM = `members m left join member_levels lv on lv.id = m.level_id
  left join ledger_accounts a1 on a1.product = m.product and a1.money = 1 and a1.kind = 1 and coalesce(a1.owner_id, 0) = m.id`

async function byId(db: Queryable, product: string, id: number): Promise<Tuohao> {
  const row = await one<Tuohao>(db, `select ${COLS} from ${FROM} where m.id = $1 and m.product = $2 and m.kind = 1`, [id, product])
  if (!row) throw notFound('虚拟账号不存在')
  return row
}

/** Moves play money between the virtual pool and the account so its balance becomes `target` cents. */
async function setBalance(db: Queryable, product: string, id: number, target: number, admin: string): Promise<void> {
  // The balance as a bigint: exact however far play money has taken it (pg answers a string past 2^53, PGlite a bigint).
  const now = BigInt((await one<{ b: number | bigint | string }>(db,
    `select balance as b from ledger_accounts where product = $1 and money = 1 and kind = 1 and owner_id = $2 for update`, [product, id]))?.b ?? 0)
  const diff = BigInt(target) - now
  if (diff === 0n) return
  const up = diff > 0n
  const amount = up ? diff : -diff
  await transfer(db, {
    key: `virtual:set:${id}:${randomUUID()}`, product, money: MONEY.virtual,
    from: up ? { kind: KIND.virtualPool } : { kind: KIND.available, owner: id },
    to: up ? { kind: KIND.available, owner: id } : { kind: KIND.virtualPool },
    amount: exactCents(amount), type: TRANSFER.virtualAdjust, remark: `余额设为 ${centsText(target)} 元`, admin,
  })
}

const Fields = {
  username: Username,
  nickname: Type.Optional(Text('昵称', 32)),
  avatar: Type.Optional(Text('头像', 200)),
  level_id: NullableId('会员等级'),
  status: Status01(),
  remark: Type.Optional(Remark),
}

export default [
  route({
    method: 'GET', url: '/api/tuohao/index', summary: '虚拟账号列表（含余额合计）', menu: MENU, action: 'R',
    query: ListQuery({ username: Type.Optional(Text('用户名', 16)), status: Type.Optional(Status01()) }),
    handler: async (ctx, q) => {
      const p = paging(q)
      const where = `m.product = $1 and m.kind = 1 and ($2::text is null or lower(m.username) like $2) and ($3::int is null or m.status = $3)`
      const params = [ctx.caller.product, prefixPattern(q.username), q.status ?? null]
      const items = await many<Tuohao>(ctx.db, `select ${COLS} from ${FROM} where ${where} order by m.id desc limit $4 offset $5`, [...params, p.limit, p.offset])
      const s = (await one<{ n: number; balance: string }>(ctx.db,
        `select count(*)::int as n, cents_text(coalesce(sum(a1.balance), 0)) as balance from ${FROM} where ${where}`, params))!
      return { ...paged(items, s.n, p), balance_stat: { balance: s.balance }, img_url: IMG_URL }
    },
  }),
  route({
    method: 'POST', url: '/api/tuohao/create', summary: '新增虚拟账号（可设初始余额，从虚拟资金池转入）', menu: MENU, action: 'C',
    body: Type.Object({ ...Fields, balance: Type.Optional(MoneyText('初始余额')) }),
    handler: async (ctx, b) => {
      const opening = b.balance === undefined || b.balance === '' ? 0 : cents(b.balance, 'balance', '初始余额', { allowZero: true })
      const { id } = await registerMember(ctx.db, ctx.caller.product, { ...b, kind: 1, nickname: b.nickname?.trim(), remark: b.remark?.trim() })
      if (opening > 0) await setBalance(ctx.db, ctx.caller.product, id, opening, ctx.caller.username)
      const row = await byId(ctx.db, ctx.caller.product, id)
      ctx.audit.target_ids = [String(id)]
      ctx.audit.after = row
      return row
    },
  }),
  route({
    method: 'POST', url: '/api/tuohao/edit', summary: '编辑虚拟账号（设置余额会记录一笔虚拟资金转账）', menu: MENU, action: 'U',
    body: Type.Object({ id: Type.Integer({ title: 'ID', minimum: 1, maximum: 2147483647 }), ...Fields, balance: Type.Optional(MoneyText('余额')) }),
    handler: async (ctx, b) => {
      const target = b.balance === undefined || b.balance === '' ? null : cents(b.balance, 'balance', '余额', { allowZero: true })
      const before = await byId(ctx.db, ctx.caller.product, b.id)
      await editMember(ctx.db, ctx.caller.product, b.id, { ...b, nickname: b.nickname?.trim(), remark: b.remark?.trim(), agent_id: null }, 1)
      if (target !== null) await setBalance(ctx.db, ctx.caller.product, b.id, target, ctx.caller.username)
      const after = await byId(ctx.db, ctx.caller.product, b.id)
      ctx.audit.before = before
      ctx.audit.after = after
      return after
    },
  }),
  route({
    method: 'GET', url: '/api/tuohao/show', summary: '虚拟账号详情', menu: MENU, action: 'R', query: IdQuery,
    handler: (ctx, q) => byId(ctx.db, ctx.caller.product, q.id),
  }),
  route({
    method: 'POST', url: '/api/tuohao/delete', summary: '删除虚拟账号（有资金记录的不能删除）', menu: MENU, action: 'D', body: IdsBody,
    handler: async (ctx, b) => {
      ctx.audit.before = await deleteMembers(ctx.db, ctx.caller.product, [...new Set(b.ids)], 1)
      return { ids: b.ids }
    },
  }),
]
