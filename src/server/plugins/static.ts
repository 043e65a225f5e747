import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';
import { createPageRenderer, documentHtml, encodedDocument, localesVersionOf } from '../ssr.js';
import { acceptedEncoding } from '../encoding.js';
import type { CheckoutSubmission } from '../../shared/schemas/checkout.js';
import { checkoutForm } from './checkout-form.js';
import { warmPages } from './warm-pages.js';

const YEAR = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA (pictures are served by plugins/pictures.ts). Hashed assets, and translation
 * files asked for with the build's version (`?v=`, decision 028), are cached for a year; the HTML
 * and translation files asked for without it are revalidated on every visit so a deploy shows at
 * once. Any other GET that is not a file gets index.html (client-side routes); a missing asset or
 * image is a real 404 so a stale chunk fails loudly instead of parsing HTML as script.
 */
export interface StaticDirs {
  clientDir: string;
  ssrEntry?: string | undefined;
}

async function staticFiles(app: FastifyInstance, dirs: StaticDirs): Promise<void> {
  const indexFile = path.join(dirs.clientDir, 'index.html');
  const hasClient = fs.existsSync(indexFile);
  const html = hasClient ? fs.readFileSync(indexFile, 'utf8') : null;
  const version = html ? localesVersionOf(html) : null;
  /** A translation file asked for by this build's version: its address names its content. */
  const versioned = (url: string | undefined) => version !== null && url !== undefined && url.startsWith('/locales/') && url.endsWith(`?v=${version}`);

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: dirs.clientDir,
      prefix: '/',
      // `/` is a page like any other (below): the server may render it.
      index: false,
      // One route per built file, listed once at start (the build does not change while the shop
      // runs): a page address then goes straight to the not-found handler below. With a wildcard
      // route every page first had its path checked on disk (a readdir and a stat through the
      // thread pool, about 0.7 ms of a product page's CPU) to find no file.
      wildcard: false,
      setHeaders: (res, filePath) => {
        const forever = filePath.includes(`${path.sep}assets${path.sep}`) || versioned(res.request.url);
        res.header('Cache-Control', forever ? YEAR : 'no-cache');
      },
    });
  }
  const renderPage = html ? await createPageRenderer(app, dirs.ssrEntry, dirs.clientDir, html) : null;
  // In the background: the listen does not wait for it, and a failure only costs the warm start.
  if (renderPage)
    app.addHook('onReady', async () => {
      warmPages(app, app.shop.config.warmPages).catch((err: unknown) => app.log.warn({ err }, 'warming the page renderer failed'));
    });

  /** A page: rendered (kept or, for the visitor's own pages, per visit) or the plain index.html. */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, submission?: CheckoutSubmission, status?: number) => {
    const page = renderPage ? await renderPage(request, submission) : null;
    reply
      .status(status ?? page?.status ?? 200)
      // A visitor's own page (their cart, an order through its private link) is kept by no cache.
      .header('Cache-Control', page?.personal ? 'private, no-store' : 'no-cache')
      .header('Vary', 'Accept-Language, Cookie, Accept-Encoding')
      .type('text/html; charset=utf-8');
    // A kept page goes out in the bytes compressed for it once, not compressed again per request.
    const encoding = page?.status === 200 ? acceptedEncoding(request.headers['accept-encoding']) : null;
    if (page && encoding) return reply.header('Content-Encoding', encoding).send(encodedDocument(page, encoding));
    return reply.send(page ? documentHtml(page) : html);
  };
  // The static files' directory is not listed: its root is the home page.
  if (html) app.get('/', (request, reply) => sendPage(request, reply));
  // The checkout form posted without scripts (decision 025).
  if (html) await app.register(checkoutForm, { sendPage });

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api') {
      throw new AppError(404, 'not_found', `No API endpoint ${request.method} ${url}`);
    }
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(assets|images|uploads|locales)\//.test(url);
    if (!isPage || !html) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    }
    return sendPage(request, reply);
  });
}

/** On the root instance (fastify-plugin): its not-found handler answers for every unknown URL. */
export default fp(staticFiles, { name: 'static-files' });
