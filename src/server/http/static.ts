// Serves the built console from the same origin: hashed assets under /static, and index.html for the app's routes.
// Every GET here also answers HEAD (same status and headers, no body).
import type { FastifyInstance, FastifyReply } from 'fastify'
import fastifyStatic from '@fastify/static'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { httpMessage } from '../../contract/messages'
import { CONSOLE_ROOT } from '../../contract/menus'

/** The app's own routes: the shell answers 200 for them; any other page path gets the app's 404 page. */
const SHELL_ROUTES = ['/', '/login', '/403', CONSOLE_ROOT, `${CONSOLE_ROOT}/*`]
const NOT_PAGES = /^\/(api|common|static)(\/|$)/

export async function serveConsole(app: FastifyInstance, publicDir: string): Promise<void> {
  const indexPath = join(publicDir, 'index.html')
  const index = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null
  if (existsSync(join(publicDir, 'static'))) {
    await app.register(fastifyStatic, {
      root: join(publicDir, 'static'), prefix: '/static/', maxAge: '365d', immutable: true, index: false,
    })
  }
  const favicon = join(publicDir, 'favicon.svg')
  if (existsSync(favicon)) {
    const svg = readFileSync(favicon)
    app.get('/favicon.svg', { schema: { hide: true } }, (_req, reply) => reply.type('image/svg+xml').send(svg))
  }
  const shell = (reply: FastifyReply, status: number) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index)
  // GET routes also answer HEAD (Fastify's exposeHeadRoutes).
  if (index) for (const url of SHELL_ROUTES) app.get(url, { schema: { hide: true } }, (_req, reply) => shell(reply, 200))
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0]
    // Unknown paths still get the app (which shows its 404 page), with the honest status.
    if ((req.method === 'GET' || req.method === 'HEAD') && !NOT_PAGES.test(path) && index) return shell(reply, 404)
    return reply.status(404).send({ code: 404, msg: httpMessage(404), data: null })
  })
}
