import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, lngQuery } from '../../../shared/schemas/params.js';
import { notFound } from '../../errors.js';
import { requestLanguage } from '../../request-language.js';
import { productQuerySchema, productSchema, productSuggestQuerySchema, productSuggestionsSchema } from '../../../shared/schemas/product.js';
import { acceptedEncoding } from '../../encoding.js';

const productRoutes: FastifyPluginAsyncZod = async (app) => {
  // The answer is JSON text (or its brotli/gzip bytes) the catalogue keeps per listing and sends
  // as is, so no per-request serializer runs: the catalogue builds it from a typed ProductList.
  // Sent already compressed, so @fastify/compress has nothing to do on this route.
  app.get('/api/products', { compress: false, schema: { querystring: productQuerySchema } }, async (request, reply) => {
    const query = request.query;
    const lng = requestLanguage(request, query.lng);
    const answer = await app.shop.catalog.queryEncoded(lng, query, acceptedEncoding(request.headers['accept-encoding']));
    // A full search is counted once, on its first page; suggestions never are.
    if (query.q && query.page === 1) app.shop.searchStats.record(lng, query.q, answer.total);
    reply.header('Vary', 'Accept-Encoding').type('application/json; charset=utf-8');
    if (answer.encoding) reply.header('Content-Encoding', answer.encoding);
    return reply.send(answer.body);
  });

  // Search as you type: cheap per keystroke (kept per normalised query and language until the
  // catalogue changes), and never counted in search statistics.
  app.get('/api/products/suggest', { schema: { querystring: productSuggestQuerySchema, response: { 200: productSuggestionsSchema } } }, async (request) => {
    const items = await app.shop.catalog.suggest(requestLanguage(request, request.query.lng), request.query.q);
    return { items };
  });

  app.get('/api/products/:id', { schema: { params: idParams, querystring: lngQuery, response: { 200: productSchema } } }, async (request) => {
    const product = await app.shop.catalog.product(request.params.id, requestLanguage(request, request.query.lng));
    if (!product) throw notFound('product_not_found', 'This product does not exist or is no longer sold.');
    return product;
  });
};

export default productRoutes;
