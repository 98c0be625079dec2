// The console's one module for operations that change things: post once (one idempotency key per confirmed operation,
// reused on a retry after a lost answer), bulk runs with a result per row, and cancellation. Finance, merchant and
// admin commands all run through it.
import type { TSchema } from '@sinclair/typebox'
import type { Endpoint } from '../contract/endpoint'
import { ApiError } from './http'
import { TRANSPORT_CODE } from './http-errors'
import { confirm, showBulkResult } from './dialogs'
import type { Row } from './command'
import { refreshList } from './context'
import { toast } from './toast'
import { call, type Answer, type Input } from './api'

/** The operator backed out (closed a form, cancelled a confirm): runners treat it as no outcome, not a failure. */
export const cancelled = () => new ApiError(-1, '已取消', undefined, true)

/** Throws the cancellation when a form or dialog resolved with null. */
export function orCancel<T>(result: T | null): T {
  if (result === null) throw cancelled()
  return result
}

/** What a bulk run answers: how many rows succeeded and which failed, with the server's reason. */
export interface BulkResult { ok: number; failed: { id: number | string; msg: string }[] }

export function isBulkResult(x: unknown): x is BulkResult {
  return typeof x === 'object' && x !== null && typeof (x as BulkResult).ok === 'number' && Array.isArray((x as BulkResult).failed)
}

const message = (e: unknown) => (e instanceof ApiError ? e.msg : e instanceof Error ? e.message : String(e))

/** Runs fn for each row one after another, collecting failures instead of stopping at the first. */
export async function eachRow<T extends Row>(rows: T[], fn: (row: T) => Promise<unknown>): Promise<BulkResult> {
  const out: BulkResult = { ok: 0, failed: [] }
  for (const r of rows) {
    try {
      await fn(r)
      out.ok += 1
    } catch (e) {
      out.failed.push({ id: r.id, msg: message(e) })
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

/** A fresh key (128 random bits as hex; crypto.getRandomValues works outside secure contexts too). */
export function newKey(): string {
  const b = new Uint8Array(16)
  crypto.getRandomValues(b)
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
}

const lost = (e: unknown) => e instanceof ApiError && !e.cancelled && (e.code === TRANSPORT_CODE.timeout || e.code === TRANSPORT_CODE.network)

/**
 * Posts an idempotent write under one key. When the answer is lost (time-out, network), the operator may retry: the
 * same key goes again, so the server answers the first result and moves nothing twice.
 */
export async function postOnce<E extends Endpoint<TSchema, unknown>>(ep: E, body: Input<E>, opts: { silent?: boolean } = {}): Promise<Answer<E>> {
  const key = newKey()
  for (;;) {
    try {
      return await call(ep, body, { ...opts, idempotencyKey: key })
    } catch (e) {
      if (!lost(e)) throw e
      const again = await confirm({
        title: '结果未知：网络中断或超时', okText: '重试',
        lines: [(e as ApiError).msg, '重试会使用同一个请求编号：服务器若已执行，只返回第一次的结果，不会重复入账。'],
      })
      if (!again) throw e
    }
  }
}

/**
 * Each row once, one after another, each under its own key, failures collected (never stopping at the first); the
 * list refreshes either way. When rows failed among several, a dialog names each failed row and its reason and the
 * run ends as handled (no second report); a single row's failure is the request's own error (its toast shown).
 */
export async function eachOnce<E extends Endpoint<TSchema, unknown>>(rows: Row[], ep: E, body: (r: Row) => Input<E>, o: { title: string; name: (r: Row) => string; list: string }): Promise<BulkResult> {
  const out: BulkResult = { ok: 0, failed: [] }
  try {
    for (const r of rows) {
      try {
        await postOnce(ep, body(r), { silent: rows.length > 1 })
        out.ok += 1
      } catch (e) {
        if (rows.length === 1) throw e
        out.failed.push({ id: r.id, msg: message(e) })
      }
    }
  } finally {
    refreshList(o.list)
  }
  if (out.failed.length) {
    await showBulkResult(o.title, out, new Map(rows.map((r) => [String(r.id), o.name(r)])))
    throw new ApiError(-1, `${o.title}：成功 ${out.ok} 项，失败 ${out.failed.length} 项`, undefined, true)
  }
  return out
}
