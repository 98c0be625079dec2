// The console's live events: one stream per logged-in console (GET /api/events read with fetch, so the token travels
// in its header, never in the URL), reconnected with a growing delay when it drops. Counts land in liveState (sidebar
// and palette badges); every other event goes to the subscribers (alerts, the lists showing its resource).
import { proxy } from 'valtio/vanilla'
import { API } from '../contract/api'
import { MENU } from '../contract/menus'
import { resourceOf, type CountsEvent, type EventName, type EventResource } from '../contract/events'
import { onUnauthorized } from './http'
import { sessionState } from './session'
import { sseParser } from './sse'

export const liveState = proxy<{ counts: CountsEvent | null; connected: boolean }>({ counts: null, connected: false })

export type LiveListener = (name: EventName, data: Record<string, unknown>) => void
const listeners = new Set<LiveListener>()

/** Calls `fn` with every event but counts; answers the unsubscribe. */
export function onLiveEvent(fn: LiveListener): () => void {
  listeners.add(fn)
  return () => { listeners.delete(fn) }
}

/** The list endpoints each resource's events concern: a list reading one of them refreshes on its events. */
const LIVE_LISTS: Record<EventResource, string[]> = {
  withdraw: [API.withdraw.index.url],
  recharge: [API.recharge.index.url],
  bet: [API.bets.index.url],
}

/** Whether an event concerns the list read from `endpointUrl`. */
export function eventTouches(endpointUrl: string, name: string): boolean {
  const r = resourceOf(name)
  return r !== null && LIVE_LISTS[r].includes(endpointUrl)
}

/** The count shown beside a page's entry (sidebar, palette), or null for none. */
export function badgeOf(path: string | undefined, c: CountsEvent | null): { n: number; title: string } | null {
  if (!c || !path) return null
  if (path === MENU.withdraw && c.withdraw_pending !== null) {
    const n = c.withdraw_pending + (c.withdraw_second ?? 0)
    return n > 0 ? { n, title: `审核中 ${c.withdraw_pending} · 待复核 ${c.withdraw_second ?? 0}` } : null
  }
  if (path === MENU.recharge && c.recharge_pending) return { n: c.recharge_pending, title: `待支付 ${c.recharge_pending}` }
  return null
}

const BACKOFF_MIN_MS = 1000
const BACKOFF_MAX_MS = 30_000
/** A stream that stayed open this long was healthy: the next drop starts the delays again from the shortest. */
const HEALTHY_MS = 20_000

function dispatch(event: string, text: string): void {
  let data: unknown
  try { data = JSON.parse(text) } catch { return }
  if (event === 'counts') liveState.counts = data as CountsEvent
  else for (const fn of listeners) fn(event as EventName, data as Record<string, unknown>)
}

let running: (() => void) | null = null

/**
 * Opens the console's stream (once: a second call while it runs does nothing) and keeps it open until the answered
 * stop is called. A 401 ends the session as any other call's would; other failures retry after 1, 2, 4… 30 s.
 */
export function startLiveEvents(): () => void {
  if (running) return running
  let stopped = false
  let abort: AbortController | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let delay = BACKOFF_MIN_MS

  const again = () => {
    if (stopped) return
    timer = setTimeout(() => void connect(), delay * (0.8 + Math.random() * 0.4))
    delay = Math.min(delay * 2, BACKOFF_MAX_MS)
  }

  async function connect(): Promise<void> {
    const token = sessionState.token
    if (stopped || !token) return
    abort = new AbortController()
    let opened = 0
    try {
      const res = await fetch(API.events.stream.url, { headers: { token, accept: 'text/event-stream' }, signal: abort.signal, cache: 'no-store' })
      if (res.status === 401) {
        stop()
        if (sessionState.token === token) onUnauthorized()
        return
      }
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`)
      opened = Date.now()
      liveState.connected = true
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
      const feed = sseParser((m) => dispatch(m.event, m.data))
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        feed(value)
      }
    } catch (e) {
      if (stopped) return
      console.debug('[events] stream failed', e)
    } finally {
      liveState.connected = false
    }
    if (opened && Date.now() - opened > HEALTHY_MS) delay = BACKOFF_MIN_MS
    again()
  }

  function stop(): void {
    stopped = true
    clearTimeout(timer)
    abort?.abort()
    liveState.connected = false
    liveState.counts = null
    if (running === stop) running = null
  }

  running = stop
  void connect()
  return stop
}
