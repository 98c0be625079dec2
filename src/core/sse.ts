// A Server-Sent Events parser for text arriving in arbitrary chunks (fetch + ReadableStream): blocks end at a blank
// line; `event:` names the event (default "message"), `data:` lines join with newlines; comment lines (":") and blocks
// without data are heartbeats. CRLF and CR line ends are accepted, as the format allows.
export interface SseMessage { event: string; data: string }

export function sseParser(onMessage: (m: SseMessage) => void, onComment: () => void = () => undefined): (chunk: string) => void {
  let buf = ''
  let event = ''
  let data: string[] = []
  const line = (l: string) => {
    if (l === '') {
      if (data.length) onMessage({ event: event || 'message', data: data.join('\n') })
      event = ''
      data = []
      return
    }
    if (l.startsWith(':')) return onComment()
    const colon = l.indexOf(':')
    const field = colon < 0 ? l : l.slice(0, colon)
    const value = colon < 0 ? '' : l.slice(colon + 1).replace(/^ /, '')
    if (field === 'event') event = value
    else if (field === 'data') data.push(value)
  }
  return (chunk) => {
    buf += chunk
    for (let m = /\r\n|\r|\n/.exec(buf); m; m = /\r\n|\r|\n/.exec(buf)) {
      // A lone CR at the end may be the first half of a CRLF still on its way.
      if (m[0] === '\r' && m.index === buf.length - 1) break
      line(buf.slice(0, m.index))
      buf = buf.slice(m.index + m[0].length)
    }
  }
}
