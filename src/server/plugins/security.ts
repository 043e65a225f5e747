import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A strict CSP (no inline scripts; styles may be inline because React and the toast library set them). */
const helmetOptions: HelmetOptions = {
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
  // No referrer leaves for another site, and the shop's own form posts carry their real Origin:
  // under helmet's default `no-referrer` a browser sends `Origin: null` with a form's POST, which
  // the Origin rule (below) cannot tell from a sandboxed frame on another site (decision 044).
  referrerPolicy: { policy: 'same-origin' },
};

/** The options with one more origin a form may be sent to (or redirected to). */
function withFormTarget(options: HelmetOptions, origin: string): HelmetOptions {
  const csp = options.contentSecurityPolicy as { useDefaults: boolean; directives: Record<string, string[]> };
  return { ...options, contentSecurityPolicy: { ...csp, directives: { ...csp.directives, formAction: ["'self'", origin] } } };
}

/**
 * The hosts Google Analytics 4 and Meta Pixel load from and send to. The policy names them only
 * while the merchant has set that tool's ID; the shop's own code loads them only for a shopper who
 * accepted measurement (decision 047).
 */
const measurementHosts = {
  ga4: {
    scriptSrc: ['https://www.googletagmanager.com'],
    connectSrc: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
    imgSrc: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  },
  metaPixel: {
    scriptSrc: ['https://connect.facebook.net'],
    connectSrc: ['https://www.facebook.com', 'https://connect.facebook.net'],
    imgSrc: ['https://www.facebook.com'],
  },
} as const;

/** The options with the measurement tools' hosts added to the policy. */
function withMeasurement(options: HelmetOptions, tools: ReadonlyArray<keyof typeof measurementHosts>): HelmetOptions {
  if (!tools.length) return options;
  const csp = options.contentSecurityPolicy as { useDefaults: boolean; directives: Record<string, string[]> };
  const directives = { ...csp.directives };
  for (const tool of tools) for (const [name, hosts] of Object.entries(measurementHosts[tool])) directives[name] = [...(directives[name] ?? []), ...hosts];
  return { ...options, contentSecurityPolicy: { ...csp, directives } };
}

/**
 * The headers helmet sets with these options. They depend on nothing in the request (no nonces),
 * so helmet runs once, at start, and every answer gets the same object: computing them per
 * request was measurable plumbing on the busiest answers (issue 14).
 */
export function securityHeaders(options: HelmetOptions = helmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as never, response, (err?: unknown) => (failure = err));
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/**
 * True when a state-changing request's Origin names another site: a host other than the one the
 * request was sent to, or `null` (a sandboxed frame, a data: page, a redirect from another site).
 * A browser always sends Origin on such requests; a request without one is not a browser's form or
 * fetch from a page, and other checks (sessions, SameSite cookies) hold for it.
 */
export function crossSiteOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  let originHost: string | undefined;
  try {
    originHost = new URL(origin).host;
  } catch {
    originHost = undefined;
  }
  // The address the shopper used: X-Forwarded-Host only when it comes from a trusted proxy.
  return originHost !== request.host;
}

/** The addresses whose unsafe methods the Origin check covers: the API, and the script-less checkout form (decision 025). */
const checkedPath = (url: string): boolean => url.startsWith('/api/') || url === '/checkout' || url.startsWith('/checkout?');

/**
 * Security headers on every answer, and an Origin check on state-changing requests to the API and
 * the checkout form: a browser always sends Origin on those, so a foreign one is a cross-site
 * request, refused with the same 403 `bad_origin` wherever it was sent.
 */
async function security(app: FastifyInstance): Promise<void> {
  // The script-less checkout's form is answered with a redirect to Paymob's page, which the
  // browser holds to form-action too: Paymob's origin is allowed there when it is configured.
  const paymob = app.shop.config.paymob;
  const base = paymob ? withFormTarget(helmetOptions, new URL(paymob.apiUrl).origin) : helmetOptions;
  // One set of headers for each combination of measurement tools the merchant has turned on, made
  // when first needed. The settings as last read decide, without waiting for a read: a change
  // saved in another process shows here once this one reads the settings again (within a second).
  const headerSets = new Map<string, Record<string, string>>();
  const headersNow = () => {
    const ids = app.shop.settings.lastRead?.measurement;
    const tools = [...(ids?.ga4Id ? (['ga4'] as const) : []), ...(ids?.metaPixelId ? (['metaPixel'] as const) : [])];
    const key = tools.join();
    let headers = headerSets.get(key);
    if (!headers) headerSets.set(key, (headers = securityHeaders(withMeasurement(base, tools))));
    return headers;
  };
  // The first pages after a start get the measurement hosts too: the settings are read before them.
  app.addHook('onReady', async () => {
    await app.shop.settings.current().catch(() => undefined);
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersNow());
    if (!unsafeMethods.has(request.method) || !checkedPath(request.url)) return done();
    if (crossSiteOrigin(request)) return done(new AppError(403, 'bad_origin', 'This request came from another site.'));
    done();
  });
}

/** On the root instance (fastify-plugin): the headers and the Origin check cover every route. */
export default fp(security, { name: 'security' });
