// An endpoint declared once: method, URL, the menu and action it needs, its input schema and its answer type. The
// server's route and the console's typed client (`api.withdraw.edit(body)` in core/api.ts) both read the same object,
// so neither side writes a URL.
import type { Static, TSchema } from '@sinclair/typebox'
import type { ActionKey } from './enums'
import type { MenuPath } from './menus'
import type { ListColumn } from './list'

/**
 * `public`: no session; `session`: any logged-in admin; otherwise the menu whose permission is needed, or several
 * menus any one of which grants it.
 */
export type Need = 'public' | 'session' | MenuPath | readonly MenuPath[]

export interface Endpoint<I extends TSchema = TSchema, O = unknown> {
  method: 'GET' | 'POST'
  url: string
  summary: string
  menu: Need
  action: ActionKey
  /** The query string of a GET, the body of a POST; absent: no field at all. */
  input?: I
  /** The answer's schema where declared (tests check answers against it). */
  response?: TSchema
  /** A list: the columns it shows (and exports). */
  columns?: ListColumn[]
  /** Log this read (sensitive detail). */
  audit?: boolean
  /** Skip the master whitelist (the public login configuration only). */
  anyIp?: boolean
  /** The handler runs its own transactions and writes its own log rows. */
  raw?: boolean
  /** A write that honours an Idempotency-Key: a retry answers the first answer (server: http/idempotency.ts). */
  idempotent?: boolean
  /** Phantom: the answer's type. */
  readonly __answer?: O
}

/** The OpenAPI document of every endpoint (a super admin's read; not an envelope answer). */
export const OPENAPI_URL = '/api/openapi.json'

type Opts = Omit<Endpoint, 'method' | 'url' | 'summary' | 'menu' | 'action' | 'input' | '__answer'>

/**
 * A GET endpoint answering `O`: `get<Answer>()(url, menu, summary, query?, opts?)` (curried so the answer type is
 * named while the input's is inferred from its schema).
 */
export const get = <O = unknown>() => <I extends TSchema = TSchema>(url: string, menu: Need, summary: string, input?: I, opts: Opts & { action?: ActionKey } = {}): Endpoint<I, O> =>
  ({ method: 'GET', url, summary, menu, action: 'R', input, ...opts })

/** A POST endpoint answering `O` with the given action (C, U, D; R for a read that takes a body). */
export const post = <O = unknown>() => <I extends TSchema = TSchema>(url: string, menu: Need, action: ActionKey, summary: string, input?: I, opts: Opts = {}): Endpoint<I, O> =>
  ({ method: 'POST', url, summary, menu, action, input, ...opts })

export type InputOf<E> = E extends Endpoint<infer I, unknown> ? Static<I> : never
export type AnswerOf<E> = E extends Endpoint<TSchema, infer O> ? O : never
