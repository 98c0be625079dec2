// Every write endpoint registered in the app, fed malformed bodies: never a 500, always 400/404/409 (200 only where
// Fastify's documented type coercion makes the body valid), and every 400 message in Chinese.
// Routes are read from ALL_ROUTES at run time, so endpoints added later are covered without touching this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeApp, type TestApp } from './helpers'
import { ALL_ROUTES } from '../../src/server/routes'
import type { RouteSpec } from '../../src/server/http/route'

type Schema = Record<string, any>
interface Variant { name: string; payload?: unknown; raw?: string; allowed: number[] }

const HUGE = '长'.repeat(100 * 1024 / 3) + 'x'.repeat(100)
const CJK = /[\u4e00-\u9fff]/
const STRICT = [400]
const REFUSED = [400, 404, 409]
const COERCIBLE = [200, 400, 404, 409]

const props = (s?: Schema): Record<string, Schema> => s?.properties ?? {}
const required = (s?: Schema): string[] => s?.required ?? []
const typeOf = (s: Schema): string => (Array.isArray(s.type) ? s.type[0] : s.type) ?? (s.anyOf ? typeOf(s.anyOf[0]) : 'string')
const isIdField = (k: string) => /(^|_)ids?$/.test(k)

/** A value the schema would take, with ids pointing nowhere (999999). */
function plausible(key: string, s: Schema): unknown {
  if (s.enum) return s.enum[0]
  if (s.const !== undefined) return s.const
  switch (typeOf(s)) {
    case 'integer': case 'number': return isIdField(key) ? 999999 : s.minimum ?? 1
    case 'boolean': return false
    case 'array': return isIdField(key) ? [999999] : []
    case 'object': return {}
    default: return 'abc_test'.padEnd(s.minLength ?? 0, 'x').slice(0, s.maxLength ?? 64)
  }
}

const base = (s?: Schema) => Object.fromEntries(Object.entries(props(s)).map(([k, p]) => [k, plausible(k, p)]))
const each = (s: Schema | undefined, fn: (p: Schema) => unknown) => Object.fromEntries(Object.entries(props(s)).map(([k, p]) => [k, fn(p)]))

function variants(r: RouteSpec): Variant[] {
  const s = r.body as Schema | undefined
  const keys = Object.keys(props(s))
  const needsBody = required(s).length > 0
  const out: Variant[] = [
    { name: 'invalid JSON', raw: '{"id": 1,', allowed: STRICT },
    { name: 'no body', allowed: needsBody ? STRICT : COERCIBLE },
    { name: 'empty object', payload: {}, allowed: needsBody ? STRICT : COERCIBLE },
    { name: 'a JSON array as the body', payload: [1, 2], allowed: needsBody ? STRICT : COERCIBLE },
    { name: 'a JSON string as the body', payload: 'hello', allowed: needsBody ? STRICT : COERCIBLE },
  ]
  if (!keys.length) return out
  out.push(
    { name: 'objects everywhere', payload: each(s, () => ({ a: 1 })), allowed: STRICT },
    { name: 'nulls everywhere', payload: each(s, () => null), allowed: COERCIBLE },
    {
      name: 'numbers for strings, strings for the rest', allowed: COERCIBLE,
      payload: each(s, (p) => (typeOf(p) === 'string' ? 12345 : 'abc')),
    },
  )
  if (keys.some(isIdField)) out.push({ name: 'unknown ids (999999)', payload: base(s), allowed: REFUSED })
  for (const [k, p] of Object.entries(props(s))) {
    const t = typeOf(p)
    out.push({ name: `${k}: an object`, payload: { ...base(s), [k]: { a: 1 } }, allowed: STRICT })
    out.push({ name: `${k}: two-item array`, payload: { ...base(s), [k]: t === 'array' ? [{ a: 1 }, { b: 2 }] : [plausible(k, p), plausible(k, p)] }, allowed: STRICT })
    if (t === 'string') out.push({ name: `${k}: a 100 KB string`, payload: { ...base(s), [k]: HUGE }, allowed: STRICT })
    if (t === 'array' && typeOf(p.items ?? {}) === 'string') out.push({ name: `${k}: a 100 KB string item`, payload: { ...base(s), [k]: [HUGE] }, allowed: STRICT })
    if (t === 'integer' || t === 'number') {
      out.push({ name: `${k}: a huge number`, payload: { ...base(s), [k]: 1e300 }, allowed: STRICT })
      out.push({ name: `${k}: a fraction`, payload: { ...base(s), [k]: 1.5 }, allowed: t === 'integer' ? STRICT : COERCIBLE })
    }
  }
  return out
}

const writes = ALL_ROUTES.filter((r) => r.method === 'POST')
let t: TestApp
let token: string

beforeAll(async () => { t = await makeApp(); token = await t.login() })
afterAll(async () => { await t.close() })

describe('malformed bodies on every write endpoint', () => {
  it('finds the write endpoints in the app', () => {
    expect(writes.length).toBeGreaterThan(10)
    expect(writes.map((r) => r.url)).toContain('/api/proadmin/create')
  })

  it.each(writes.map((r) => [r.url, r] as const))('%s', async (url, r) => {
    const problems: string[] = []
    for (const v of variants(r)) {
      const headers: Record<string, string> = { token }
      if (v.raw !== undefined || v.payload !== undefined) headers['content-type'] = 'application/json'
      const res = await t.app.inject({
        method: 'POST', url, headers,
        ...(v.raw !== undefined ? { payload: v.raw } : v.payload !== undefined ? { payload: JSON.stringify(v.payload) } : {}),
      })
      let body: any
      try { body = JSON.parse(res.body) } catch { body = { msg: res.body } }
      const where = `${v.name} → ${res.statusCode} ${String(body?.msg).slice(0, 120)}`
      if (!v.allowed.includes(res.statusCode)) problems.push(`${where} (expected ${v.allowed.join('/')})`)
      if (res.statusCode === 400 && !CJK.test(String(body?.msg))) problems.push(`${where} (400 without a Chinese message)`)
      if (body?.code !== res.statusCode) problems.push(`${where} (envelope code ${body?.code})`)
      if (url === '/api/logout' && res.statusCode === 200) token = await t.login()
    }
    expect(problems).toEqual([])
  })
})
