import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers with a strict CSP (no inline scripts; styles may be inline because React and
 * the toast library set them), and an Origin check on state-changing API requests: a browser
 * always sends Origin on those, so a foreign one is a cross-site request.
 */
async function security(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  app.addHook('onRequest', async (request) => {
    if (!unsafeMethods.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (!origin) return;
    // The address the shopper used: X-Forwarded-Host only when it comes from a trusted proxy.
    const host = request.host;
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw new AppError(403, 'bad_origin', 'This request came from another site.');
    }
    if (originHost !== host) throw new AppError(403, 'bad_origin', 'This request came from another site.');
  });
}

/** On the root instance (fastify-plugin): the headers and the Origin check cover every route. */
export default fp(security, { name: 'security' });
