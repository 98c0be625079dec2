// How an API route is declared: method, path, the menu and action it needs, its schemas and a thin handler.
// registerRoutes wires the declaration into Fastify with the access check, a transaction and the operation log.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Static, TSchema } from '@sinclair/typebox'
import type { ActionKey } from '../../contract/enums'
import type { Db, Queryable } from '../db/db'
import { authenticate, clientIp, type Caller, type Need } from '../rbac/access'
import { writeOperation, type AuditEntry } from '../oplog/oplog'
import type { Config } from '../config'
import type { RsaKeys } from '../auth/rsa'
import { claimKey, idempotencyKey, keepAnswer, requestHash, type KeyScope } from './idempotency'
import { strict } from './validator'
import type { Endpoint } from '../../contract/endpoint'

export type { Need }

export interface Ctx {
  /** The database, or the route's transaction for writes. */
  db: Queryable
  /** The whole database handle (for work outside the route's transaction). */
  root: Db
  config: Config
  keys: RsaKeys
  req: FastifyRequest
  /** The reply, for the one route that answers a stream instead of an envelope (it hijacks it). */
  reply: FastifyReply
  ip: string
  userAgent: string
  /** The logged-in admin; undefined only on public routes. */
  caller: Caller
  /** Fill in what the operation log row should say; writes (C/U/D) always log, reads log when `audit` is set. */
  audit: AuditEntry
}

export interface RouteSpec<B extends TSchema = TSchema, Q extends TSchema = TSchema> {
  method: 'GET' | 'POST'
  url: string
  summary: string
  menu: Need
  action: ActionKey
  body?: B
  query?: Q
  /** Log this read (sensitive detail). */
  audit?: boolean
  /** Skip the master whitelist (the public login configuration only). */
  anyIp?: boolean
  /** The handler runs its own transactions and writes its own log rows (login: a failure must be recorded, not rolled back). */
  raw?: boolean
  /**
   * A write that honours an `Idempotency-Key` header: a retry with the same key and request answers the first
   * answer and changes nothing (no log row); the same key with another request is a 409 (see idempotency.ts).
   */
  idempotent?: boolean
  /** Runs before the route's transaction, on the whole database: checks whose failures must be recorded, not rolled back. */
  before?: (ctx: Ctx, input: Static<B> & Static<Q>) => Promise<void>
  /** A public route's record of a call the master whitelist refused, with its parsed but unvalidated body (then 403). */
  ipDenied?: (ctx: Omit<Ctx, 'db' | 'caller' | 'audit'>, body: unknown) => Promise<void>
  handler: (ctx: Ctx, input: Static<B> & Static<Q>) => Promise<unknown>
}

/** What a route adds to its endpoint besides the handler. */
export interface RouteOpts<I extends TSchema> {
  before?: (ctx: Ctx, input: Static<I>) => Promise<void>
  ipDenied?: RouteSpec['ipDenied']
}

/** The server side of an endpoint declared in src/contract/api: its handler, answering the endpoint's answer type. */
export function route<I extends TSchema, O>(ep: Endpoint<I, O>, handler: (ctx: Ctx, input: Static<I>) => Promise<O>, opts: RouteOpts<I> = {}): RouteSpec {
  const { input, method, url, summary, menu, action, audit, anyIp, raw, idempotent } = ep
  return {
    method, url, summary, menu: menu as RouteSpec['menu'], action, audit, anyIp, raw, idempotent,
    ...(method === 'POST' ? { body: input } : { query: input }),
    before: opts.before as RouteSpec['before'], ipDenied: opts.ipDenied, handler: handler as RouteSpec['handler'],
  }
}

export interface AppDeps { db: Db; config: Config; keys: RsaKeys }

const writes = new Set<ActionKey>(['C', 'U', 'D'])

/** The caller resolved before the body is even parsed: an anonymous or unpermitted request learns nothing about fields. */
const callers = new WeakMap<FastifyRequest, Caller>()
/** A public route's call refused by the master whitelist, held until its body is parsed so the route can record it. */
const refused = new WeakMap<FastifyRequest, unknown>()

