// Binding where members are paid (bank cards, wallets): the owning member (real, of this product), the checks, one
// default per member. Used by the routes and by the activity simulator alike.
import type { Queryable } from '../db/db'
import { one } from '../db/db'
import { badRequest, conflict } from '../errors'
import { validAddress, validCardNo } from './payee-rules'

export interface Owner { id: number; username: string; real_name: string }

/**
 * The member a card or wallet is bound to: given by id or username, a real member of the product. Its row is locked
 * until commit, so one member's bindings and default changes take turns (a single default even when they race).
 */
export async function ownerOf(db: Queryable, product: string, ref: { member_id?: number; username?: string }): Promise<Owner> {
  if (!ref.member_id && !ref.username?.trim()) throw badRequest('会员不能为空', 'username')
  const m = await one<Owner>(db,
    `select id, username, real_name from members where product = $1 and kind = 0
        and (($2::int is not null and id = $2) or ($2::int is null and lower(username) = lower($3))) for no key update`,
    [product, ref.member_id ?? null, ref.username?.trim() ?? ''])
  if (!m) throw badRequest('会员不存在', ref.member_id ? 'member_id' : 'username')
  return m
}

/**
 * Locks the members whose cards or wallets are about to change, before any card or wallet row: every writer takes the
 * member first (ownerOf does too), so they take turns without deadlocks and a member keeps a single default.
 */
export async function lockOwners(db: Queryable, memberIds: number[]): Promise<void> {
  await db.query('select id from members where id = any($1::int[]) order by id for no key update', [memberIds])
}

/** Keeps a single default per member: the given row becomes it, the others stop being it (the owner is locked). */
export async function makeDefault(db: Queryable, table: 'member_cards' | 'member_wallets', memberId: number, id: number): Promise<void> {
  await db.query(`update ${table} set is_default = (id = $2) where member_id = $1`, [memberId, id])
}

/** After a removal: a member left with cards (or wallets) but without a default gets its newest one (owners locked). */
export async function keepDefault(db: Queryable, table: 'member_cards' | 'member_wallets', memberIds: number[]): Promise<void> {
  await db.query(
    `update ${table} set is_default = true
      where id in (select distinct on (member_id) id from ${table} where member_id = any($1::int[]) order by member_id, id desc)
        and not exists (select 1 from ${table} d where d.member_id = ${table}.member_id and d.is_default)`, [memberIds])
}

/** Unbinds cards or wallets: their owners locked first, each left with a default if it has any left (the payee history keeps them). */
export async function unbindPayees(db: Queryable, table: 'member_cards' | 'member_wallets', rows: { id: number; member_id: number }[]): Promise<void> {
  const owners = [...new Set(rows.map((r) => r.member_id))]
  await lockOwners(db, owners)
  await db.query(`delete from ${table} where id = any($1::int[])`, [rows.map((r) => r.id)])
  await keepDefault(db, table, owners)
}

export interface CardInput {
  member_id?: number; username?: string; holder: string; bank_name: string; branch?: string; card_no: string
  status: number; is_default?: boolean
}

/** The digits of the number (spaces allowed when typed), Luhn-checked; the holder must be the member's real name. */
export function checkCard(b: CardInput, owner: { real_name: string }): { cardNo: string; holder: string } {
  const cardNo = b.card_no.replace(/[\s-]/g, '')
  if (!validCardNo(cardNo)) throw badRequest('银行卡号须为 12-19 位数字且校验位正确', 'card_no')
  const holder = b.holder.trim()
  if (owner.real_name && holder !== owner.real_name) throw badRequest(`持卡人须与会员真实姓名（${owner.real_name}）一致`, 'holder')
  return { cardNo, holder }
}

export async function cardNumberTaken(db: Queryable, product: string, cardNo: string, exceptId = 0): Promise<void> {
  if (await one(db, 'select 1 from member_cards where product = $1 and card_no = $2 and id <> $3', [product, cardNo, exceptId])) {
    throw conflict('系统已存在相同数据：该银行卡号已被绑定')
  }
}

/** Binds a bank card; the member's first card becomes its default. Answers the card id. */
export async function bindCard(db: Queryable, product: string, b: CardInput): Promise<number> {
  const owner = await ownerOf(db, product, b)
  const { cardNo, holder } = checkCard(b, owner)
  await cardNumberTaken(db, product, cardNo)
  const first = !(await one(db, 'select 1 from member_cards where member_id = $1', [owner.id]))
  const r = await one<{ id: number }>(db,
    `insert into member_cards (product, member_id, holder, bank_name, branch, card_no, status) values ($1, $2, $3, $4, $5, $6, $7)
     on conflict (product, card_no) do nothing returning id`,
    [product, owner.id, holder, b.bank_name.trim(), (b.branch ?? '').trim(), cardNo, b.status])
  if (!r) throw conflict('系统已存在相同数据：该银行卡号已被绑定')
  if (b.is_default || first) await makeDefault(db, 'member_cards', owner.id, r.id)
  return r.id
}

export interface WalletInput {
  member_id?: number; username?: string; chain: 'TRC20' | 'ERC20'; address: string; label?: string; status: number; is_default?: boolean
}

export function checkAddress(chain: string, raw: string): string {
  const a = raw.trim()
  if (!validAddress(chain, a)) {
    throw badRequest(chain === 'TRC20' ? '钱包地址不是有效的 TRC20 地址（T 开头的 34 位地址，校验位正确）' : '钱包地址不是有效的 ERC20 地址（0x 加 40 位十六进制）', 'address')
  }
  return a
}

export async function addressTaken(db: Queryable, product: string, chain: string, a: string, exceptId = 0): Promise<void> {
  if (await one(db, 'select 1 from member_wallets where product = $1 and chain = $2 and lower(address) = lower($3) and id <> $4', [product, chain, a, exceptId])) {
    throw conflict('系统已存在相同数据：该钱包地址已被绑定')
  }
}

/** Binds a digital wallet; the member's first wallet becomes its default. Answers the wallet id. */
export async function bindWallet(db: Queryable, product: string, b: WalletInput): Promise<number> {
  const owner = await ownerOf(db, product, b)
  const a = checkAddress(b.chain, b.address)
  await addressTaken(db, product, b.chain, a)
  const first = !(await one(db, 'select 1 from member_wallets where member_id = $1', [owner.id]))
  const r = await one<{ id: number }>(db,
    `insert into member_wallets (product, member_id, chain, address, label, status) values ($1, $2, $3, $4, $5, $6)
     on conflict do nothing returning id`, [product, owner.id, b.chain, a, (b.label ?? '').trim(), b.status])
  if (!r) throw conflict('系统已存在相同数据：该钱包地址已被绑定')
  if (b.is_default || first) await makeDefault(db, 'member_wallets', owner.id, r.id)
  return r.id
}
