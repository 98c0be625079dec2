// GET /api/events: the caller's live stream (the route layer has checked the session; the hub filters each event).
import { route } from '../http/route'
import { events } from '../../contract/api/events'
import { hubOf } from './hub'

export default [
  route(events.stream, async (ctx) => {
    await hubOf(ctx.root).open(ctx.caller, ctx.req, ctx.reply)
    // The reply is hijacked: what a handler answers is no longer sent.
    return undefined as never
  }),
]
