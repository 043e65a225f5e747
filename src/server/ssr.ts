import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Resources, Texts } from '../shared/i18n/translator.js';
import { LRUCache } from 'lru-cache';
import { fallbackLanguage, languageDir, languages, type Language } from '../shared/domain/languages.js';
import { pageSearch } from '../shared/domain/page-params.js';
import { publicOrigin } from './public-origin.js';
import { requestLanguage } from './request-language.js';
import { compressOnce, type KeptEncoding } from './encoding.js';
import type { CheckoutSubmission } from '../shared/schemas/checkout.js';

/** What a personal page's render is given of the visit (the cart cookie, a refused checkout form). */
export interface VisitInput {
  cookies: Record<string, string | undefined>;
  submission: CheckoutSubmission | null;
}

/** The built module `vite build --ssr src/client/entry-server.tsx` writes. */
interface ServerEntry {
  /** The address's status (404 when no route matches) and whether the router marks its page as rendered on the server. */
  routeOf(url: URL): Promise<{ status: number; serverRendered: boolean; personal: boolean }>;
  render(
    url: URL,
    lng: string,
    resources: Resources,
    get: (path: string) => Promise<{ status: number; data: unknown }>,
    visit?: VisitInput,
  ): Promise<{ html: string; state: unknown } | { status: 404 } | null>;
}

/**
 * The page is readable without its scripts, so they wait (public/boot.js): the template's module
 * script, its preloads and the translation preloads become one small deferred loader that fetches
 * them once the page's main picture has painted, with the page's own translations (their
 * versioned address, decision 028). The loader also carries, in the page's language,
 * the texts it shows when the scripts never arrive (translation group `boot`; it runs before
 * i18next). Returns the template for a language.
 */
const MODULE_SCRIPT = /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>/;

export function deferScripts(template: string, resources: Resources = {}): (lng: string) => string {
  const entry = MODULE_SCRIPT.exec(template)?.[1];
  if (!entry) return () => template;
  const preloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
  const fetches = [...template.matchAll(/<link rel="preload" href="([^"]+)" as="fetch" crossorigin="anonymous" \/>/g)].map((m) => m[1]);
  const stripped = template
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
    .replace(/\s*<link rel="preload" href="[^"]+" as="fetch" crossorigin="anonymous" \/>/g, '');
  const bootTexts = (lng: string): Record<string, unknown> => (resources[lng]?.translation as { boot?: Record<string, unknown> } | undefined)?.boot ?? {};
  const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const version = localesVersionOf(template);
  // One template a language, made on its first page, not on every render.
  const made = new Map<string, string>();
  return (lng) => {
    const kept = made.get(lng);
    if (kept !== undefined) return kept;
    // The page's own translations, beside the scripts; and English, the fallback (the template's preload).
    const own = `/locales/${lng}/translation.json${version ? `?v=${version}` : ''}`;
    const fetchList = [...new Set([own, ...fetches])];
    const texts = { ...bootTexts(fallbackLanguage), ...bootTexts(lng) };
    const textAttributes = ['failed', 'retry', 'close']
      .filter((key) => typeof texts[key] === 'string')
      .map((key) => ` data-${key}="${attribute(texts[key] as string)}"`)
      .join('');
    const loader = `<script src="/boot.js" defer data-entry="${entry}" data-preload="${preloads.join(' ')}" data-fetch="${fetchList.join(' ')}"${textAttributes}></script>`;
    const shell = stripped.replace(MODULE_SCRIPT, () => loader);
    made.set(lng, shell);
    return shell;
  };
}

/**
 * The translation files' version the build put on index.html's translation preload
 * (vite.config.ts): the browser asks for `/locales/{lng}/{ns}.json?v=<it>`. Null for a template
 * without it.
 */
export const localesVersionOf = (template: string): string | null => /href="\/locales\/[^"?]+\.json\?v=([\w-]+)"/.exec(template)?.[1] ?? null;

/** `<` and the line separators cannot close or break the JSON block the state travels in. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * A page's full HTML and its status (404 for an unknown product, still shown by the browser), with
 * its compressed forms made once for all the requests the kept page answers (`encodedDocument`).
 * A kept page holds its brotli bytes instead of its text (`keptForm`).
 */
export interface RenderedDocument {
  /** The text; absent on a kept page, which has its brotli bytes instead (`documentHtml`). */
  html?: string;
  status: number;
  /** The visitor's own page (their cart, an order): never kept by this server or any cache. */
  personal?: boolean;
  encoded?: Partial<Record<KeptEncoding, Buffer>>;
}

/** The document's text: as rendered, or made again from a kept page's brotli bytes (a client that takes no compression). */
export function documentHtml(document: RenderedDocument): string {
  if (document.html !== undefined) return document.html;
  const br = document.encoded?.br;
  if (!br) throw new Error('a rendered document has neither its text nor its brotli bytes');
  return zlib.brotliDecompressSync(br).toString('utf8');
}

/** The document's bytes in `encoding`, compressed on the first request that asks and kept with it. */
export function encodedDocument(document: RenderedDocument, encoding: KeptEncoding): Buffer {
  document.encoded ??= {};
  return (document.encoded[encoding] ??= compressOnce(documentHtml(document), encoding));
}

