// The only way money moves: one transfer (or a set-based batch) between two accounts through the database's
// ledger functions, with the member's balance change and the merchant's bill written in the same statement.
import type { Queryable } from '../db/db'
import { many, one } from '../db/db'
import { AppError, conflict } from '../errors'
import { isHouseKind, KIND, TRANSFER_TYPES, type AccountKind, type MoneyClass, type TransferName } from '../../contract/ledger'
import { centsText, exactCents } from '../../contract/money'

/** One side of a transfer: a house account (kind ≥ 10) or an owned account (member or merchant id). */
export interface Side { kind: AccountKind; owner?: number }

export interface TransferInput {
  /** Exactly-once key derived from the cause (`withdraw:123:request`, `gift:<idempotency key>:45`). */
  key: string
  product: string
  money: MoneyClass
  from: Side
  to: Side
  /** Cents, > 0 (a bigint only where a balance past 2^53 cents is moved as a whole, e.g. a virtual account set back). */
  amount: number | bigint
  /** TRANSFER type (balance change types 1–12, quota 21/22, internal 101+; declared in TRANSFER_TYPES). */
  type: number
  ref?: string
  remark?: string
  admin?: string
  /** When it happened (backfilled demo history); defaults to the transaction's time. */
  at?: Date
}

/** Balances in cents, exact: a number while a safe integer, a bigint past 2^53 (format them with centsText). */
export type Cents = number | bigint

export interface TransferResult {
  id: number
  /** True when the key had been used with the same content: nothing moved now. */
  replayed: boolean
  fromBefore: Cents | null
  fromAfter: Cents | null
  toBefore: Cents | null
  toAfter: Cents | null
}

/** Why the ledger refused a movement; `available` (cents) is set for insufficient funds of a single transfer. */
export class LedgerError extends AppError {
  constructor(readonly reason: 'insufficient' | 'keyReused' | 'noAccount' | 'badAmount', message: string,
    readonly available: Cents | null = null, readonly owners: number[] = []) {
    super(reason === 'noAccount' ? 404 : reason === 'badAmount' ? 400 : 409, message,
      available !== null ? { available: centsText(available) } : owners.length ? { owners } : null)
  }
}

function translate(e: unknown): unknown {
  const err = e as { code?: string; detail?: string }
  switch (err?.code) {
    case 'LD001': {
      const detail = String(err.detail ?? '')
      if (/^\d+$/.test(detail)) return new LedgerError('insufficient', `余额不足，可用余额 ${centsText(detail)} 元`, exactCents(detail))
      const owners = detail.replace(/^owners:/, '').split(',').filter(Boolean).map(Number)
      return new LedgerError('insufficient', '余额不足', null, owners)
    }
    case 'LD002': return new LedgerError('keyReused', '该请求编号已用于另一笔不同的操作')
    case 'LD004': return new LedgerError('noAccount', '资金账户不存在')
    case 'LD005': return new LedgerError('badAmount', '金额必须大于 0')
    default: return e
  }
}

/**
 * A declared movement for one owner (the member, or the merchant for quota): its type and the sides of its usual leg,
 * or of the leg named (`legOf('payout', id, 'reverse')`), as TRANSFER_TYPES in contract/ledger declares them.
 */
export function legOf<N extends TransferName>(name: N, owner: number, leg?: keyof (typeof TRANSFER_TYPES)[N]['legs']): { type: number; from: Side; to: Side } {
  const t = TRANSFER_TYPES[name]
  const legs = t.legs as Record<string, readonly [AccountKind, AccountKind]>
  const [from, to] = legs[(leg as string | undefined) ?? Object.keys(legs)[0]]
  const side = (kind: AccountKind): Side => (isHouseKind(kind) ? { kind } : { kind, owner })
  return { type: t.id, from: side(from), to: side(to) }
}

const INT8_MAX = 9_223_372_036_854_775_807n
const owned = (s: Side) => (s.kind < 10 ? s.owner ?? null : null)

