// What commands of other areas (product, member, finance, lottery, merchant, settings) still import from here: the
// operation helpers, which live in core/ops.ts, and the product admin page. This file goes once they import
// core/ops.ts and MENU themselves.
import { MENU } from '../contract/menus'

export { cancelled, eachRow, ids, lines, one, orCancel, reportBulk, type BulkResult } from '../core/ops'

/** The product admin page, for commands/product.ts until it names MENU.proadmin itself. */
export const PATHS = { proadmin: MENU.proadmin } as const
