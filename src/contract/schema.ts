// Schema pieces every endpoint declares its input with (TypeBox, shared by server and console); titles are the
// Chinese field names a 400 names.
import { Type, type TObject, type TProperties, type TSchema } from '@sinclair/typebox'
import { MAX_PER_PAGE } from './common'
import type { Labels } from './enums'
import { HIDDEN_KEYWORD, LABELS_KEYWORD } from './list'

/** Keyset cursors over bigint ids: every value a JavaScript number carries exactly, all within bigint. */
export const INT53 = { minimum: 0, maximum: Number.MAX_SAFE_INTEGER }

export const Id = Type.Integer({ title: 'ID', minimum: 1, maximum: 2147483647 })
export const IdBody = Type.Object({ id: Id })
export const IdQuery = Type.Object({ id: Id })
export const IdsBody = Type.Object({ ids: Type.Array(Id, { title: 'ID列表', minItems: 1, maxItems: 1000 }) })

export const PageQuery = {
  page: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 1000000 })),
  per_page: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: MAX_PER_PAGE })),
}
/** Paging of a list that pages by cursor: `after`/`before` a row id (bigint ids; an int4 list narrows them). */
export const KeysetQuery = {
  ...PageQuery,
  after: Type.Optional(Type.Integer({ title: '翻页位置', ...INT53 })),
  before: Type.Optional(Type.Integer({ title: '翻页位置', ...INT53 })),
}

/** Paging of a list over an int4 id: its cursors bounded to the column. */
export const KeysetQueryInt = {
  ...PageQuery,
  after: Type.Optional(Type.Integer({ title: '翻页位置', minimum: 0, maximum: 2147483647 })),
  before: Type.Optional(Type.Integer({ title: '翻页位置', minimum: 0, maximum: 2147483647 })),
}

/** A paged list query with the given filters. */
export const ListQuery = <P extends Record<string, TSchema>>(filters: P) => Type.Object({ ...PageQuery, ...filters })

export const DateTime = (title: string) =>
  Type.String({ title, pattern: '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}(:\\d{2})?)?$', maxLength: 19 })

export const Text = (title: string, max: number, min = 0) => Type.String({ title, maxLength: max, minLength: min })
/** An optional integer filter within [min, max]. */
export const IntFilter = (title: string, min: number, max: number) => Type.Optional(Type.Integer({ title, minimum: min, maximum: max }))
/**
 * An optional filter choosing one of `labels`: an integer within the labels' keys when they are numbers, else one of
 * the keys; the console shows it as a select of the labels.
 */
export const LabelFilter = (title: string, labels: Labels) => {
  const keys = Object.keys(labels)
  const opts = { title, [LABELS_KEYWORD]: labels }
  return keys.every((k) => /^\d+$/.test(k))
    ? Type.Optional(Type.Integer({ ...opts, minimum: Math.min(...keys.map(Number)), maximum: Math.max(...keys.map(Number)) }))
    : Type.Optional(Type.Union(keys.map((k) => Type.Literal(k)), opts))
}
/** A query field the list takes but its filter bar does not show (a link from elsewhere sets it). */
export const Hidden = <T extends TSchema>(t: T): T => ({ ...t, [HIDDEN_KEYWORD]: true })

export const Username = Type.String({ title: '用户名', minLength: 4, maxLength: 16, pattern: '^[A-Za-z0-9_]+$' })
export const Status01 = (title = '状态') => Type.Integer({ title, minimum: 0, maximum: 1 })
export const NullableId = (title: string) => Type.Optional(Type.Union([Type.Integer({ title, minimum: 1, maximum: 2147483647 }), Type.Null()], { title }))
export const Phone = Type.String({ title: '手机号', maxLength: 11, pattern: '^(1[3-9][0-9]{9})?$' })
export const Remark = Text('备注', 200)
export const RemarkText = (title = '备注', min = 0) => Type.String({ title, maxLength: 200, minLength: min })
/** A money amount as the console sends it: "1234.50" (or a number), read to cents on the server (`cents`). */
export const MoneyText = (title: string) => Type.Union([Type.String({ title, maxLength: 20 }), Type.Number({ title })], { title })
/** A rate as text or a number (its sub-schemas carry the title too, so a wrong type is reported by its Chinese name). */
export const RateText = (title: string, maxLength: number) => Type.Union([Type.String({ title, maxLength }), Type.Number({ title })], { title })

/** Money in an answer: a decimal string with two places ("1234.50"), exact past 2^53 cents. */
export const Money = Type.String({ pattern: '^-?\\d+\\.\\d{2}$' })
/** A time in an answer: `YYYY-MM-DD HH:mm:ss` in the product time zone. */
export const TimeText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' })
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()])

/** A keyset-paged answer of `item` rows, with the list's further fields. */
export const Paged = <I extends TSchema, X extends TProperties = {}>(item: I, extra?: X) => Type.Object({
  items: Type.Array(item), total: Type.Integer(), total_exact: Type.Boolean(), per_page: Type.Integer(), current_page: Type.Integer(),
  cursor_next: Nullable(Type.Integer()), cursor_prev: Nullable(Type.Integer()),
  ...(extra ?? ({} as X)),
}) as TObject
