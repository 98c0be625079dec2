// An edit's change as fields: the operation log's before and after flattened to field paths (nested objects as
// `a.b`, arrays of records paired by their id as `[id=3].name`, other arrays as one value) and compared by value.
// The server answers the changed ones (`/api/operation/show`'s `diff`); the console folds the unchanged ones.

export interface DiffEntry { field: string; before: unknown; after: unknown }

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const isRecordList = (v: unknown): v is Record<string, unknown>[] =>
  Array.isArray(v) && v.length > 0 && v.every((x) => isObject(x) && (typeof x.id === 'number' || typeof x.id === 'string'))

/** Canonical text of a value (object keys sorted), so two equal values compare equal whatever their key order. */
function canon(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`
  if (isObject(v)) return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canon(v[k])}`).join(',')}}`
  return JSON.stringify(v)
}

/** Every leaf of a value by field path; a scalar or a plain array is one field named `prefix` ('' at the top). */
export function flatFields(v: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>()
  const put = (key: string, value: unknown) => { for (const [k, x] of flatFields(value, key)) out.set(k, x) }
  if (isObject(v) && Object.keys(v).length) for (const [k, x] of Object.entries(v)) put(prefix ? `${prefix}.${k}` : k, x)
  else if (isRecordList(v)) for (const x of v) put(`${prefix}[id=${x.id}]`, x)
  else out.set(prefix, v)
  return out
}

/** The fields whose value differs between before and after, in the order they first appear (before's, then after's new ones). */
export function fieldDiff(before: unknown, after: unknown): DiffEntry[] {
  // Two record lists pair by id; a record list facing anything else is compared whole.
  const paired = isRecordList(before) === isRecordList(after)
  const b = paired ? flatFields(before) : new Map([['', before]])
  const a = paired ? flatFields(after) : new Map([['', after]])
  const out: DiffEntry[] = []
  for (const field of new Set([...b.keys(), ...a.keys()])) {
    // A field missing on one side reads as null there.
    const x = b.get(field) ?? null
    const y = a.get(field) ?? null
    if (canon(x) !== canon(y)) out.push({ field, before: x, after: y })
  }
  return out
}
