// The Fastify app: envelope and error handling, request ids, security headers, OpenAPI, health, every area's routes and the built console.
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify'
import swagger from '@fastify/swagger'
import { randomUUID } from 'node:crypto'
import { AppError, forbidden } from './errors'
import { httpMessage } from '../contract/messages'
import { validationError } from './http/validation'
import { registerRoutes, type AppDeps } from './http/route'
import { ALL_ROUTES } from './routes'
import { serveConsole } from './http/static'
import { registerSecurityHeaders } from './http/security'
import { validatorCompiler } from './http/validator'
import { authenticate } from './rbac/access'
import { OPENAPI_URL } from '../contract/endpoint'
import { attachHub, EventHub } from './events/hub'

export interface AppOptions { logger?: boolean | object }

const CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求体不是有效的 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求体不能为空',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求体过大',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求格式',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求体长度不正确',
}

export async function buildApp(deps: AppDeps, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    schemaErrorFormatter: (errors, dataVar) => validationError(errors as any, dataVar),
  })

  app.setValidatorCompiler(validatorCompiler())

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id)
  })
  await registerSecurityHeaders(app, deps.config)

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) return reply.status(err.code).send({ code: err.code, msg: err.message, data: err.data })
    const status = (err as FastifyError).statusCode ?? 500
    if (status >= 400 && status < 500) {
      const msg = CLIENT_ERRORS[(err as FastifyError).code] ?? httpMessage(status)
      return reply.status(status).send({ code: status, msg, data: null })
    }
    req.log.error({ err, reqId: req.id }, 'unhandled error')
    return reply.status(500).send({ code: 500, msg: `${httpMessage(500)}（请求编号 ${req.id}）`, data: null })
  })

  await app.register(swagger, {
    openapi: {
      info: { title: '后台管理系统 API', version: '1.0.0' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    },
  })

  // Live event streams: closed before the server waits for its connections to end, or it would wait forever.
  const events = new EventHub(deps.db, { heartbeatMs: deps.config.eventsHeartbeatMs, sessionIdle: deps.config.sessionIdle, log: app.log })
  attachHub(deps.db, events)
  app.addHook('preClose', async () => { await events.close() })

  registerRoutes(app, deps, ALL_ROUTES)

  // The API's map is for whoever runs the platform, not for anyone who can reach it.
  app.get(OPENAPI_URL, { schema: { hide: true } }, async (req) => {
    const caller = await authenticate(deps.db, deps.config, req, { menu: 'session', action: 'R' })
    if (!caller.isSuper) throw forbidden()
    return app.swagger()
  })
  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await deps.db.query('select 1')
      return { code: 200, msg: 'ok', data: { db: deps.db.kind } }
    } catch {
      return reply.status(503).send({ code: 503, msg: httpMessage(503), data: null })
    }
  })

  await serveConsole(app, deps.config.publicDir)
  return app
}