/**
 * What the page cache holds of a rendered page: its brotli bytes (what nearly every browser takes),
 * outside V8's heap, and not its text (decision 020). A kept 40 KB text lived in the old generation
 * until the page left the cache, so every new page a busy shop rendered pushed V8 toward its next
 * full collection (which slowed the requests around it: at 100,000 products, 10-15 pages in a row at
 * 20-45 ms instead of 8); the text dies young now. A client without brotli gets gzip made from these
 * bytes (kept too), or the text made again.
 */
function keptForm(document: RenderedDocument | null): RenderedDocument | null {
  if (!document || document.status !== 200 || document.html === undefined) return document;
  return { status: document.status, encoded: { br: compressOnce(document.html, 'br') } };
}

const SUSPENSE_START = '<!--$-->';
const FAILED_BOUNDARY = '<!--$!-->';
/**
 * A rendered page is kept at most this long: an offer that ends by the clock, or a settings change
 * made by another process that this one has not yet heard of, shows within a minute.
 */
const PAGE_TTL_MS = 60_000;

/** A rendered page as kept, with the products it shows and what it shows of their stock. */
interface KeptPage {
  document: RenderedDocument | null;
  productIds: number[];
  shownStock: string;
}

/** The product ids in an answer of the product API (a listing's items, or one product). */
function productIdsOf(path: string, body: unknown): number[] {
  if (!path.startsWith('/api/products') || !body || typeof body !== 'object') return [];
  const data = body as { id?: unknown; items?: Array<{ id?: unknown }> };
  const ids = data.items ? data.items.map((p) => p.id) : [data.id];
  return ids.filter((id): id is number => typeof id === 'number');
}

/** Renders a page request; a refused checkout form (`submission`) is shown again on its page. */
export type PageRenderer = (request: FastifyRequest, submission?: CheckoutSubmission) => Promise<RenderedDocument | null>;

/**
 * Loads the server entry and the translations. Returns a function that turns a page request into
 * the full HTML document, or null when the page is not server-rendered (the plain index.html is
 * then sent). A render that throws is logged and falls back to the plain page.
 */
