// Idempotency keys for routes declared `idempotent`: the first request with a key runs and its answer is kept; the
// same key with the same request answers that kept answer and changes nothing; with another request it is a 409.
// A concurrent duplicate waits on the key's row until the first request's transaction ends.
//
// This layer replays answers of requests. Money has its own exactly-once layer below it, the ledger's transfer keys
// (UNIQUE, derived from the movement's cause: `withdraw:<id>:approve`, `bet:<id>:stake`, `invest:<id>:principal`),
// which holds for every caller of the domain functions: routes, the scheduler, the maturity job, the simulator. Where
// the cause of a movement is the request itself (a manual adjustment, a quota change), its key comes from requestCause.
import { createHash, randomUUID } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { Queryable } from '../db/db'
import { one } from '../db/db'
import { badRequest, conflict } from '../errors'

const KEY = /^[A-Za-z0-9_.:-]{8,128}$/

/** The request's key: the Idempotency-Key header, or `?idempotency_key=` for clients that cannot set headers. */
export function idempotencyKey(req: FastifyRequest): string | null {
  const header = req.headers['idempotency-key']
  const raw = typeof header === 'string' ? header : new URLSearchParams(req.raw.url?.split('?')[1] ?? '').get('idempotency_key')
  if (raw === null || raw === undefined || raw === '') return null
  if (!KEY.test(raw)) throw badRequest('Idempotency-Key 格式不正确（8-128 位字母、数字或 _.:-）', 'idempotency_key')
  return raw
}

/**
 * The cause a request gives the money it moves, for the ledger's transfer keys: the admin and its Idempotency-Key, or
 * a fresh one when the request carries none (then a retry is a new movement, as the route layer treats it too).
 */
export function requestCause(req: FastifyRequest, adminId: number): string {
  return `${adminId}:${idempotencyKey(req) ?? randomUUID()}`
}

/** JSON with sorted keys, so the same request hashes the same whatever order its fields came in. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`
  }
  return JSON.stringify(v) ?? 'null'
}

export const requestHash = (url: string, input: unknown) => createHash('sha256').update(`${url}\n${canonical(input)}`).digest('hex')

export interface KeyScope { product: string; adminId: number; key: string; path: string; hash: string }

/**
 * Claims the key inside the route's transaction. Answers null when this request is the first (it runs), or the kept
 * answer of the first request with the same content; another content under the same key is refused.
 */
export async function claimKey(tx: Queryable, s: KeyScope): Promise<{ response: unknown } | null> {
  const fresh = await one(tx,
    `insert into idempotency_keys (product, admin_id, key, path, request_hash) values ($1, $2, $3, $4, $5)
     on conflict do nothing returning 1 as ok`, [s.product, s.adminId, s.key, s.path, s.hash])
  if (fresh) return null
  const prior = await one<{ path: string; request_hash: string; response: unknown }>(tx,
    'select path, request_hash, response from idempotency_keys where product = $1 and admin_id = $2 and key = $3', [s.product, s.adminId, s.key])
  if (!prior || prior.path !== s.path || prior.request_hash !== s.hash) throw conflict('该请求编号（Idempotency-Key）已用于另一笔不同的操作')
  return { response: prior.response }
}

/** Keeps the first request's answer with its key (same transaction as the work it describes). */
export async function keepAnswer(tx: Queryable, s: KeyScope, response: unknown): Promise<void> {
  await tx.query('update idempotency_keys set response = $4::jsonb where product = $1 and admin_id = $2 and key = $3',
    [s.product, s.adminId, s.key, JSON.stringify(response ?? null)])
}
