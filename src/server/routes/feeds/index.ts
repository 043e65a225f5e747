import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedQuery } from '../../../shared/schemas/params.js';
import { feedEtag, productFeed, type FeedFormat } from '../../feeds/product-feeds.js';
import { notModified } from '../../http-cache.js';
import { publicOrigin } from '../../public-origin.js';

const types: Record<FeedFormat, string> = { google: 'application/xml; charset=utf-8', meta: 'text/csv; charset=utf-8' };

// The product feeds (decision 045) are text, not JSON: no response schema. Merchant Center and
// Meta fetch them on a schedule; an unchanged feed is answered 304 to a matching If-None-Match.
// Building one costs seconds of CPU at 100,000 products: 30 fetches per address in 10 minutes
// leave a scheduler (8 feeds, a few fetches a day) room and keep one address from looping on them.
const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = (url: string, format: FeedFormat) =>
    app.get(url, { config: { rateLimit: { max: 30, timeWindow: '10 minutes' } }, schema: { querystring: feedQuery } }, async (request, reply) => {
      const feed = { format, lng: request.query.lng, origin: publicOrigin(request, app.shop.config), now: new Date() };
      const etag = await feedEtag(app.shop, feed);
      reply.header('ETag', etag).header('Cache-Control', 'public, max-age=0, must-revalidate').type(types[format]);
      if (notModified(request.headers['if-none-match'], etag)) return reply.status(304).send();
      if (request.method === 'HEAD') return reply.send();
      return reply.send(Readable.from(productFeed(app.shop, feed)));
    });
  route('/feeds/google.xml', 'google');
  route('/feeds/meta.csv', 'meta');
};

export default feedRoutes;
