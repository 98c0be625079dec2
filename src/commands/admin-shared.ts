// Helpers the admin and product commands share: route paths, cancellation, per-row runs with collected failures.
import { ApiError } from '../core/http'
import type { Row } from '../core/command'
import { toast } from '../core/toast'

export const PATHS = {
  admins: '/layout/admin/admins',
  role: '/layout/admin/role',
  menu: '/layout/admin/menu',
  whitelist: '/layout/admin/whitelist',
  log: '/layout/admin/log',
  google: '/layout/admin/google',
  proadmin: '/layout/proadmin',
} as const

/** The operator backed out (closed a form, cancelled a confirm): runners treat it as no outcome, not a failure. */
export function cancelled(): ApiError {
  return new ApiError(-1, '已取消', undefined, true)
}

/** Throws the cancellation when a form or dialog resolved with null. */
export function orCancel<T>(result: T | null): T {
  if (result === null) throw cancelled()
  return result
}

/** What a bulk `run` answers: how many rows succeeded and which failed, with the server's reason. */
export interface BulkResult { ok: number; failed: { id: number | string; msg: string }[] }

/** Runs fn for each row one after another, collecting failures instead of stopping at the first. */
export async function eachRow<T extends Row>(rows: T[], fn: (row: T) => Promise<unknown>): Promise<BulkResult> {
  const out: BulkResult = { ok: 0, failed: [] }
  for (const r of rows) {
    try {
      await fn(r)
      out.ok += 1
    } catch (e) {
      out.failed.push({ id: r.id, msg: e instanceof ApiError ? e.msg : e instanceof Error ? e.message : String(e) })
    }
  }
  return out
}

export const ids = (rows: Row[]): number[] => rows.map((r) => Number(r.id))
export const one = (rows: Row[]): boolean => rows.length === 1
/** A confirm line per row, e.g. `admin（超级管理员）`. */
export const lines = (rows: Row[], name: (r: Row) => string): string[] =>
  rows.length > 20 ? [...rows.slice(0, 20).map(name), `…等共 ${rows.length} 项`] : rows.map(name)

/** Toasts a partial failure (palette runs see it too); the table's bulk runner adds a dialog listing each failure. */
export function reportBulk(title: string, result: BulkResult, name: (id: number | string) => string): BulkResult {
  if (result.failed.length) {
    const first = result.failed[0]
    toast.error(`${title}：成功 ${result.ok} 项，失败 ${result.failed.length} 项（${name(first.id)}：${first.msg}${result.failed.length > 1 ? ' 等' : ''}）`)
  }
  return result
}