export async function transfer(db: Queryable, t: TransferInput): Promise<TransferResult> {
  const whole = typeof t.amount === 'bigint' ? t.amount > 0n && t.amount <= INT8_MAX : Number.isSafeInteger(t.amount) && t.amount > 0
  if (!whole) throw new LedgerError('badAmount', '金额必须大于 0')
  try {
    const r = await one<{
      transfer_id: number; replayed: boolean; from_before: DbCents | null; from_after: DbCents | null
      to_before: DbCents | null; to_after: DbCents | null
    }>(db,
      `select * from ledger_transfer($1, $2, $3::smallint, $4::smallint, $5, $6::smallint, $7, $8::bigint, $9::smallint, $10, $11, $12, $13)`,
      [t.key, t.product, t.money, t.from.kind, owned(t.from), t.to.kind, owned(t.to), String(t.amount), t.type,
        t.ref ?? '', t.remark ?? '', t.admin ?? '', t.at ?? null], { name: 'ledger_transfer' })
    return {
      id: Number(r!.transfer_id), replayed: r!.replayed,
      fromBefore: num(r!.from_before), fromAfter: num(r!.from_after), toBefore: num(r!.to_before), toAfter: num(r!.to_after),
    }
  } catch (e) {
    throw translate(e)
  }
}

export interface BatchLeg {
  key: string
  from: Side
  to: Side
  amount: number
  type: number
  ref?: string
  remark?: string
}

/** Many movements in one set-based statement: all or nothing; a repeated batch moves nothing (replayed). */
export async function transferBatch(db: Queryable, product: string, money: MoneyClass, legs: BatchLeg[],
  opts: { admin?: string; at?: Date } = {}): Promise<{ moved: number; replayed: number }> {
  if (!legs.length) return { moved: 0, replayed: 0 }
  try {
    const r = await one<{ moved: number; replayed: number }>(db,
      `select * from ledger_transfer_batch($1, $2::smallint, $3, $4, $5::text[], $6::smallint[], $7::int[], $8::smallint[],
                                           $9::int[], $10::bigint[], $11::smallint[], $12::text[], $13::text[])`,
      [product, money, opts.at ?? null, opts.admin ?? '', legs.map((l) => l.key), legs.map((l) => l.from.kind),
        legs.map((l) => owned(l.from)), legs.map((l) => l.to.kind), legs.map((l) => owned(l.to)), legs.map((l) => l.amount),
        legs.map((l) => l.type), legs.map((l) => l.ref ?? ''), legs.map((l) => l.remark ?? '')])
    return { moved: Number(r!.moved), replayed: Number(r!.replayed) }
  } catch (e) {
    throw translate(e)
  }
}

/** Opens a member's available, frozen and interest accounts (or a merchant's quota account). Idempotent. */
export async function openAccounts(db: Queryable, product: string, money: MoneyClass, owner: number, kinds: AccountKind[]): Promise<void> {
  await db.query(
    `insert into ledger_accounts (product, money, kind, owner_id)
     select $1, $2, k, $3 from unnest($4::smallint[]) k on conflict do nothing`, [product, money, owner, kinds])
}

export const MEMBER_KINDS: AccountKind[] = [KIND.available, KIND.frozen, KIND.interest]

/** Balances of one owner's accounts in cents, by kind (as numbers: for amounts known to be small, tests and tools). */
export async function balancesOf(db: Queryable, product: string, owner: number, kinds: AccountKind[] = MEMBER_KINDS): Promise<Record<number, number>> {
  const rows = await many<{ kind: number; balance: number }>(db,
    `select kind, balance from ledger_accounts where product = $1 and owner_id = $2 and kind = any($3::smallint[])`, [product, owner, kinds])
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.balance)]))
}

/** The conflict a domain rule raises when the ledger says the money is not there, with its own wording. */
export function insufficient(e: unknown, message: (available: string) => string): unknown {
  if (e instanceof LedgerError && e.reason === 'insufficient' && e.available !== null) {
    return conflict(message(centsText(e.available)))
  }
  return e
}

/** A bigint column as the drivers answer it: a number, a bigint (PGlite) or a string (pg) past 2^53. */
type DbCents = number | bigint | string
const num = (v: DbCents | null): Cents | null => (v === null ? null : exactCents(v))
