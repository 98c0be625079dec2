// The operation log: one append-only, hash-chained row per write or sensitive read, with secrets removed before they are stored.
import type { ActionKey } from '../../contract/enums'
import type { Queryable } from '../db/db'
import type { Caller } from '../rbac/access'
import { OPLOG_STRANDS } from '../db/constants'

export interface AuditEntry {
  action: ActionKey
  path: string
  target_ids: string[]
  before?: unknown
  after?: unknown
  /** Set by a handler whose call changed nothing worth a row. */
  skip?: boolean
}

interface Who { caller?: Caller; ip: string; userAgent: string }

const SECRET = /pass(word)?|secret|token|google_code|^code$|totp|private/i
const CARD = /card_?no|card_?number|account_?no/i

/** Removes passwords, TOTP secrets and codes, and masks card numbers to their last four digits. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact)
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) {
      if (SECRET.test(k)) out[k] = v === undefined || v === null || v === '' ? v : '***'
      else if (CARD.test(k) && (typeof v === 'string' || typeof v === 'number')) out[k] = `****${String(v).slice(-4)}`
      else out[k] = redact(v)
    }
    return out
  }
  return value
}

export { OPLOG_STRANDS }

/** A product's chains are `oplog:<product>:<strand>` (the strand is added in SQL); rows without a product use `-`. */
export const oplogChain = (product: string | null | undefined) => `oplog:${product ?? '-'}`

// The row and its chain entry in one statement: the id is drawn first so the hashed content includes it, and
// audit_chain_next advances (and locks until commit) the chain's head. Called last in the route's transaction,
// so that lock is held only for the commit.
const INSERT = `
with r as materialized (
  select nextval('operation_logs_id_seq') as id, $1::int as admin_id, $2::text as admin_name, $3::text as product,
         $4::char(1) as action, $5::text as path, $6::text[] as target_ids, $7::jsonb as before, $8::jsonb as after,
         $9::text as ip, $10::text as user_agent, now() as created_at,
         $11::text || ':' || (txid_current() % $12)::text as chain)
insert into operation_logs (id, admin_id, admin_name, product, action, path, target_ids, before, after, ip, user_agent,
                            created_at, chain, chain_seq, chain_hash)
select r.id, r.admin_id, r.admin_name, r.product, r.action, r.path, r.target_ids, r.before, r.after, r.ip, r.user_agent,
       r.created_at, r.chain, n.seq, n.hash
  from r cross join lateral audit_chain_next(r.chain, operation_log_content(r.chain, r.id, r.admin_id, r.admin_name,
       r.product, r.action, r.path, r.target_ids, r.before, r.after, r.ip, r.user_agent, r.created_at)) n`

/** Writes the row; `strands` is the product's strand count (tests pass 1 to put every writer on one head). */
export async function writeOperation(db: Queryable, who: Who, e: AuditEntry, strands = OPLOG_STRANDS): Promise<void> {
  const product = who.caller?.product ?? null
  await db.query(INSERT, [
    who.caller?.adminId ?? null, who.caller?.username ?? '', product, e.action, e.path,
    e.target_ids.map(String), json(e.before), json(e.after), who.ip, who.userAgent, oplogChain(product), strands,
  ])
}

function json(v: unknown): string | null {
  return v === undefined ? null : JSON.stringify(redact(v))
}
