// Pure mapping from a failed call (business code, HTTP status, time-out, network) to the catalogue message.
import { httpMessage, TRANSPORT_MESSAGES } from '../contract/messages'

/** Codes for failures that never reached an answer. */
export const TRANSPORT_CODE = { network: 0, timeout: 408, cancelled: -1 } as const

export class ApiError extends Error {
  readonly code: number
  readonly msg: string
  readonly field?: string
  readonly cancelled: boolean
  constructor(code: number, msg: string, field?: string, cancelled = false) {
    super(msg)
    this.name = 'ApiError'
    this.code = code
    this.msg = msg
    this.field = field
    this.cancelled = cancelled
  }
}

export function isCancelled(e: unknown): boolean {
  return e instanceof ApiError && e.cancelled
}

export type Failure =
  /** An answer arrived: its HTTP status and parsed body (an envelope when the server sent one). */
  | { kind: 'answer'; status: number; body: unknown }
  | { kind: 'timeout' }
  | { kind: 'network'; online: boolean }

interface EnvelopeLike { code: number; msg?: unknown; field?: unknown; data?: unknown }

export function isEnvelope(body: unknown): body is EnvelopeLike {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number'
}

/** The error a failure becomes: the server's msg first, else the catalogue message for the code or status. */
export function describeFailure(f: Failure): { code: number; msg: string; field?: string } {
  if (f.kind === 'timeout') return { code: TRANSPORT_CODE.timeout, msg: TRANSPORT_MESSAGES.timeout }
  if (f.kind === 'network') {
    return { code: TRANSPORT_CODE.network, msg: f.online ? TRANSPORT_MESSAGES.network : TRANSPORT_MESSAGES.offline }
  }
  if (isEnvelope(f.body)) {
    const code = f.body.code
    const msg = typeof f.body.msg === 'string' && f.body.msg.trim() ? f.body.msg : httpMessage(code === 200 ? f.status : code)
    const data = f.body.data as { field?: unknown } | null | undefined
    const field = typeof f.body.field === 'string' ? f.body.field
      : data && typeof data === 'object' && typeof data.field === 'string' ? data.field : undefined
    return field ? { code, msg, field } : { code, msg }
  }
  return { code: f.status, msg: httpMessage(f.status) }
}

/** Whether an answer is a success: HTTP 2xx with envelope code 200. */
export function isSuccess(status: number, body: unknown): boolean {
  return status >= 200 && status < 300 && isEnvelope(body) && body.code === 200
}
