// Security headers on every answer (@fastify/helmet): a strict content policy for the console, no framing, nosniff,
// no referrer, HSTS only behind a trusted proxy that saw HTTPS, and no-store on every API answer.
import type { FastifyInstance } from 'fastify'
import helmet from '@fastify/helmet'
import type { Config } from '../config'

/** The console's content policy: everything from its own origin, nothing inline, images also as data: URIs. */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
}

const HSTS = { maxAge: 365 * 24 * 3600, includeSubDomains: true }
const API = /^\/(api|common)(\/|\?|$)/

export async function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'trustProxy'>): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    // Sent below only when the request is known to have arrived over HTTPS.
    strictTransportSecurity: false,
  })
  // req.protocol reads X-Forwarded-Proto only when TRUST_PROXY is set; otherwise it is the socket's own (http here).
  if (config.trustProxy) {
    app.addHook('onRequest', async (req, reply) => {
      if (req.protocol === 'https') reply.helmet({ strictTransportSecurity: HSTS })
    })
  }
  app.addHook('onSend', async (req, reply) => {
    if (API.test(req.url)) reply.header('cache-control', 'no-store')
  })
}