export function registerRoutes(app: FastifyInstance, deps: AppDeps, routes: RouteSpec[]): void {
  for (const spec of routes) {
    if (spec.idempotent && (spec.raw || !writes.has(spec.action))) throw new Error(`idempotent route ${spec.url} must be a logged write`)
    const tags = [spec.url.split('/')[2] ?? 'common']
    app.route({
      method: spec.method,
      url: spec.url,
      schema: {
        summary: spec.summary,
        tags,
        // Every field a request may carry is declared: a POST's query string holds nothing but an idempotent write's
        // key (for clients that cannot set the header), a route without a body or query schema takes no field there.
        ...(spec.method === 'POST' ? { body: strict(spec.body ?? EMPTY) } : {}),
        querystring: strict(spec.method === 'GET' ? spec.query ?? EMPTY : spec.idempotent ? KEY_QUERY : EMPTY),
        ...(spec.menu !== 'public' ? { security: [{ token: [] }] } : {}),
      },
      onRequest: async (req) => {
        try {
          callers.set(req, await authenticate(deps.db, deps.config, req, spec))
        } catch (err) {
          // On a public route only the whitelist refuses: with ipDenied the refusal waits for the body, unvalidated.
          if (!spec.ipDenied) throw err
          refused.set(req, err)
        }
      },
      // A POST sent without a body is an empty object, so it is checked field by field like any other.
      preValidation: async (req, reply) => {
        if (spec.method === 'POST' && req.body === undefined) req.body = {}
        if (refused.has(req)) {
          await spec.ipDenied!({ ...ctxBase(deps, req, reply) }, req.body)
          throw refused.get(req)
        }
      },
      handler: async (req, reply) => {
        const caller = callers.get(req)!
        // A POST is fed by its body alone, a GET by its query string alone: nothing reaches a handler from elsewhere.
        const input = { ...((spec.method === 'POST' ? req.body : req.query) as object) } as any
        const base = { ...ctxBase(deps, req, reply), caller }
        const audit: AuditEntry = { action: spec.action, path: spec.url, target_ids: defaultTargets(input) }
        if (spec.before) await spec.before({ ...base, db: deps.db, audit }, input)
        const logs = !spec.raw && (writes.has(spec.action) || spec.audit)
        const key = spec.idempotent ? idempotencyKey(req) : null
        const scope: KeyScope | null = key
          ? { product: caller.product, adminId: caller.adminId, key, path: spec.url, hash: requestHash(spec.url, input) }
          : null
        // A logged GET only reads: it reads on the whole database (its independent queries may run side by side on
        // the pool, no connection held meanwhile), then its log row is written in a transaction of its own.
        const loggedRead = logs && spec.method === 'GET'
        const data = !logs || loggedRead
          ? await spec.handler({ ...base, db: deps.db, audit }, input)
          : await deps.db.tx(async (tx) => {
            const ctx = { ...base, db: tx, audit }
            const prior = scope ? await claimKey(tx, scope) : null
            if (prior) {
              reply.header('idempotent-replayed', 'true')
              return prior.response
            }
            const out = await spec.handler(ctx, input)
            if (scope) await keepAnswer(tx, scope, out)
            if (!audit.skip) await writeOperation(tx, ctx, audit)
            return out
          })
        if (loggedRead && !audit.skip) await deps.db.tx((tx) => writeOperation(tx, base, audit))
        return { code: 200, msg: 'ok', data: data ?? null }
      },
    })
  }
}

/** What every handler's context holds besides the caller, the route's database and its log entry. */
function ctxBase(deps: AppDeps, req: FastifyRequest, reply: FastifyReply) {
  return { root: deps.db, config: deps.config, keys: deps.keys, req, reply, ip: clientIp(req), userAgent: String(req.headers['user-agent'] ?? '').slice(0, 300) }
}

/** No field at all: what a POST's query string and an undeclared body or query may hold. */
const EMPTY = { type: 'object', properties: {} } as const
const KEY_QUERY = { type: 'object', properties: { idempotency_key: { type: 'string', title: 'Idempotency-Key', maxLength: 128 } } } as const

function defaultTargets(input: Record<string, unknown>): string[] {
  if (Array.isArray(input.ids)) return input.ids.map(String)
  if (input.id !== undefined && input.id !== null) return [String(input.id)]
  return []
}
