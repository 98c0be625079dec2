// 虚拟账号 (`virtuals` in contract/api/member.ts, under the URL word tuohao): the house's own play-money accounts, always
// labelled 虚拟; their balance is set by a recorded transfer from or to the virtual pool, never by writing a number.
import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db/db'
import { one } from '../db/db'
import { route } from '../http/route'
import { by, listRoute } from '../db/list'
import { TIME } from '../http/format'
import { notFound } from '../errors'
import { KIND, MONEY, TRANSFER } from '../../contract/ledger'
import type { VirtualAccount } from '../../contract/member'
import { virtuals } from '../../contract/api/member'
import { centsText, exactCents } from '../../contract/money'
import { transfer } from '../ledger/ledger'
import { deleteMembers, editMember, registerMember } from './member-write'
import { IMG_URL } from './member-sql'
import { centsOrNull } from './fields'
import { created, edited } from './logged'

const COLS = `m.id, m.username, m.nickname, m.avatar, m.level_id, coalesce(lv.name, '') as level_name, m.status::int as status,
  cents_text(coalesce(a1.balance, 0)) as balance, m.remark, ${TIME('m.created_at')} as created_at, true as is_virtual`
const FROM = `members m left join member_levels lv on lv.id = m.level_id
  left join ledger_accounts a1 on a1.product = m.product and a1.money = 1 and a1.kind = 1 and coalesce(a1.owner_id, 0) = m.id`

async function byId(db: Queryable, product: string, id: number): Promise<VirtualAccount> {
  const row = await one<VirtualAccount>(db, `select ${COLS} from ${FROM} where m.id = $1 and m.product = $2 and m.kind = 1`, [id, product])
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

export default [
  listRoute(virtuals.index, {
    from: FROM, select: COLS, id: 'm.id', table: 'members', product: 'm.product', base: 'm.kind = 1',
    filters: { username: by.prefix('m.username'), status: 'm.status' },
    sums: 'cents_text(coalesce(sum(a1.balance), 0)) as balance', statsKey: 'balance_stat',
    extra: () => ({ img_url: IMG_URL }),
  }),
  route(virtuals.create, async (ctx, b) => {
    const opening = centsOrNull(b.balance, 'balance', '初始余额') ?? 0
    const { id } = await registerMember(ctx.db, ctx.caller.product, { ...b, kind: 1, nickname: b.nickname?.trim(), remark: b.remark?.trim() })
    if (opening > 0) await setBalance(ctx.db, ctx.caller.product, id, opening, ctx.caller.username)
    return created(ctx, id, (id) => byId(ctx.db, ctx.caller.product, id))
  }),
  route(virtuals.edit, async (ctx, b) => {
    const target = centsOrNull(b.balance, 'balance', '余额')
    return edited(ctx, () => byId(ctx.db, ctx.caller.product, b.id), '虚拟账号不存在', async () => {
      await editMember(ctx.db, ctx.caller.product, b.id, { ...b, nickname: b.nickname?.trim(), remark: b.remark?.trim(), agent_id: null }, 1)
      if (target !== null) await setBalance(ctx.db, ctx.caller.product, b.id, target, ctx.caller.username)
    })
  }),
  route(virtuals.show, (ctx, q) => byId(ctx.db, ctx.caller.product, q.id)),
  route(virtuals.delete, async (ctx, b) => {
    ctx.audit.before = await deleteMembers(ctx.db, ctx.caller.product, [...new Set(b.ids)], 1)
    return { ids: b.ids }
  }),
]
