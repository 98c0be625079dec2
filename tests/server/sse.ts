// Reads a live events stream over real HTTP (fetch), as the console does: events in order, waited for by content,
// never by time. `take` answers the first event after the previous one taken that matches, with those it passed over.
export interface Sse { event: string; data: any }

export interface SseReader {
  status: number
  /** The next matching event and the events skipped to reach it (rejects if the stream ends first). */
  take(match: (e: Sse) => boolean): Promise<{ event: Sse; skipped: Sse[] }>
  /** Resolves when the server ends the stream. */
  ended: Promise<void>
  /** Comment lines (heartbeats) seen so far. */
  comments(): number
  close(): void
}

export async function openEvents(base: string, path: string, token?: string): Promise<SseReader> {
  const abort = new AbortController()
  const res = await fetch(`${base}${path}`, { headers: token ? { token } : {}, signal: abort.signal })
  const events: Sse[] = []
  let cursor = 0
  let comments = 0
  let done = false
  let wake: () => void = () => undefined
  let changed = new Promise<void>((r) => { wake = r })
  const bump = () => { const w = wake; changed = new Promise<void>((r) => { wake = r }); w() }

  const parse = (block: string) => {
    let event = 'message'
    const data: string[] = []
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments++
      else if (line.startsWith('event:')) event = line.slice(6).trim()
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart())
    }
    if (data.length) events.push({ event, data: JSON.parse(data.join('\n')) })
  }

  const ended = (async () => {
    if (!res.ok || !res.body) { done = true; bump(); return }
    const reader = res.body.getReader()
    const text = new TextDecoder()
    let buf = ''
    try {
      for (;;) {
        const { value, done: end } = await reader.read()
        if (end) break
        buf += text.decode(value, { stream: true })
        for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
          parse(buf.slice(0, i))
          buf = buf.slice(i + 2)
        }
        bump()
      }
    } catch { /* aborted by close() */ }
    done = true
    bump()
  })()

  return {
    status: res.status,
    ended,
    comments: () => comments,
    close: () => abort.abort(),
    async take(match) {
      for (;;) {
        const at = events.findIndex((e, i) => i >= cursor && match(e))
        if (at >= 0) {
          const skipped = events.slice(cursor, at)
          cursor = at + 1
          return { event: events[at], skipped }
        }
        if (done) throw new Error(`stream ended before the event; seen: ${JSON.stringify(events.slice(cursor))}`)
        await changed
      }
    },
  }
}

/** A matcher of an event by name and, optionally, its record's id. */
export const named = (event: string, id?: number) => (e: Sse) => e.event === event && (id === undefined || e.data?.id === id)
