// One admin's Server-Sent Events stream on the raw response (the route has hijacked the reply): `event:` + `data:`
// lines per event, comment lines as heartbeats. A client that stops reading is cut off rather than buffered forever.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Viewer } from './viewers'

/** What a stream may hold unread before it is closed (the console reconnects and starts from fresh counts). */
const MAX_BUFFERED = 1 << 20

export class Stream {
  /** The counts last sent (JSON), so unchanged counts are not sent again. */
  lastCounts: string | null = null
  private ended = false

  constructor(private readonly reply: FastifyReply, public viewer: Viewer) {}

  /** Takes over the response: status, headers (the security headers already set on the reply) and the retry hint. */
  static open(req: FastifyRequest, reply: FastifyReply, viewer: Viewer, onGone: (s: Stream) => void): Stream {
    reply.hijack()
    const s = new Stream(reply, viewer)
    req.socket.setNoDelay(true)
    const set = Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined) as [string, string | number | string[]][]
    reply.raw.writeHead(200, {
      ...Object.fromEntries(set),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
      'x-request-id': req.id,
    })
    reply.raw.write('retry: 3000\n\n')
    reply.raw.on('close', () => { s.ended = true; onGone(s) })
    return s
  }

  get open(): boolean {
    return !this.ended && !this.reply.raw.writableEnded && !this.reply.raw.destroyed
  }

  send(event: string, data: unknown): void {
    this.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
  }

  comment(text: string): void {
    this.write(`: ${text}\n\n`)
  }

  close(): void {
    if (this.ended) return
    this.ended = true
    this.reply.raw.end()
  }

  private write(text: string): void {
    if (!this.open) return
    if (this.reply.raw.writableLength > MAX_BUFFERED) {
      this.reply.raw.destroy()
      return
    }
    this.reply.raw.write(text)
  }
}
