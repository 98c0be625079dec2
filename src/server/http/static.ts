// Serves the built console from the same origin: hashed assets under /static, and index.html for the app's routes.
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { httpMessage } from '../../contract/messages'

const SHELL = /^\/($|login$|403$|layout(\/|$))/

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
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0]
    const isApi = path.startsWith('/api/') || path.startsWith('/common/') || path.startsWith('/static/')
    if (req.method === 'GET' && !isApi && index) {
      // Unknown paths still get the app (which shows its 404 page), with the honest status.
      return reply.status(SHELL.test(path) ? 200 : 404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index)
    }
    return reply.status(404).send({ code: 404, msg: httpMessage(404), data: null })
  })
}
