// How request input is validated: strict by default. Every object refuses fields it does not declare, every integer is
// bounded (to a PostgreSQL integer unless its schema says more), every text refuses control and direction-override
// characters. A JSON body keeps its types (true is never an id); only the query string, which is text, is coerced.
import Ajv, { type Options, type ValidateFunction } from 'ajv'
import type { FastifySchemaCompiler } from 'fastify'
import { validationError } from './validation'

export const INT4 = { minimum: -2147483648, maximum: 2147483647 }
/** Keyset cursors over bigint ids: every value a JavaScript number carries exactly, all within bigint. */
export const INT53 = { minimum: 0, maximum: Number.MAX_SAFE_INTEGER }

/** NUL and the other C0 controls but tab and line breaks, DEL, and the bidi embeddings, overrides and isolates. */
export const UNSAFE_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/
/** The keyword strict() puts on every text (an OpenAPI extension, so the published document stays valid). */
export const TEXT_KEYWORD = 'x-text'

type Schema = Record<string, any>

const typesOf = (s: Schema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : [])

/**
 * A copy of a request schema made strict: objects without an explicit `additionalProperties` get false, integers
 * without bounds get PostgreSQL integer bounds, texts the safe-text keyword and lists and texts a length. Schemas are shared between routes,
 * so the original is never changed.
 */
export function strict<T>(schema: T): T {
  const walk = (s: unknown): unknown => {
    if (Array.isArray(s)) return s.map(walk)
    if (!s || typeof s !== 'object') return s
    const out: Schema = {}
    for (const [k, v] of Object.entries(s)) out[k] = k === 'enum' || k === 'const' || k === 'default' || k === 'examples' ? v : walk(v)
    const types = typesOf(out)
    if (types.includes('object') && out.additionalProperties === undefined && out.patternProperties === undefined) out.additionalProperties = false
    if (types.includes('integer')) {
      out.minimum ??= INT4.minimum
      out.maximum ??= INT4.maximum
    }
    if (types.includes('number')) {
      out.minimum ??= -Number.MAX_SAFE_INTEGER
      out.maximum ??= Number.MAX_SAFE_INTEGER
    }
    if (types.includes('string')) {
      out[TEXT_KEYWORD] = true
      out.maxLength ??= 10_000
    }
    if (types.includes('array')) out.maxItems ??= 1000
    return out
  }
  return walk(schema) as T
}

function makeAjv(coerceTypes: Options['coerceTypes']): Ajv {
  const ajv = new Ajv({ coerceTypes, removeAdditional: false, useDefaults: true, allErrors: false, verbose: true, strict: false })
  ajv.addKeyword({
    keyword: TEXT_KEYWORD,
    type: 'string',
    schemaType: 'boolean',
    errors: true,
    validate: (on: boolean, data: string) => !on || !UNSAFE_TEXT.test(data),
  })
  return ajv
}

/** Body: JSON keeps its types. Query string: text, coerced to the declared types (a lone value to a list). */
export function validatorCompiler(): FastifySchemaCompiler<unknown> {
  const byPart: Record<string, Ajv> = { body: makeAjv(false), querystring: makeAjv('array') }
  return ({ schema, httpPart }) => {
    const ajv = byPart[httpPart ?? '']
    if (!ajv) throw new Error(`no validator for ${httpPart}`)
    return ajv.compile(schema as Schema) as ReturnType<FastifySchemaCompiler<unknown>>
  }
}

const queryAjv = makeAjv('array')
const queryChecks = new WeakMap<object, ValidateFunction>()

/**
 * Checks a query given in a body (a saved export's filters) as the endpoint's query string would be checked: strict,
 * coerced from text; a failure is the same 400 naming the field. Answers the coerced copy.
 */
export function checkQuery<T extends object>(schema: object, data: Record<string, unknown>): T {
  let check = queryChecks.get(schema)
  if (!check) queryChecks.set(schema, (check = queryAjv.compile(strict(schema) as Schema)))
  const copy = { ...data }
  if (!check(copy)) throw validationError((check.errors ?? []) as never, 'querystring')
  return copy as T
}