export async function createPageRenderer(
  app: FastifyInstance,
  entryFile: string | undefined,
  clientDir: string,
  template: string,
): Promise<PageRenderer | null> {
  if (!entryFile || !fs.existsSync(entryFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const resources: Resources = {};
  for (const lng of languages) {
    const file = path.join(clientDir, 'locales', lng, 'translation.json');
    resources[lng] = { translation: JSON.parse(fs.readFileSync(file, 'utf8')) as Texts };
  }
  const shell = deferScripts(template, resources);
  const { catalog, config } = app.shop;

  /** A GET of this very app, in process, through its routes (the same checks and answers as over HTTP). */
  const injected = async (path: string): Promise<{ status: number; data: unknown }> => {
    const res = await app.inject({ method: 'GET', url: path, headers: { accept: 'application/json' } });
    let data: unknown = res.body;
    try {
      data = res.body ? JSON.parse(res.body) : null;
    } catch {
      /* not JSON: the render sees the text */
    }
    return { status: res.statusCode, data };
  };
  /**
   * The settings answer every render asks for, kept for the page version it was read at: a change
   * the merchant saves moves that version (`contentChanged('settings')`), so the next render asks
   * again. It saves every render an in-process request (about 1 ms here).
   */
  let settings: { version: string; answer: Promise<{ status: number; data: unknown }> } | null = null;
  const settingsAt = (version: string) => {
    if (settings?.version !== version) {
      const kept = { version, answer: injected('/api/settings') };
      settings = kept;
      // A failed answer is not kept: the next render asks again.
      void kept.answer.then((answer) => {
        if (answer.status !== 200 && settings === kept) settings = null;
      });
    }
    return settings.answer;
  };

  /**
   * The render's queries, answered by `injected` (the settings by `settingsAt` the page's version);
   * the product ids they show are noted in `shown`.
   */
  const inProcessGet =
    (shown: Set<number>, version: string) =>
    async (path: string): Promise<{ status: number; data: unknown }> => {
      if (path === '/api/settings') return settingsAt(version);
      const answer = await injected(path);
      if (answer.status === 200) for (const id of productIdsOf(path, answer.data)) shown.add(id);
      return answer;
    };

  /**
   * A render costs tens of milliseconds; the same page is the same HTML until an admin changes the
   * content or an offer starts or ends (both are in the key, `pageVersion`), what the page shows of a product's stock changes (checked
   * on every hit), or PAGE_TTL_MS passes. The key is what the page depends on: content version,
   * language, public origin, path and the query parameters pages read (pageSearch); never the
   * session, cart or tracking parameters, which the server's render does not see. Orders, sign-ins
   * and other writes do not empty it. Bounded in entries and bytes, least recently used first out.
   */
  const pages = new LRUCache<string, KeptPage>({
    max: 1000,
    maxSize: 96 * 1024 * 1024,
    // Its brotli bytes, and room for the gzip form a client may ask for (about 1.3 times them); a
    // not-found page holds the template, which every page shares.
    sizeCalculation: (page) => Math.ceil((page.document?.encoded?.br?.length ?? 0) * 2.5) + 256,
    ttl: PAGE_TTL_MS,
  });
  /** Renders under way, so a burst of requests for a page that just went stale renders it once. */
  const rendering = new Map<string, Promise<KeptPage>>();

  return async (request, submission) => {
    const given = new URL(request.url, 'http://shop.internal');
    const route = await entry
      .routeOf(new URL(given.pathname + given.search, publicOrigin(request, config)))
      .catch(() => ({ status: 200, serverRendered: false, personal: false }));
    if (!route.serverRendered) {
      // Browser-rendered, but an address no route knows still answers 404 (the browser shows why).
      return route.status === 404 ? { html: template, status: 404 } : null;
    }
    const lng = requestLanguage(request, given.searchParams.get('lng') ?? undefined);
    const version = await catalog.pageVersion();
    if (route.personal) {
      // The visitor's own page (decision 025): its whole address (an order's token) and cookies, never kept.
      const own = new URL(given.pathname + given.search, publicOrigin(request, config));
      const document = await renderDocument(request, own, lng, inProcessGet(new Set(), version), { cookies: request.cookies, submission: submission ?? null });
      return document && { ...document, personal: true };
    }
    const query = pageSearch(given.search).toString();
    const url = new URL(given.pathname + (query ? `?${query}` : ''), publicOrigin(request, config));
    const key = `${version}|${lng}|${url.href}`;
    const kept = pages.get(key);
    if (kept && (await catalog.shownStockOf(kept.productIds)) === kept.shownStock) return kept.document;
    let pending = rendering.get(key);
    if (!pending) {
      pending = (async () => {
        const shown = new Set<number>();
        const document = keptForm(await renderDocument(request, url, lng, inProcessGet(shown, version)));
        const productIds = [...shown];
        const page: KeptPage = { document, productIds, shownStock: await catalog.shownStockOf(productIds) };
        pages.set(key, page);
        return page;
      })().finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return (await pending).document;
  };

  async function renderDocument(
    request: FastifyRequest,
    url: URL,
    lng: Language,
    get: Parameters<ServerEntry['render']>[3],
    visit?: VisitInput,
  ): Promise<RenderedDocument | null> {
    let page: Awaited<ReturnType<ServerEntry['render']>>;
    try {
      page = await entry.render(url, lng, resources, get, visit);
    } catch (err) {
      request.log.error({ err, url: request.url }, 'server render failed; sending the browser-rendered page');
      return null;
    }
    if (!page) return null;
    // The browser shows the not-found page; the status tells search engines.
    if ('status' in page) return { html: template, status: page.status };
    // A component that threw on the server leaves a client-rendered boundary with its error text.
    if (page.html.includes(FAILED_BOUNDARY)) {
      request.log.error(
        { url: request.url, error: /data-msg="([^"]*)"/.exec(page.html)?.[1] },
        'part of the server render failed; sending the browser-rendered page',
      );
      return null;
    }
    return { html: assembleDocument(shell(lng), lng, url.origin, page.html, page.state), status: 200 };
  }
}

/**
 * Puts a render into the page template: language and direction on <html>, the render's head tags
 * (title, description, preloads) into <head> in place of the template's defaults, its body into
 * #root (with the origin its absolute URLs were made from), its state, serialised by `jsonForHtml`,
 * into an inert JSON block (not executable, so the CSP holds). The translations it was rendered with
 * are not in the page: the loader fetches them beside the scripts, from an address the browser
 * keeps (decision 028). Every insertion is a replacer function, never a
 * replacement string, so no shop text (`$&`, `` $` ``, `$'`) can copy parts of the document.
 */
export function assembleDocument(template: string, lng: Language, origin: string, rendered: string, state: unknown): string {
  // React hoists the page's <title>, <meta> and image preloads to the front of its output.
  const split = rendered.indexOf(SUSPENSE_START);
  const head = split > 0 ? rendered.slice(0, split) : '';
  const body = split > 0 ? rendered.slice(split) : rendered;
  let html = template.replace('<html lang="en" dir="ltr">', () => `<html lang="${lng}" dir="${languageDir(lng)}">`);
  // The app's manifest in the page's language (its name and direction when installed from here).
  html = html.replace('href="/manifest.webmanifest"', () => `href="/manifest.webmanifest?lng=${lng}"`);
  if (head.includes('<title>')) html = html.replace(/<title>[^<]*<\/title>/, '');
  if (head.includes('name="description"')) html = html.replace(/<meta\s+name="description"[^>]*\/?>/, '');
  html = html.replace('</head>', () => `${head}</head>`);
  return html.replace(
    /<div id="root">[\s\S]*?<\/div>\s*<\/div>/,
    () =>
      `<div id="root" data-lng="${lng}" data-origin="${origin}">${body}</div><script type="application/json" id="server-state">${jsonForHtml(state)}</script>`,
  );
}
