// The one http client (redaxios): token header, 16 s time-out, progress bar, one error path with toasts, identical reads joined and duplicate writes dropped, 401 → login.
import redaxios, { type Response } from 'redaxios'
import { ApiError, describeFailure, isCancelled, isSuccess, TRANSPORT_CODE, type Failure } from './http-errors'
import { loginRedirect } from './guard'
import { clearSession, sessionState } from './session'
import { startProgress } from './progress'
import { toast } from './toast'
import { currentPath, navigate } from './nav'
import { API } from '../contract/api'

export { ApiError, isCancelled }

export interface HttpOpts {
  /** No toast on failure (the caller shows the error itself). */
  silent?: boolean
  /** The caller shows its own spinner, so no progress bar. */
  spinner?: boolean
}

export const TIMEOUT_MS = 16_000
/** Calls that never toast (typing suggestions fail quietly). */
const QUIET_URLS = [API.member.suggest.url]

const inFlight = new Map<string, Promise<unknown>>()

function serializeParams(params: unknown): string {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries((params ?? {}) as Record<string, unknown>)) {
    if (v === undefined || v === null || v === '') continue
    if (Array.isArray(v)) v.forEach((x) => q.append(k, String(x)))
    else q.append(k, String(v))
  }
  return q.toString()
}

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false
}

/** The session is over (a 401): clear it and go to the login page, coming back here afterwards. */
export function onUnauthorized(): void {
  clearSession()
  const here = currentPath()
  if (!here.startsWith('/login')) navigate(loginRedirect(here), { replace: true })
}

function fail(f: Failure, url: string, opts: HttpOpts, sentToken: string | null): ApiError {
  const d = describeFailure(f)
  const err = new ApiError(d.code, d.msg, d.field)
  // Once a 401 has ended the session, the other calls of that session failing too is noise, not news.
  const sessionEnded = d.code !== 401 && sentToken !== null && sessionState.token === null
  if (d.code === 401) onUnauthorized()
  if (!opts.silent && !sessionEnded && !QUIET_URLS.includes(url)) toast.error(d.msg)
  return err
}

function isResponse(x: unknown): x is Response<unknown> {
  return typeof x === 'object' && x !== null && 'status' in x && 'data' in x && typeof (x as { status: unknown }).status === 'number'
}

/**
 * One call at a time per method, URL and payload. An identical read already in flight answers this caller too (a view
 * that reloads while its first load is still out gets that answer, not an error); an identical write is a double
 * submit and is dropped (a cancelled duplicate, only logged).
 */
function request<T>(method: 'get' | 'post', url: string, payload: object | undefined, opts: HttpOpts = {}): Promise<T> {
  const key = `${method} ${url} ${JSON.stringify(payload ?? null)}`
  const pending = inFlight.get(key)
  if (pending && method === 'get') return pending as Promise<T>
  if (pending) {
    console.debug('[http] duplicate request dropped:', key)
    return Promise.reject(new ApiError(TRANSPORT_CODE.cancelled, '重复请求已取消', undefined, true))
  }
  const sent = send<T>(method, url, payload, opts).finally(() => inFlight.delete(key))
  inFlight.set(key, sent)
  return sent
}

async function send<T>(method: 'get' | 'post', url: string, payload: object | undefined, opts: HttpOpts): Promise<T> {
  const done = opts.spinner ? () => {} : startProgress()
  const abort = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => { timedOut = true; abort.abort() }, TIMEOUT_MS)
  const headers: Record<string, string> = {}
  const sentToken = sessionState.token
  if (sentToken) headers.token = sentToken
  const config = {
    headers,
    paramsSerializer: serializeParams,
    fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, { ...init, signal: abort.signal }),
  }
  try {
    const res = method === 'get'
      ? await redaxios.get<unknown>(url, { ...config, params: payload as Record<string, unknown> | undefined })
      : await redaxios.post<unknown>(url, payload ?? {}, config)
    if (isSuccess(res.status, res.data)) return (res.data as { data: T }).data
    throw fail({ kind: 'answer', status: res.status, body: res.data }, url, opts, sentToken)
  } catch (e) {
    if (e instanceof ApiError) throw e
    if (isResponse(e)) throw fail({ kind: 'answer', status: e.status, body: e.data }, url, opts, sentToken)
    if (timedOut) throw fail({ kind: 'timeout' }, url, opts, sentToken)
    throw fail({ kind: 'network', online: isOnline() }, url, opts, sentToken)
  } finally {
    clearTimeout(timer)
    done()
  }
}

export const http = {
  get<T>(url: string, params?: object, opts?: HttpOpts): Promise<T> {
    return request<T>('get', url, params, opts)
  },
  post<T>(url: string, body?: object, opts?: HttpOpts): Promise<T> {
    return request<T>('post', url, body, opts)
  },
}
