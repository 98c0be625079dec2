// Every answer a server test receives from an endpoint that declares its `response` schema (src/contract/api) is
// checked against that schema: a 200 whose data does not match fails the test that made the call.
import Ajv from 'ajv'
import type { TSchema } from '@sinclair/typebox'
import { API } from '../../src/contract/api'
import type { Endpoint } from '../../src/contract/endpoint'

const ajv = new Ajv({ allErrors: true, strict: false })
const byUrl = new Map<string, { ep: Endpoint; check: ReturnType<Ajv['compile']> }>()
for (const resource of Object.values(API) as Record<string, Endpoint>[]) {
  for (const ep of Object.values(resource)) {
    if (ep.response) byUrl.set(`${ep.method} ${ep.url}`, { ep, check: ajv.compile(ep.response as TSchema) })
  }
}

/** Throws when a successful answer of a declared endpoint does not match its response schema. */
export function checkAnswerShape(method: 'GET' | 'POST', url: string, status: number, body: any): void {
  if (status !== 200 || body?.code !== 200) return
  const found = byUrl.get(`${method} ${url.split('?')[0]}`)
  if (!found) return
  if (!found.check(body.data)) {
    throw new Error(`${method} ${url}: answer does not match its declared response: ${ajv.errorsText(found.check.errors)}`)
  }
}

/** How many endpoints declare their answer (reported by the shape test). */
export const declaredAnswers = () => byUrl.size
