// Every route of the OpenAPI document, fed malformed requests as an attacker would send them (wrong types, missing and
// unknown fields, booleans and lists for scalars, 100 kB texts, NUL, control and direction-override characters,
// __proto__ keys, huge and negative numbers, bad cursors): every one is refused with a 4xx and a Chinese message, none
// reaches the database as a 500, and none leaves an operation-log row or moves money. Generated from the document at
// run time, so a route added later is covered without touching this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { one } from '../../src/server/db/db'

type Schema = Record<string, any>
interface Attempt { name: string; query?: Record<string, string | string[]>; body?: unknown; raw?: string }
interface Op { method: 'GET' | 'POST'; url: string; props: Record<string, Schema>; required: string[] }

const CJK = /[\u4e00-\u9fff]/
const HUGE = 'x'.repeat(100 * 1024)
const LONG_QUERY = 'x'.repeat(12 * 1024)

const typeOf = (s: Schema): string => (Array.isArray(s.type) ? s.type[0] : s.type) ?? (s.anyOf ? typeOf(s.anyOf[0]) : 'string')
const isText = (s: Schema) => typeOf(s) === 'string' || (s.anyOf ?? []).some((x: Schema) => typeOf(x) === 'string')

function operations(doc: any): Op[] {
  const ops: Op[] = []
  for (const [url, methods] of Object.entries<any>(doc.paths)) {
    for (const [m, op] of Object.entries<any>(methods)) {
      const method = m.toUpperCase() as Op['method']
      if (method === 'GET') {
        const params: any[] = (op.parameters ?? []).filter((p: any) => p.in === 'query')
        ops.push({ method, url, props: Object.fromEntries(params.map((p) => [p.name, p.schema])), required: params.filter((p) => p.required).map((p) => p.name) })
      } else {
        const s = op.requestBody?.content?.['application/json']?.schema ?? {}
        ops.push({ method, url, props: s.properties ?? {}, required: s.required ?? [] })
      }
    }
  }
  return ops
}

/** A value each field would take, so that one bad field at a time is what the server sees. */
function plausible(s: Schema): unknown {
  if (s.enum) return s.enum[0]
  if (s.const !== undefined) return s.const
  if (s.anyOf) return plausible(s.anyOf[0])
  switch (typeOf(s)) {
    case 'integer': case 'number': return Math.max(s.minimum ?? 1, 1)
    case 'boolean': return false
    case 'array': return [plausible(s.items ?? {})]
    case 'object': return {}
    default: return 'abc'.padEnd(s.minLength ?? 0, 'x')
  }
}

const asQuery = (v: unknown): string | string[] => (Array.isArray(v) ? v.map(String) : String(v))

