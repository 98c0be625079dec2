// Schema pieces every area uses: ids, paging, dates; titles are the Chinese field names shown in messages.
import { Type, type TSchema } from '@sinclair/typebox'
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../../contract/common'

export const Id = Type.Integer({ title: 'ID', minimum: 1, maximum: 2147483647 })
export const IdBody = Type.Object({ id: Id })
export const IdQuery = Type.Object({ id: Id })
export const IdsBody = Type.Object({ ids: Type.Array(Id, { title: 'ID列表', minItems: 1, maxItems: 1000 }) })

export const PageQuery = {
  page: Type.Optional(Type.Integer({ title: '页码', minimum: 1, maximum: 1000000 })),
  per_page: Type.Optional(Type.Integer({ title: '每页条数', minimum: 1, maximum: MAX_PER_PAGE })),
}

/** A paged list query with the given filters. */
export const ListQuery = <P extends Record<string, TSchema>>(filters: P) => Type.Object({ ...PageQuery, ...filters })

export const DateTime = (title: string) =>
  Type.String({ title, pattern: '^\\d{4}-\\d{2}-\\d{2}( \\d{2}:\\d{2}(:\\d{2})?)?$', maxLength: 19 })

export const Text = (title: string, max: number, min = 0) => Type.String({ title, maxLength: max, minLength: min })

export interface Paging { page: number; per_page: number; limit: number; offset: number }

export function paging(q: { page?: number; per_page?: number }, defaultPerPage = DEFAULT_PER_PAGE): Paging {
  const page = q.page ?? 1
  const per_page = q.per_page ?? defaultPerPage
  return { page, per_page, limit: per_page, offset: (page - 1) * per_page }
}

/** The generic paged answer: items, total, per_page, current_page. */
export const paged = <T>(items: T[], total: number, p: Paging) => ({ items, total, per_page: p.per_page, current_page: p.page })
