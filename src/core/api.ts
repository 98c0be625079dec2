// The typed client of every declared endpoint: `api.withdraw.edit(body)` posts to the URL its declaration in
// src/contract/api names, with the input and answer types of that declaration. The one way the console calls the server.
import type { Static, TSchema } from '@sinclair/typebox'
import type { Endpoint } from '../contract/endpoint'
import { API } from '../contract/api'
import { http, type HttpOpts } from './http'

export type Input<E> = E extends Endpoint<infer I, unknown> ? (I extends TSchema ? Static<I> : never) : never
export type Answer<E> = E extends Endpoint<TSchema, infer O> ? O : never

/** Calls one endpoint: its query (GET) or body (POST). */
export function call<E extends Endpoint<TSchema, unknown>>(ep: E, input?: Input<E> | Record<string, unknown>, opts?: HttpOpts & { idempotencyKey?: string }): Promise<Answer<E>> {
  if (ep.method === 'GET') return http.get<Answer<E>>(ep.url, (input ?? {}) as object, opts)
  const url = opts?.idempotencyKey ? `${ep.url}?idempotency_key=${opts.idempotencyKey}` : ep.url
  return http.post<Answer<E>>(url, (input ?? {}) as object, opts)
}

type Fn<E> = {} extends Input<E>
  ? (input?: Input<E>, opts?: HttpOpts) => Promise<Answer<E>>
  : (input: Input<E>, opts?: HttpOpts) => Promise<Answer<E>>
type Client<T> = { [A in keyof T]: { [K in keyof T[A]]: Fn<T[A][K]> } }

function client<T extends Record<string, Record<string, Endpoint<TSchema, unknown>>>>(all: T): Client<T> {
  const out: Record<string, Record<string, unknown>> = {}
  for (const [area, eps] of Object.entries(all)) {
    out[area] = Object.fromEntries(Object.entries(eps).map(([k, ep]) => [k, (input?: object, opts?: HttpOpts) => call(ep, input as never, opts)]))
  }
  return out as Client<T>
}

export const api = client(API)