function attemptsForGet(op: Op): Attempt[] {
  const base = Object.fromEntries(Object.entries(op.props).map(([k, s]) => [k, asQuery(plausible(s))]))
  const out: Attempt[] = [
    { name: 'an unknown field', query: { ...base, zz_unknown: '1' } },
    { name: 'a __proto__ key', query: { ...base, __proto__x: '1', ['__proto__']: '1' } as any },
    { name: 'constructor', query: { ...base, constructor: '1' } },
    { name: 'a cache buster', query: { ...base, _: '1700000000000' } },
    { name: 'a key with NUL', query: { ...base, 'a\u0000b': '1' } },
    { name: 'a nested key', query: { ...base, 'filter[id]': '1' } },
    { name: 'an empty key', query: { ...base, '': '1' } },
    { name: 'a 12 kB key', query: { ...base, [LONG_QUERY]: '1' } },
    { name: 'a key with a direction override', query: { ...base, 'id\u202E': '1' } },
    { name: 'an unknown list', query: { ...base, zz_list: ['1', '2', '3'] } },
  ]
  for (const k of op.required) out.push({ name: `${k} missing`, query: Object.fromEntries(Object.entries(base).filter(([n]) => n !== k)) as Record<string, string> })
  for (const [k, s] of Object.entries(op.props)) {
    const t = typeOf(s)
    if (isText(s) && !s.enum && !s.anyOf) {
      out.push({ name: `${k}: NUL`, query: { ...base, [k]: 'a\u0000' } })
      out.push({ name: `${k}: a control character`, query: { ...base, [k]: 'a\u0001b' } })
      out.push({ name: `${k}: a direction override`, query: { ...base, [k]: 'ab\u202Ecd' } })
      out.push({ name: `${k}: a 12 kB text`, query: { ...base, [k]: LONG_QUERY } })
    }
    if (t === 'integer' || t === 'number') {
      out.push({ name: `${k}: 99999999999999999999`, query: { ...base, [k]: '99999999999999999999' } })
      out.push({ name: `${k}: 1e30`, query: { ...base, [k]: '1e30' } })
      out.push({ name: `${k}: -1e30`, query: { ...base, [k]: '-1e30' } })
      out.push({ name: `${k}: true`, query: { ...base, [k]: 'true' } })
      out.push({ name: `${k}: text`, query: { ...base, [k]: 'abc' } })
      out.push({ name: `${k}: NUL`, query: { ...base, [k]: '1\u0000' } })
      if (t === 'integer') out.push({ name: `${k}: 1.5`, query: { ...base, [k]: '1.5' } })
    }
    if (t === 'array') out.push({ name: `${k}: text items`, query: { ...base, [k]: ['abc', 'def'] } })
    else if (!s.anyOf) out.push({ name: `${k}: repeated`, query: { ...base, [k]: [String(plausible(s)), String(plausible(s))] } })
  }
  return out
}

function attemptsForPost(op: Op): Attempt[] {
  const base = Object.fromEntries(Object.entries(op.props).map(([k, s]) => [k, plausible(s)]))
  const out: Attempt[] = [
    { name: 'invalid JSON', raw: '{"id": 1,' },
    { name: 'a JSON array', body: [1, 2] },
    { name: 'a JSON string', body: 'hello' },
    { name: 'JSON null', raw: 'null' },
    { name: 'a JSON number', raw: '123' },
    { name: 'an unknown field', body: { ...base, zz_unknown: 1 } },
    { name: 'a __proto__ key', raw: JSON.stringify(base).replace(/^\{/, '{"__proto__": {"isSuper": true},').replace(',}', '}') },
    { name: 'constructor.prototype', raw: JSON.stringify(base).replace(/^\{/, '{"constructor": {"prototype": {"isSuper": true}},').replace(',}', '}') },
    { name: 'an empty key', body: { ...base, '': 1 } },
    { name: 'a field from the query string', body: base, query: { zz_unknown: '1' } },
  ]
  if (op.required.length) out.push({ name: 'an empty object', body: {} })
  for (const k of op.required) out.push({ name: `${k} missing`, body: Object.fromEntries(Object.entries(base).filter(([n]) => n !== k)) })
  for (const [k, s] of Object.entries(op.props)) {
    const t = typeOf(s)
    out.push({ name: `${k}: an object`, body: { ...base, [k]: { a: 1 } } })
    if (t !== 'boolean') out.push({ name: `${k}: true`, body: { ...base, [k]: true } })
    if (t !== 'array') out.push({ name: `${k}: a list`, body: { ...base, [k]: [plausible(s), plausible(s)] } })
    if (isText(s) && !s.enum) {
      out.push({ name: `${k}: NUL`, body: { ...base, [k]: 'a\u0000b' } })
      out.push({ name: `${k}: a control character`, body: { ...base, [k]: 'a\u001bb' } })
      out.push({ name: `${k}: a direction override`, body: { ...base, [k]: 'ab\u202Ecd' } })
      out.push({ name: `${k}: a 100 kB text`, body: { ...base, [k]: HUGE } })
    }
    if (t === 'integer' || t === 'number') {
      out.push({ name: `${k}: 1e30`, body: { ...base, [k]: 1e30 } })
      out.push({ name: `${k}: -1e30`, body: { ...base, [k]: -1e30 } })
      out.push({ name: `${k}: a numeric text`, body: { ...base, [k]: '1' } })
      if (t === 'integer') out.push({ name: `${k}: 1.5`, body: { ...base, [k]: 1.5 } })
    }
    if (t === 'array') {
      out.push({ name: `${k}: [true]`, body: { ...base, [k]: [true] } })
      out.push({ name: `${k}: a scalar`, body: { ...base, [k]: plausible(s.items ?? {}) } })
      out.push({ name: `${k}: 100,000 items`, body: { ...base, [k]: Array.from({ length: 100_000 }, () => plausible(s.items ?? {})) } })
      if (isText(s.items ?? {})) out.push({ name: `${k}: a NUL item`, body: { ...base, [k]: ['a\u0000'] } })
    }
  }
  return out
}

let t: TestApp
let token: string
let ops: Op[]

beforeAll(async () => {
  t = await makeApp()
  token = await t.login()
  const doc = await t.get('/api/openapi.json', token)
  expect(doc.status).toBe(200)
  ops = operations(doc.body)
})
afterAll(async () => { await t.close() })

async function send(op: Op, a: Attempt, tok: string | undefined) {
  const qs = a.query ? new URLSearchParams(Object.entries(a.query).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]]))).toString() : ''
  const url = qs ? `${op.url}?${qs}` : op.url
  const payload = a.raw ?? (a.body === undefined ? undefined : JSON.stringify(a.body))
  const res = await t.app.inject({
    method: op.method, url,
    headers: { ...(tok ? { token: tok } : {}), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
    payload,
  })
  let body: any
  try { body = JSON.parse(res.body) } catch { body = { msg: res.body } }
  return { status: res.statusCode, msg: String(body?.msg ?? '') }
}

