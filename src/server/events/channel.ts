// What the database tells every server process about (pg_notify on one channel; triggers in
// src/server/db/functions/events-notify.ts): a compact note naming the product, what happened and the row's id. Each
// process's listener loads the record itself and sends it to the streams that may see it.

/** The NOTIFY channel (a lower-case identifier). */
export const EVENTS_CHANNEL = 'admin_events'

/**
 * A statement touching more rows than this (a bulk load, a batch) sends one `counts` note per product instead of a
 * note per row: operators need the new totals, not thousands of toasts.
 */
export const BULK_ROWS = 50

export type NoteKind =
  | 'withdraw.created' | 'withdraw.decided' | 'recharge.created' | 'recharge.decided' | 'bet.big_win'
  /** The waiting counts of the product may have changed (a bulk statement). */
  | 'counts'
  /** A session ended or changed its product: its streams close or follow it. */
  | 'session'

export interface Note { kind: NoteKind; product?: string; id?: number }

const KINDS = new Set<string>(['withdraw.created', 'withdraw.decided', 'recharge.created', 'recharge.decided', 'bet.big_win', 'counts', 'session'])

/** A note as the triggers write it, or null for anything else on the channel. */
export function parseNote(payload: string): Note | null {
  try {
    const n = JSON.parse(payload) as Partial<Note>
    if (typeof n !== 'object' || n === null || typeof n.kind !== 'string' || !KINDS.has(n.kind)) return null
    if (n.id !== undefined && !Number.isSafeInteger(n.id)) return null
    if (n.product !== undefined && typeof n.product !== 'string') return null
    return { kind: n.kind, product: n.product, id: n.id }
  } catch {
    return null
  }
}
