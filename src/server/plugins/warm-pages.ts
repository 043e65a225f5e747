import type { FastifyInstance } from 'fastify';
import { languages } from '../../shared/domain/languages.js';

/** The pause between two warming renders: a shopper's request asked meanwhile goes first. */
const PAUSE_MS = 5;

/**
 * Renders the home page, the shop page and `count` products' pages once the catalogue is in, in the
 * background, one at a time, through the shop's own routes (`app.inject`), in turn in every
 * language (decision 020). V8 compiles the renderer's code (React's server renderer, the routes'
 * loaders, brotli's tables) over its first hundred or so renders: measured at 100,000 products, the
 * first 50 product pages after a start took 15-90 ms each instead of 8, so the first shoppers after
 * every deploy or restart paid for it. The products are taken in turn from the first in the default
 * order and the best rated: a page with reviews runs code a page without runs nothing of (the
 * reviews' part, their structured data), and the first ten such pages after a start took 20-40 ms.
 * The pages rendered are kept as any other. Stops when the process drains; a render that fails is
 * left to the shopper's request to log.
 */
export async function warmPages(app: FastifyInstance, count: number): Promise<number> {
  if (count <= 0 || (await app.shop.catalog.health()) !== 'ok') return 0;
  // The listing API gives at most 100 a page: so many products at most.
  const firstOf = async (sort: string): Promise<number[]> => {
    const listing = await app.inject({ method: 'GET', url: `/api/products?sort=${sort}&pageSize=${Math.min(100, count)}` });
    return listing.statusCode === 200 ? (listing.json() as { items: Array<{ id: number }> }).items.map((p) => p.id) : [];
  };
  const [first, bestRated] = await Promise.all([firstOf('default'), firstOf('rating')]);
  const ids = new Set<number>();
  for (let i = 0; ids.size < count && (i < first.length || i < bestRated.length); i++) {
    if (i < first.length) ids.add(first[i]!);
    if (i < bestRated.length && ids.size < count) ids.add(bestRated[i]!);
  }
  const urls = ['/', '/shop-grid-standard', ...[...ids].map((id) => `/product/${id}`)];
  let rendered = 0;
  for (const [i, url] of urls.entries()) {
    if (app.shop.draining) break;
    const lng = languages[i % languages.length]!;
    await app.inject({ method: 'GET', url: `${url}?lng=${lng}`, headers: { accept: 'text/html', 'accept-encoding': 'br' } }).catch(() => undefined);
    rendered += 1;
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  return rendered;
}