const traces = async () => one<{ logs: number; transfers: number; changes: number }>(t.db,
  `select (select count(*)::int from operation_logs) as logs, (select count(*)::int from ledger_transfers) as transfers,
          (select count(*)::int from balance_changes) as changes`)

describe('every route refuses malformed input', () => {
  it('covers every route of the document with at least 10 attempts each', () => {
    expect(ops.length).toBeGreaterThan(100)
    for (const op of ops) {
      const n = (op.method === 'GET' ? attemptsForGet(op) : attemptsForPost(op)).length
      expect(n, `${op.method} ${op.url}`).toBeGreaterThanOrEqual(10)
    }
  })

  it('answers every malformed request with a Chinese 4xx, never a 500, and leaves no log row or money movement', async () => {
    const failures: string[] = []
    let sent = 0
    for (const op of ops) {
      const before = await traces()
      for (const a of op.method === 'GET' ? attemptsForGet(op) : attemptsForPost(op)) {
        const r = await send(op, a, token)
        sent++
        if (r.status < 400 || r.status >= 500 || !CJK.test(r.msg)) failures.push(`${op.method} ${op.url} ${a.name}: ${r.status} ${r.msg.slice(0, 80)}`)
      }
      const after = await traces()
      if (JSON.stringify(after) !== JSON.stringify(before)) failures.push(`${op.method} ${op.url}: traces ${JSON.stringify(before)} → ${JSON.stringify(after)}`)
    }
    expect(failures).toEqual([])
    expect(sent).toBeGreaterThanOrEqual(ops.length * 10)
    expect((await t.get('/api/userinfo', token)).status).toBe(200)
    // Thousands of requests, growing with every route: a guard against a hang, not a measure of speed.
  }, 600_000)

  it('answers an anonymous request 401 before looking at its body or query', async () => {
    const failures: string[] = []
    for (const op of ops) {
      if (['/api/login', '/common/configs'].includes(op.url)) continue
      for (const a of (op.method === 'GET' ? attemptsForGet(op) : attemptsForPost(op)).slice(0, 4)) {
        const r = await send(op, a, undefined)
        if (r.status !== 401) failures.push(`${op.method} ${op.url} ${a.name}: ${r.status} ${r.msg}`)
      }
    }
    expect(failures).toEqual([])
  })
})
