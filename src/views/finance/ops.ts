// The money operations' runtime, loaded when one runs: one idempotency key per confirmed operation (reused on a retry
// after a lost answer), member and merchant lookups remembered for the confirm previews, and per-row decisions.
import { http, ApiError } from '../../core/http'
import { TRANSPORT_CODE } from '../../core/http-errors'
import { confirm } from '../../core/dialogs'
import type { Row } from '../../core/command'
import { refreshList } from '../../core/context'

/** The operator backed out: runners treat it as no outcome, not a failure. */
export const cancelled = () => new ApiError(-1, '已取消', undefined, true)

/** A fresh key (128 random bits as hex; crypto.getRandomValues works outside secure contexts too). */
export function newKey(): string {
  const b = new Uint8Array(16)
  crypto.getRandomValues(b)
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
}

const lost = (e: unknown) => e instanceof ApiError && !e.cancelled && (e.code === TRANSPORT_CODE.timeout || e.code === TRANSPORT_CODE.network)

/**
 * Posts a money operation under one idempotency key. When the answer is lost (time-out, network), the operator may
 * retry: the same key goes again, so the server answers the first result and moves nothing twice.
 */
export async function postOnce<T>(url: string, body: object, opts: { silent?: boolean } = {}): Promise<T> {
  const key = newKey()
  for (;;) {
    try {
      return await http.post<T>(`${url}?idempotency_key=${key}`, body, opts)
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

/** What a bulk run answers: how many rows succeeded and which failed, with the server's reason. */
export interface BulkResult { ok: number; failed: { id: number | string; msg: string }[] }

/**
 * Each row once, one after another, each under its own key, failures collected (never stopping at the first); the
 * list refreshes either way. When rows failed among several, a dialog names each failed row and its reason and the
 * run ends as handled (no second report); a single row's failure is the request's own error (its toast shown).
 */
export async function eachOnce(rows: Row[], url: string, body: (r: Row) => object, o: { title: string; name: (r: Row) => string; list: string }): Promise<BulkResult> {
  const out: BulkResult = { ok: 0, failed: [] }
  try {
    for (const r of rows) {
      try {
        await postOnce(url, body(r), { silent: rows.length > 1 })
        out.ok += 1
      } catch (e) {
        if (rows.length === 1) throw e
        out.failed.push({ id: r.id, msg: e instanceof ApiError ? e.msg : e instanceof Error ? e.message : String(e) })
      }
    }
  } finally {
    refreshList(o.list)
  }
  if (out.failed.length) {
    const { showBulkResult } = await import('../kit/run-rows')
    await showBulkResult(o.title, out, new Map(rows.map((r) => [String(r.id), o.name(r)])))
    throw new ApiError(-1, `${o.title}：成功 ${out.ok} 项，失败 ${out.failed.length} 项`, undefined, true)
  }
  return out
}
