// The operation log: one append-only row per write or sensitive read, with secrets removed before they are stored.
import type { ActionKey } from '../../contract/enums'
import type { Queryable } from '../db/db'
import type { Caller } from '../rbac/access'

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

export async function writeOperation(db: Queryable, who: Who, e: AuditEntry): Promise<void> {
  await db.query(
    `insert into operation_logs (admin_id, admin_name, product, action, path, target_ids, before, after, ip, user_agent)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      who.caller?.adminId ?? null, who.caller?.username ?? '', who.caller?.product ?? null, e.action, e.path,
      e.target_ids.map(String), json(e.before), json(e.after), who.ip, who.userAgent,
    ],
  )
}

function json(v: unknown): string | null {
  return v === undefined ? null : JSON.stringify(redact(v))
}
